import { formatShowDates } from "#domain/dates/show-dates.ts";
import type { ClassDoubt } from "#domain/imports/class-list-doubts.ts";
import type { ReadNote } from "#domain/imports/read-notes.ts";

/**
 * What the class-list import preview says about what it read (issue 23): doubtful lines, joined lines,
 * sessions, pages left out, dates outside the show's. Server, client and tests import these words.
 */
export const prizeListTexts = {
  checkLine: "Check this line",
  looksRight: "It is right",
  looksRightLabel: (i: number) => `Class ${i} is right as read`,
  doubt: {
    "unsure-reading": "The reading of this line is unsure.",
    "out-of-sequence": "Its number is out of order.",
    "repeated-number": "Its number is already used above.",
    "run-together": "It may be two classes run together.",
    "weekday-mismatch": "Its session's weekday does not fit the date in any nearby year.",
    "line-below-unread": "The line under it was not read with it: check that its name is whole.",
    "outside-dates": "Its date is outside the show's dates.",
  } satisfies Record<ClassDoubt | "outside-dates", string>,
  /** How surely the whole list was read: every line the preview does not mark was read surely. */
  readSurely: (sure: number, total: number, marked: number) =>
    `${sure} of ${total} lines read surely; check the ${marked} marked`,
  nothingToCheck: "Nothing looked doubtful. Still, compare it with the page.",
  joinedFrom: (n: number) => `Joined from ${n} lines`,
  noSession: "Classes without a session",
  sessionHeading: (name: string, date: string | null, time: string | null) =>
    [name, date, time].filter(Boolean).join(" · "),
  noClassesFound: "No classes found",
  textRead: "The text that was read",
  pagesRead: (read: number, total: number) => `Read the first ${read} of ${total} pages.`,
  /** What went wrong with the reading as a whole, and what was read (issue 37). */
  note: (note: ReadNote): string => {
    if (note.kind === "turned") {
      return note.degrees === 180
        ? "The page was upside down: it was turned round and read."
        : "The page was on its side: it was turned and read.";
    }
    if (note.kind === "blurred") {
      return `The photo is blurred or too dark: only ${note.sure} of ${note.lines} lines could be read surely. Take it again closer, steadier and in good light, or check every line.`;
    }
    return note.lines === 0
      ? "No text was found in the file: it does not look like a class list. Nothing was saved."
      : `No class list was found in the file: ${note.lines} ${note.lines === 1 ? "line was" : "lines were"} read, none of them a numbered class. Nothing was saved.`;
  },
  showDates: (start: string, end: string) =>
    start === end
      ? `The new show is dated ${start}, from its classes.`
      : `The new show runs ${start} to ${end}, from its classes' dates.`,
  noClassDates: "No class has a date, so the new show starts today; change its dates in Show Management.",
  /** Dates as the rest of the app writes them ("Sat, May 15, 2027"), from the stored YYYY-MM-DD. */
  outsideDates: (number: string, date: string, start: string, end: string) =>
    `Class ${number} is dated ${formatShowDates(date, date)}, outside the show's dates (${formatShowDates(start, end)}). Change the class's date or the show's.`,
  classDate: (i: number) => `Date of class ${i}`,
  putBack: "Put back as a class",
  putBackLabel: (line: string) => `Put back as a class: ${line}`,
  putBackCheck: "Put back from a line that was not read: check its number and name against the page.",
} as const;

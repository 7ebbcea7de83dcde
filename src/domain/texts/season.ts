/**
 * The season's words (issue 25): conflict warnings, the month calendar and the printed barn schedule.
 * The server writes the warnings; lazy screens use the rest. Nothing on a first-load path imports this
 * module except the few words of the List/Calendar switch, which live in shell.ts.
 */

export interface OtherClass {
  showName: string;
  number: string;
  name: string;
  ring: string;
  /** "7:42 PM CDT", when its session has a time. */
  time: string | null;
  /** "Nov 28 – Dec 1, 2026". */
  showDates: string;
  sameShow: boolean;
}

const classWords = (c: OtherClass) => `class ${c.number} ${c.name}`;
const where = (c: OtherClass) => (c.sameShow ? c.ring : `${c.ring}, ${c.showName}`);

export const seasonTexts = {
  print: {
    open: "Print schedule",
    title: (show: string) => `Schedule: ${show}`,
    mine: "My entries",
    barn: "Whole barn",
    whose: "Whose entries",
    large: "Large type",
    print: "Print",
    download: "Download PDF",
    back: "Back to the show",
    printed: (day: string) => `Printed ${day}`,
    scan: "Scan to open the show in Ringside",
    columns: {
      number: "Class",
      name: "Class name",
      horse: "Horse",
      rider: "Rider",
      owner: "Owner",
      time: "Est. time",
    },
    noSession: "Classes",
    sessionHeading: (name: string, time: string | null, ring: string | null) =>
      [name || "Classes", time, ring].filter(Boolean).join(" · "),
    noEntries: "You have no entries at this show, so there is nothing to print.",
    noBarnEntries: "Your barn has no entries at this show, so there is nothing to print.",
    notYourBarn: "You can print only your own barn's schedule.",
    loadFailed: "Could not load the schedule.",
    pdfFileName: (show: string) =>
      `${show.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "schedule"}-schedule.pdf`,
  },
  calendar: {
    label: (month: string) => `Shows in ${month}`,
    previous: "Previous month",
    next: "Next month",
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    more: (n: number) => `+${n} more`,
    moreLabel: (n: number, day: string) => `${n} more shows on ${day}`,
    today: "Today",
    mine: "Your entries",
    day: (day: string, shows: readonly { name: string; mine: boolean }[], today: boolean) =>
      [
        day,
        today ? "today" : null,
        shows.length === 0
          ? "no shows"
          : `${shows.length === 1 ? "1 show" : `${shows.length} shows`}: ${shows
              .map((s) => (s.mine ? `${s.name} (your entries)` : s.name))
              .join(", ")}`,
      ]
        .filter(Boolean)
        .join(", "),
    noShows: "No shows on this day.",
    loadFailed: "Could not load the calendar.",
    truncated: "This month has more shows than the calendar can show; narrow the filters.",
    keyboardHint: "Arrow keys move by day, Page Up and Page Down by month, Enter lists the day's shows.",
  },
  conflicts: {
    label: "Conflict",
    horseTwoShows: (horse: string, other: OtherClass) =>
      `${horse} is also entered at ${other.showName} that day (${classWords(other)}).`,
    tooClose: (subject: "horse" | "rider", name: string, other: OtherClass, before: boolean) =>
      subject === "horse"
        ? `${name} is also in ${classWords(other)}, ${before ? "the class before" : "the class after"} this one in the same session: no time to change tack.`
        : `${name} also rides in ${classWords(other)}, ${before ? "the class before" : "the class after"} this one in the same session: no time to change clothes.`,
    rings: (subject: "horse" | "rider", name: string, other: OtherClass) =>
      subject === "horse"
        ? `${name} is also in ${classWords(other)} in ${where(other)} at ≈ ${other.time}, the same time as this class.`
        : `${name} also rides in ${classWords(other)} in ${where(other)} at ≈ ${other.time}, the same time as this class.`,
    showsOverlap: (other: OtherClass) =>
      `You also have entries at ${other.showName} (${other.showDates}), whose dates overlap this show's (${classWords(other)}).`,
    someHorse: "This horse",
    someRider: "The rider",
  },
} as const;

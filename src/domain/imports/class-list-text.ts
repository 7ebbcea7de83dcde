import { type ClassDoubt, findDoubts } from "#domain/imports/class-list-doubts.ts";
import {
  headerNumberLines,
  LOWER_CASE_REST,
  MAX_RUNNING_ON_LINES,
  nameUpToNextClass,
  nextInOrder,
  priceEndsEntry,
  wrapWidths,
} from "#domain/imports/class-list-entries.ts";
import {
  classStart,
  cleanName,
  cutRunTogether,
  type HeadingParts,
  hasNoWord,
  isFurniture,
  joinWrapped,
  looksLikeNameWords,
  normaliseLine,
  PRICE_AT_END,
  parenthesisOpen,
  REGISTRATION_NOTE,
  runsOnAtEnd,
  sessionHeading,
  shortTail,
  splitTrailingSession,
} from "#domain/imports/class-list-lines.ts";
import { hasNoClassWord } from "#domain/imports/class-name-words.ts";
import { resolveDateWithoutYear, weekdayNumber } from "#domain/imports/dates-without-year.ts";
import { type ShowDays, showDaysFrom, weekdaySessionDate } from "#domain/imports/show-days.ts";

/**
 * Turns the text of a printed class list (OCR output or a PDF's text layer) into classes.
 *
 * A prize list is a title, some header lines, then classes in running order under session headings,
 * with page furniture in between. Each text line is one of:
 * - a **class line**: a class number ("30", "36A", "59E", "2a", "Class 12", "No. 7", "*30") then the name;
 * - a **continuation** of the class above (a name wrapped onto a second or third line): directly under a
 *   line that was full (as long as the list's longest lines) and made of name words, or under a line that
 *   visibly runs on (a trailing comma or "&", an open parenthesis), or itself a parenthetical note;
 * - a **session heading** ("THURSDAY EVENING — 7:00 P.M.", "Saturday Morning Session 9 AM", "Thursday AM
 *   (Aug 21)"): its name, date and start time go with the classes under it;
 * - **furniture**, left out: page numbers, prize money, "Registration Required" notes, column headers,
 *   addresses of the web, phone numbers, entry and admission notes;
 * - anything else: the first such line before any class is taken as the show's name, the rest are
 *   returned as `unplaced`, never glued onto a class, so a person can see what was not read;
 * - a line longer than any a prize list prints (a PDF's text layer may hold one of 100,000 characters) is
 *   read by no rule: some rules try every place in a line, and such a line held the server 6 s. It is
 *   returned as `unplaced`, its first LONGEST_LINE characters, and stands for a blank line between others.
 *
 * A date printed without a year takes the year the caller gives, or else the year its weekday matches
 * (dates-without-year.ts). Every class says which lines it was read from and what about it is doubtful.
 */

export interface ParsedSession {
  /** As printed, without its date and start time: "Thursday AM", "THURSDAY EVENING", "Wed PM". */
  name: string;
  /** yyyy-mm-dd, when the heading prints a date. */
  date?: string;
  /** HH:MM on a 24-hour clock, when the heading prints a start time. */
  startTime?: string;
}

export interface ParsedClass {
  /** As printed, suffix upper-cased: "30", "36A", "59E", "2A". */
  number: string;
  name: string;
  /** yyyy-mm-dd: the session's date, when it has one. */
  date: string | null;
  /** The session heading above (or a session code printed after the name). */
  session: ParsedSession | null;
  /** The lines the class was read from, as printed: more than one when a wrapped name was joined. */
  lines: string[];
  /** Why a person should check this class before it is used (empty when nothing is doubtful). */
  doubts: ClassDoubt[];
}

/** Where a line not read was printed: after which class (-1: before any) and under which session. */
export interface UnplacedPlace {
  after: number;
  session: ParsedSession | null;
}

export interface ClassListText {
  showName: string | null;
  classes: ParsedClass[];
  unplaced: string[];
  /** Per line of `unplaced`, where it was printed: the preview can put it back there as a class. */
  unplacedAt: UnplacedPlace[];
}

export interface ClassListTextOptions {
  /** The admin's calendar day (yyyy-mm-dd): dates printed without a year are read from it. */
  today?: string;
  /** The year the list is for, when the caller knows it: dates printed without a year take it. */
  year?: number;
  /** Lines the reader was unsure of (OCR's low-confidence lines), as printed. */
  unsureLines?: ReadonlySet<string>;
}

/** What the lines below say about where the entry ends (class-list-entries.ts). */
interface EntryEnd {
  priceEndsEntry: boolean;
  nameUpToNextClass: boolean;
}

interface Current {
  parsed: ParsedClass;
  lastLine: string;
  extraLines: number;
}

/** A class name may run over this many extra lines. */
const MAX_CONTINUATION_LINES = 3;

/** The class's name so far visibly runs on: its last line ends so, or a parenthesis is still open. */
const runningOn = (current: Current) => runsOnAtEnd(current.lastLine) || parenthesisOpen(current.parsed.name);
const maxExtraLines = (current: Current, below?: EntryEnd) =>
  runningOn(current) || below?.priceEndsEntry || below?.nameUpToNextClass
    ? MAX_RUNNING_ON_LINES
    : MAX_CONTINUATION_LINES;
/** A line at least this share of the list's longest class line is "full": its name may wrap. */
const FULL_LINE = 0.7;
/** A "class name" starting so is the end of the name above ("6 and Under", "17 & Over"). */
const JOINED_ON = /^(?:and|or|&|under|over|to)\b/;
const CONNECTOR_START = /^(?:[(&,]|(?:and|or|on|of|for|with)\b)/;

const pad = (n: number) => String(n).padStart(2, "0");

function isoDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

interface Session {
  session: ParsedSession;
  weekdayMismatch: boolean;
  /** The printed weekday, 0–6. */
  weekday: number | null;
}

/** What dates a heading without a full date: the show's days in the header, the session above. */
interface DateContext {
  show: ShowDays | null;
  previous: string | null;
}

function sessionFrom(heading: HeadingParts, options: ClassListTextOptions, context: DateContext): Session {
  const session: ParsedSession = { name: heading.name };
  if (heading.startTime) session.startTime = heading.startTime;
  const p = heading.printed;
  let weekdayMismatch = false;
  let date: string | null = null;
  const weekday = weekdayNumber(heading.weekday);
  if (!p && weekday !== null) {
    const show = context.show && options.year ? { ...context.show, year: options.year } : context.show;
    date = weekdaySessionDate(weekday, show, context.previous, options.today);
  }
  if (p) {
    const year = p.year ?? options.year ?? context.show?.year ?? null;
    if (year !== null) date = isoDate(year, p.month, p.day);
    else if (options.today) {
      const resolved = resolveDateWithoutYear(
        { month: p.month, day: p.day, weekday: weekdayNumber(heading.weekday) },
        options.today,
      );
      date = resolved.date;
      weekdayMismatch = resolved.weekdayMismatch;
    }
  }
  if (date) session.date = date;
  return { session, weekdayMismatch, weekday };
}

/** A line opening with a lone S, § or $ and a name's capitalised word: a 5 OCR read as a letter. */
const FIVE_AS_LETTER = /^[S§$]\.?\s+(?=[A-Z][a-z])/;

/** Whether `line` continues the class above rather than being a line of its own. */
function continues(
  current: Current | null,
  line: string,
  afterBlank: boolean,
  width: number,
  below: EntryEnd,
): boolean {
  // A narrow column wraps a long name over more lines ("113- Owner-" + "Amateur" + "Youth Riders" + "12-14
  // Years" + "on Walking" + "Mares or" + "Geldings $500 Added"): as many as a name that visibly runs on
  // may take, when the lines below end the entry (its premium, or the next class in running order).
  if (!current || current.extraLines >= maxExtraLines(current, below)) return false;
  // A class has one premium: a line printing its own after an entry that printed one is an entry of its
  // own (a ruled table's row whose number OCR lost: "4 Year Old Open, Canter $78" + "O/A English … $200").
  if (PRICE_AT_END.test(line) && current.parsed.lines.some((l) => PRICE_AT_END.test(l))) return false;
  if (runningOn(current) || CONNECTOR_START.test(line)) return true;
  if (afterBlank) return false;
  // A name's words that run on themselves ("Class, Youth Division,") are no heading, footer or name of
  // their own.
  const named = cleanName(line);
  if (runsOnAtEnd(named) && /^[A-Za-z(]/.test(named) && !/\d{3}/.test(named)) return true;
  // A wrapped name's first line is full; its later lines may be short where the printer moved a word
  // down, and its last few words may be in lower case ("req.", "walk, running walk").
  const full =
    current.lastLine.length >= FULL_LINE * width ||
    current.extraLines > 0 ||
    (below.priceEndsEntry && !PRICE_AT_END.test(current.lastLine)) ||
    below.nameUpToNextClass;
  // Its prize money ("... Optional Tack ....$50/$30/$20") is no part of what it says.
  const words = cleanName(line);
  return (
    full && words !== "" && (looksLikeNameWords(words) || shortTail(words) || LOWER_CASE_REST.test(words))
  );
}

/** Longer than two columns of a prize list read as one line (the corpus's longest is 181 characters). */
export const LONGEST_LINE = 400;

export function parseClassListText(text: string, options: ClassListTextOptions): ClassListText {
  const classes: ParsedClass[] = [];
  const header: string[] = [];
  const unplaced: string[] = [];
  const unplacedAt: UnplacedPlace[] = [];
  const mismatched = new Set<ParsedClass>();
  const sessionStarts = new Set<ParsedClass>();
  const followedByUnread = new Set<ParsedClass>();
  let session: Session | null = null;
  let sessionIsNew = false;
  let headingText = "";
  let current: Current | null = null;
  let blankSince = false;
  // Two classes OCR read as one line across a gutter are cut apart again, each marked for a person.
  const cutLines = new Set<string>();
  const unsureLines = new Set(options.unsureLines);
  const lines: string[] = [];
  // By index in `lines`, where each stands as a blank line: its beginning, for a person.
  const tooLong = new Map<number, string>();
  for (const raw of text.split(/\r\n|\r|\n/)) {
    if (raw.length > LONGEST_LINE) {
      tooLong.set(lines.length, `${raw.slice(0, LONGEST_LINE)}…`);
      lines.push("");
      continue;
    }
    const line = normaliseLine(raw);
    const parts = cutRunTogether(line);
    if (parts.length > 1)
      for (const part of parts) {
        cutLines.add(part);
        if (unsureLines.has(line)) unsureLines.add(part);
      }
    lines.push(...parts);
  }
  const widths = wrapWidths(lines);
  // The header runs to the first class: a first heading there ("Saturday, June 20, 2009") dates the show.
  const inHeader = headerNumberLines(lines);
  const firstBody = lines.findIndex((l, i) => !inHeader.has(i) && classStart(l) !== null);
  const dates: DateContext = {
    show: showDaysFrom(lines.slice(0, firstBody < 0 ? lines.length : firstBody)),
    previous: null,
  };

  // A line no rule took; before any class and session, a header line (one may name the show), unless too long.
  const notRead = (line: string, long = false) => {
    if (current) followedByUnread.add(current.parsed);
    current = null;
    if (classes.length === 0 && session === null && !long) header.push(line);
    else {
      unplaced.push(line);
      unplacedAt.push({ after: classes.length - 1, session: session?.session ?? null });
    }
  };

  for (const [index, line] of lines.entries()) {
    const width = widths[index]!;
    const long = tooLong.get(index);
    if (long !== undefined) notRead(long, true);
    if (line === "") {
      blankSince = true;
      continue;
    }
    const afterBlank = blankSince;
    blankSince = false;
    const runsOn = current !== null && runsOnAtEnd(current.lastLine);
    if (isFurniture(line) && !(runsOn && REGISTRATION_NOTE.test(line))) continue;

    // A heading OCR read in two pieces ("Saturday" + "Night — 6:30 P.M."), or printed twice (a table's
    // caption under the header's date line), before any class: one session, with all it printed.
    // A tail has words ("Night — 6:30 P.M.", "P.M."), not only a number OCR read from a class line ("14-").
    const tail =
      session && sessionIsNew && !classStart(line) && /[A-Za-z]{2}|\b[ap]\.\s?m\b/i.test(line)
        ? sessionHeading(`${headingText} ${line}`)
        : null;
    const heading = tail ?? sessionHeading(line);
    if (heading) {
      const next = sessionFrom(heading, options, dates);
      if (session && sessionIsNew && !tail && weekdayNumber(heading.weekday) === session.weekday) {
        next.session.date ??= session.session.date;
        next.session.startTime ??= session.session.startTime;
        if (next.session.date === undefined) delete next.session.date;
        if (next.session.startTime === undefined) delete next.session.startTime;
      }
      // A name still running on where a heading comes ("… Within 90 Days,") lost its last line: checked.
      if (current && runningOn(current)) followedByUnread.add(current.parsed);
      session = next;
      headingText = tail ? `${headingText} ${line}` : line;
      dates.previous = session.session.date ?? dates.previous;
      sessionIsNew = true;
      current = null;
      continue;
    }

    let read = inHeader.has(index) ? null : classStart(line);
    // "S Youth 17 & Under …" straight under class 4: class 5, its 5 read as a letter and its mark lost (a
    // photo read across its gutter). Taken as that class, marked for a person like a line cut in two.
    if (!read && current && nextInOrder(current.parsed.number, "5") && FIVE_AS_LETTER.test(line)) {
      read = classStart(line.replace(FIVE_AS_LETTER, "5. "));
      if (read) cutLines.add(line);
    }
    // "5S. Open Amateur…" after class 4: its 5 read twice, once as an S (corpus s13, s08). A class lettered
    // S is rarer than that misreading where the number without it comes next in running order.
    const echoed = read && /^(\d+)S$/.exec(read.number);
    const previous = classes.at(-1)?.number;
    if (read && echoed && previous && nextInOrder(previous, echoed[1]!))
      read = { ...read, number: echoed[1]! };
    // A line OCR was unsure of whose name holds no word of a name ("8 WesomikeShod m0") or no word a class
    // name is made of ("8. Socoiry Plemsre Wk Haves, Opelocal") is no class: it is listed for a person,
    // never glued to the class above.
    const refused =
      read !== null && unsureLines.has(line) && (hasNoWord(read.name) || hasNoClassWord(read.name));
    const start = refused ? null : read;
    // "…Adult," + "18 and Over, Canter": a name that visibly runs on takes the next line even if it starts with a number.
    // "…Ponies, Riders" + "6 and Under": a number that goes on with a joining word ends the name above.
    // "…Optional Tack," + "31 Youth Equitation": the next class in running order is a class of its own.
    const joinedOn = start !== null && JOINED_ON.test(start.name);
    const ownClass =
      start !== null &&
      !joinedOn &&
      (nextInOrder(current?.parsed.number ?? "", start.number) || cutLines.has(line));
    const runsOnHere =
      current !== null &&
      current.extraLines < maxExtraLines(current) &&
      ((runsOn && !ownClass) || (!afterBlank && joinedOn));
    if (start && !runsOnHere) {
      const trailing = start.trailingSession;
      const parsed: ParsedClass = {
        number: start.number,
        name: start.name,
        date: trailing ? null : (session?.session.date ?? null),
        session: trailing ? { name: trailing } : (session?.session ?? null),
        lines: [line],
        doubts: [],
      };
      if (!trailing && session?.weekdayMismatch) mismatched.add(parsed);
      if (sessionIsNew) sessionStarts.add(parsed);
      sessionIsNew = false;
      classes.push(parsed);
      current = { parsed, lastLine: line, extraLines: 0 };
      continue;
    }

    const below = {
      priceEndsEntry: priceEndsEntry(lines, index),
      nameUpToNextClass: current !== null && nameUpToNextClass(lines, index, current.parsed.number),
    };
    if (!refused && continues(current, line, afterBlank, width, below) && current) {
      const trailing = splitTrailingSession(line);
      current.parsed.name = cleanName(joinWrapped(current.parsed.name, trailing.text));
      current.parsed.lines.push(line);
      if (trailing.session) {
        current.parsed.session = { name: trailing.session };
        current.parsed.date = null;
      }
      current.lastLine = line;
      current.extraLines++;
      continue;
    }
    notRead(line);
  }

  const doubts = findDoubts(classes, {
    mismatched,
    sessionStarts,
    followedByUnread,
    unsureLines,
    cutLines,
  });
  classes.forEach((c, i) => {
    c.doubts = doubts[i]!;
  });
  const showName =
    header.find((l) => SHOW_WORDS.test(l)) ?? header.find((l) => /[A-Za-z]{3}/.test(l)) ?? null;
  const headerLines = header.filter((l) => l !== showName);
  return {
    showName,
    classes,
    unplaced: [...headerLines, ...unplaced],
    unplacedAt: [...headerLines.map(() => ({ after: -1, session: null })), ...unplacedAt],
  };
}

const SHOW_WORDS = /\b(?:show|celebration|jubilee|classic|championships?|fair|festival|expo|horse)\b/i;

/**
 * Turns the text of a printed class list (OCR output or a PDF's text layer) into classes.
 *
 * A prize list is a title, some header lines, then classes in running order under session headings,
 * with page furniture in between. Each text line is one of:
 * - a **class line**: a class number ("30", "36A", "59E", "2a", "Class 12", "No. 7", "*30") then the name;
 * - a **continuation** of the class above (a name wrapped onto a second or third line);
 * - a **session heading** ("Thursday AM (Aug 21)", "Fri PM", "Saturday, June 20 - 6:00 PM"): the classes
 *   under it get its date when one can be read (the year comes from the caller);
 * - **furniture**, left out: page numbers, prize money, "Registration Required" notes, column headers,
 *   addresses of the web, phone numbers, entry and admission notes;
 * - anything else: the first such line before any class is taken as the show's name, the rest are
 *   returned as `unplaced` so a person can see what was not understood.
 *
 * OCR separates paragraphs with blank lines, and a wrapped name stays in its paragraph, so a line
 * directly under a class continues it; after a blank line it continues it only when one of the two
 * lines visibly runs on (a trailing comma or "&", an open parenthesis, a lower-case start…).
 */

export interface ParsedClass {
  /** As printed, suffix upper-cased: "30", "36A", "59E", "2A". */
  number: string;
  name: string;
  /** yyyy-mm-dd from the session heading above, when it carries a readable date. */
  date: string | null;
  /** The session heading above (or a trailing session code such as "Wed PM"), as printed. */
  session: string | null;
}

export interface ClassListText {
  showName: string | null;
  classes: ParsedClass[];
  unplaced: string[];
}

export interface ClassListTextOptions {
  /** The year the list is for: session headings print a month and day only. */
  year: number;
}

/** A class name may run over this many extra lines. */
const MAX_CONTINUATION_LINES = 3;

const WEEKDAY =
  "(?:monday|mon|tuesday|tues|tue|wednesday|wed|thursday|thurs|thur|thu|friday|fri|saturday|sat|sunday|sun)";
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

const SESSION_HEADING = new RegExp(
  `^(?:(?:session|day)\\s*\\d+\\s*[-:,.]?\\s*)?(?:(?:first|second|third|final|opening|closing|last)\\s+)?${WEEKDAY}\\.?(?=[\\s,(:-]|$)(.*)$`,
  "i",
);
/** Words a session heading may carry besides its weekday and date. */
const SESSION_WORDS =
  /\b(?:am|pm|a\.m\.|p\.m\.|morning|afternoon|evening|night|matinee|session|start|starts|begins|at|noon)\b/gi;
const MONTH_DAY =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s*(\d{4})\b)?/i;
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?\b/;
const TIME = /\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?(?=\W|$)/gi;

/** "30 Name", "30. Name", "30) Name", "30 - Name", "Class 36A: Name", "No. 7 Name", "#12 Name". */
const CLASS_LINE =
  /^(?:class\s+|no\.?\s*|#\s*)?((?:[0-9]|[Il|](?=[0-9]))[0-9OoIl|]{0,3}[a-z]?)(?:[.):]|\s+[-–])?\s+(.+)$/i;
/** A trailing session code on a class line, as in a division-ordered schedule ("All Day Pleasure  Wed PM"). */
const TRAILING_SESSION = new RegExp(`\\s+(${WEEKDAY}\\.?\\s+(?:am|pm))$`, "i");
const MONEY = /\$\s?\d[\d,]*(?:\.\d{2})?/;
/** Prize money at the end of a class line, with its dot leaders and words ("$500 Added", "$100-75-50"). */
const MONEY_TAIL =
  /[\s.…·_]*(?:\(?\s*\$\s?\d[\d,]*(?:\.\d{2})?(?:\s*[-/]\s*\$?\s?\d[\d,]*)*\s*(?:added|purse|premiums?|prize money|guaranteed|stake)?\s*\)?)+\s*$/i;
const DOT_LEADER = /\s*[.…·_]{3,}\s*$/;

const FURNITURE: RegExp[] = [
  /^page\s*\d+(?:\s*(?:of|\/)\s*\d+)?$/i,
  /^[-–]\s*\d+\s*[-–]$/,
  /^\d+\s+of\s+\d+$/i,
  /^\(?\s*registration\s+required\.?\s*\)?$/i,
  /^\(?\s*(?:continued|cont'd|cont\.)\s*\)?$/i,
  /^(?:class(?:es)?\s*(?:no\.?|#|number)(?:\s*class)?(?:\s*(?:name|description))?|class(?:es)?\s+(?:name|description)|no\.?\s+class(?:\s+name)?)$/i,
  /^(?:prize\s+list|class\s+(?:schedule|list|sheet)|schedule\s+of\s+classes|order\s+of\s+classes|official\s+(?:program|prize\s+list))$/i,
  /(?:www\.|https?:\/\/|\S+@\S+\.\w|\(\d{3}\)\s*\d{3}[-.\s]\d{4}|\b\d{3}[-.]\d{3}[-.]\d{4}\b)/i,
  /^(?:entries|entry\s+fees?|post\s+entries|admission|gates?\s+open|sanctioned|affiliated|judges?\b|ringmaster|announcer|show\s+(?:manager|secretary|chairman)|secretary|stabling|stalls|farrier|veterinarian|office|all\s+classes|rules|notes?\b|trophies|ribbons)/i,
];

/** OCR reads 0 as O and 1 as l, I or |, mostly inside numbers. */
function ocrDigits(token: string): string {
  return token.replace(/[Oo]/g, "0").replace(/[Il|]/g, "1");
}

function normaliseLine(raw: string): string {
  return raw
    .replace(/[\u00a0\t]/g, " ")
    .replace(/[‘’`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[—]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[•·*|»>]+\s*/, "")
    .replace(/\s*\|+$/, "")
    .trim();
}

const isFurniture = (line: string) =>
  FURNITURE.some((re) => re.test(line)) || (MONEY.test(line) && !/[a-z]{3,}/i.test(stripMoneyWords(line)));

/** A line of prize money keeps no word of its own once the money words are gone. */
function stripMoneyWords(line: string): string {
  return line
    .replace(/\$\s?\d[\d,]*(?:\.\d{2})?/g, " ")
    .replace(
      /\b(?:premiums?|purse|added|prize|money|paid|places?|each|per|class|classes|guaranteed|stake|to|and|first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|trophy|ribbons?)\b/gi,
      " ",
    );
}

const pad = (n: number) => String(n).padStart(2, "0");

function isoDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The date a heading names, if any: "Aug 21", "August 21st, 2025", "8/21", "8/21/25". */
export function readHeadingDate(text: string, year: number): string | null {
  const named = MONTH_DAY.exec(text);
  if (named) {
    const month = MONTHS.indexOf(named[1]!.toLowerCase().slice(0, 3)) + 1;
    return isoDate(named[3] ? Number(named[3]) : year, month, Number(named[2]));
  }
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const y = numeric[3] ? Number(numeric[3].length === 2 ? `20${numeric[3]}` : numeric[3]) : year;
    return isoDate(y, Number(numeric[1]), Number(numeric[2]));
  }
  return null;
}

/** A session heading is a weekday with nothing else but times, dates and session words. */
function sessionHeading(line: string): string | null {
  const match = SESSION_HEADING.exec(line);
  if (!match) return null;
  const rest = (match[1] ?? "")
    .replace(MONTH_DAY, " ")
    .replace(NUMERIC_DATE, " ")
    .replace(TIME, " ")
    .replace(SESSION_WORDS, " ")
    .replace(/[\s,()[\]:.\-–&]+/g, "");
  return rest === "" ? line : null;
}

interface ClassStart {
  number: string;
  name: string;
  session: string | null;
}

function classStart(line: string): ClassStart | null {
  const match = CLASS_LINE.exec(line);
  if (!match) return null;
  const token = ocrDigits(match[1]!);
  const digits = token.replace(/[a-z]$/i, "");
  const number = digits + token.slice(digits.length).toUpperCase();
  // "2025 Tennessee Walking Horse National Celebration" is a title, not class 2025.
  if (/^(?:19|20)\d\d$/.test(number)) return null;
  const rest = match[2]!.trim();
  if (!/^[A-Za-z0-9("'"]/.test(rest) || !/[A-Za-z]{2}/.test(rest)) return null;
  const trailing = splitTrailingSession(rest);
  const name = cleanName(trailing.text);
  return name ? { number, name, session: trailing.session } : null;
}

function splitTrailingSession(text: string): { text: string; session: string | null } {
  const trailing = TRAILING_SESSION.exec(text);
  return trailing ? { text: text.slice(0, trailing.index), session: trailing[1]! } : { text, session: null };
}

function cleanName(name: string): string {
  return name.replace(MONEY_TAIL, "").replace(DOT_LEADER, "").replace(/\s+/g, " ").trim();
}

const CONNECTOR_END = /(?:[,&/(-]|\b(?:and|or|on|of|for|with|the|in|to|at|by))$/i;
const CONNECTOR_START = /^(?:[a-z(&,]|(?:and|or|on|of|for|with)\b)/;

function unbalanced(text: string): boolean {
  return (text.match(/\(/g)?.length ?? 0) > (text.match(/\)/g)?.length ?? 0);
}

const runsOnAtEnd = (previous: string) => CONNECTOR_END.test(previous) || unbalanced(previous);
const runsOn = (previous: string, line: string) => runsOnAtEnd(previous) || CONNECTOR_START.test(line);

/** Joins a wrapped name: a word broken at a hyphen ("Five-" + "Year-Old") is joined without a space. */
function joinWrapped(previous: string, line: string): string {
  return /[A-Za-z]-$/.test(previous) ? `${previous}${line}` : `${previous} ${line}`;
}

const SHOW_WORDS = /\b(?:show|celebration|jubilee|classic|championships?|fair|festival|expo|horse)\b/i;

export function parseClassListText(text: string, options: ClassListTextOptions): ClassListText {
  const classes: ParsedClass[] = [];
  const header: string[] = [];
  const unplaced: string[] = [];
  let session: { label: string; date: string | null } | null = null;
  let current: { parsed: ParsedClass; extraLines: number } | null = null;
  let blankSince = false;

  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = normaliseLine(raw);
    if (line === "") {
      blankSince = true;
      continue;
    }
    const afterBlank = blankSince;
    blankSince = false;
    if (isFurniture(line)) continue;

    const heading = sessionHeading(line);
    if (heading) {
      session = { label: heading, date: readHeadingDate(heading, options.year) };
      current = null;
      continue;
    }

    const start = classStart(line);
    // "…Adult," + "18 and Over, Canter": a name that visibly runs on takes the next line even if it starts with a number.
    const runsOnHere =
      current !== null && current.extraLines < MAX_CONTINUATION_LINES && runsOnAtEnd(current.parsed.name);
    if (start && !runsOnHere) {
      const parsed: ParsedClass = {
        number: start.number,
        name: start.name,
        date: start.session ? null : (session?.date ?? null),
        session: start.session ?? session?.label ?? null,
      };
      classes.push(parsed);
      current = { parsed, extraLines: 0 };
      continue;
    }

    if (
      current &&
      current.extraLines < MAX_CONTINUATION_LINES &&
      (!afterBlank || runsOn(current.parsed.name, line))
    ) {
      const trailing = splitTrailingSession(line);
      current.parsed.name = cleanName(joinWrapped(current.parsed.name, trailing.text));
      if (trailing.session) {
        current.parsed.session = trailing.session;
        current.parsed.date = null;
      }
      current.extraLines++;
      continue;
    }
    current = null;
    if (classes.length === 0 && session === null) header.push(line);
    else unplaced.push(line);
  }

  const showName =
    header.find((l) => SHOW_WORDS.test(l)) ?? header.find((l) => /[A-Za-z]{3}/.test(l)) ?? null;
  return {
    showName,
    classes,
    unplaced: [...header.filter((l) => l !== showName), ...unplaced],
  };
}

import { mendMisreadWords } from "#domain/imports/class-name-words.ts";

/**
 * What one line of a printed class list is (class-list-text.ts reads a whole list with these): a class
 * line, a session heading, page furniture, or something else. Pure.
 */

const WEEKDAY =
  "(?:monday|mon|tuesday|tues|tue|wednesday|wed|thursday|thurs|thur|thu|friday|fri|saturday|sat|sunday|sun)";
export const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

const SESSION_HEADING = new RegExp(
  `^(?:(?:session|day)\\s*\\d+\\s*[-:,.]?\\s*)?(?:(?:first|second|third|final|opening|closing|last)\\s+)?(${WEEKDAY})\\.?(?=[\\s,(:-]|$)(.*)$`,
  "i",
);
/** Words a session heading may carry besides its weekday and date. */
const SESSION_WORDS =
  /\b(?:am|pm|a\.m\.|p\.m\.|morning|afternoon|evening|night|matinee|session|start|starts|begins|at|noon)\b/gi;
export const MONTH_DAY =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s*(\d{4})\b)?/i;
export const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?\b/;
const TIME_LIKE = /\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?(?=\W|$)/gi;
/** A clock time as printed: "7:00 P.M.", "9 AM", "3:00 pm", "19:30". */
const CLOCK =
  /(?:\b(?:at|@)\s*)?\b(\d{1,2})(?::(\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?(?=\W|$)(?:\s*(?:start|starts))?/gi;

/**
 * "30 Name", "30. Name", "30) Name", "30 - Name", "Class 36A: Name", "No. 7 Name", "#12 Name", and "11, Name"
 * (OCR's reading of "11." on a photo; a comma before a number, "11, 12 & 13", is a range in a name), and
 * "S6." / "§3." / "$8." (a 5 OCR read as a letter: only before one more digit and a full stop).
 */
const CLASS_LINE =
  /^(?:class\s*|no\.?\s*|#\s*)?((?:[0-9]|[Il|](?=[0-9])|[Ss§$](?=[0-9][.)]\s))[0-9OoIl|]{0,3}[a-z]?)([.):\-–]|,(?=\s+[A-Z])|\s+[-–])?\s+(.+)$/i;
/**
 * "4 Year Old Open", "4 Yr. & Under": an age that starts a name whose class number OCR lost, or the end of a
 * name wrapped before it, not class 4 "Year Old Open".
 */
const AGE_NOT_NUMBER = /^\d{1,2}\s+(?:years?|yrs?)\.?(?:[\s-]+old\b|\s*(?:&|and)\s*(?:under|over)\b)/i;
/** A trailing session code on a class line, as in a division-ordered schedule ("All Day Pleasure  Wed PM"). */
const TRAILING_SESSION = new RegExp(`\\s+(${WEEKDAY}\\.?\\s+(?:am|pm))$`, "i");
const MONEY = /\$\s?\d[\d,]*(?:\.\d{2})?/;
/**
 * Prize money at the end of a class line, with its dot leaders, a spaced dash before it and its words ("$500 Added",
 * "$100-75-50", and "$2.500 Added": OCR's reading of "$2,500"; "$50 / $30 / S20": of "$20").
 */
const MONEY_TAIL =
  /(?:\s+[-–])?[\s.…·_]*(?:\(?\s*\$\s?\d[\d,]*(?:\.\d{3})*(?:\.\d{2})?(?:\s*[-/]\s*[$S]?\s?\d[\d,]*)*\s*(?:added|purse|premiums?|prize money|guaranteed|stake)?\s*\)?)+\s*$/i;
const DOT_LEADER = /\s*[.…·_]{3,}\s*$/;
/** A line that ends with a class's premium ("… Years and Over $50/$30/ $20", "$1,500 Added"): the end of its entry. */
export const PRICE_AT_END = /\$\s?\d[\d,.]*(?:\s*[-/]\s*%?[$S]?\s?\d[\d,.]*)*\s*(?:added)?\s*\)?$/i;

/** "Registration Required" on a line of its own: a note, or the end of a name wrapped after a comma. */
export const REGISTRATION_NOTE = /^\(?\s*registration\s+required\.?\s*\)?$/i;

const FURNITURE: RegExp[] = [
  /^page\s*\d+(?:\s*(?:of|\/)\s*\d+)?$/i,
  /^[-–]\s*\d+\s*[-–]$/,
  /^\d+\s+of\s+\d+$/i,
  REGISTRATION_NOTE,
  /^\(?\s*(?:continued|cont'd|cont\.)\s*\)?$/i,
  /^(?:class(?:es)?\s*(?:no\.?|#|number)(?:\s*class)?(?:\s*(?:name|description))?|class(?:es)?\s+(?:name|description)|no\.?\s+class(?:\s+name)?)$/i,
  /^(?:prize\s+list|class\s+(?:schedule|list|sheet)|schedule\s+of\s+classes|order\s+of\s+classes|official\s+(?:program|prize\s+list))$/i,
  /(?:www\.|https?:\/\/|\S+@\S+\.\w|\(\d{3}\)\s*\d{3}[-.\s]\d{4}|\b\d{3}[-.]\d{3}[-.]\d{4}\b)/i,
  // An area code and what OCR made of the number after it: "(615) S5-01R0" in a dim photo's footer.
  /\(\d{3}\)\s*[\dA-Z]{2,3}-[\dA-Z]{3,4}\b/,
  // A sponsor's line under a class ("sponsored by Smith Farms"), whole or as OCR split it.
  /^(?:sponsored|courtesy\s+of|compliments\s+of)\b|\bsponsored\s+by\b|^by\s+[A-Z]|^sp[a-z]{4,8}\s+by\s/i,
  // …misread further in a dim photo ("xpomored by", "spomaeed by: …"): a lower-case word in "-ed", then "by".
  /^[a-z]{4,9}ed\s+by:?\s/,
  /^(?:intermission|entries|entry\s+fees?|post\s+entries|admission|gates?\s+open|sanctioned|affiliated|judges?\b|ringmaster|announcer|show\s+(?:manager|secretary|chairman)|secretary|stabling|stalls|farrier|veterinarian|office|all\s+classes|rules|notes?\b|trophies|ribbons)/i,
];

/** OCR reads 0 as O, 1 as l, I or |, mostly inside numbers, and a leading 5 as S, § or $. */
function ocrDigits(token: string): string {
  return token
    .replace(/^[Ss§$]/, "5")
    .replace(/[Oo]/g, "0")
    .replace(/[Il|]/g, "1");
}

export function normaliseLine(raw: string): string {
  return (
    raw
      .replace(/[\u00a0\t]/g, " ")
      .replace(/[‘’`]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/[—]/g, "-")
      .replace(/\s+/g, " ")
      // A ruled table's rule OCR read as a mark of its own between cells ("10 | Elite Owner-Amateur … |
      // $50"): no word is a lone bar or bracket.
      .replace(/(?<=^|\s)[|[\]]+(?=\s|$)/g, "")
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^[•·*|»>]+\s*/, "")
      // Specks read before a class number in a photo: ". 3 Amateur…", "S$ 5 Youth…", "© 3. 3 Year Old…".
      .replace(
        /^(?:[^A-Za-z0-9\s(#]{1,3}|[A-Za-z][^A-Za-z0-9\s]{1,2})\s+(?=[0-9Il|][0-9OoIl|]{0,3}[a-z]?(?:[.):]?\s+[A-Z(]|[.):]\s+\d))/,
        "",
      )
      .replace(/\s*\|+$/, "")
      // A speck or two of the table beside the page read before a numbered line ("E 1. Owner…", "3 3. Youth…").
      .replace(/^\S{1,2}\s+(?=\d{1,3}[A-Za-z]?[.)]\s+[A-Z(])/, "")
      // A speck read as a quote after a class number's full stop: '12." Juvenile…'.
      .replace(/^(\d{1,3}[A-Za-z]?\.)["'](?=\s+[A-Z(])/, "$1")
      // OCR's "{" for a parenthesis opening a line: "{pads not to exceed 1 inch thick)".
      .replace(/^\{(?=[a-z])/, "(")
      // A dash after a class number's full stop: "37.- Walking Horse Championship Stake".
      .replace(/^(\d{1,3}[A-Za-z]?\.)-(?=\s+[A-Z(])/, "$1")
      // A brace read from a speck at a line's end ("Saturday Night, June 27 — 6 PM }"): lists print none.
      .replace(/\s+[{}]+$/, "")
      // OCR's ";" for the comma before a heading's date: "Saturday Morning; June 27".
      .replace(/;(?=\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)/i, ",")
      .trim()
  );
}

/** A line of prize money keeps no word of its own once the money words are gone. */
function stripMoneyWords(line: string): string {
  return line
    .replace(/\$\s?\d[\d,]*(?:\.\d{2})?/g, " ")
    .replace(
      /\b(?:premiums?|purse|added|prize|money|paid|places?|each|per|class|classes|guaranteed|stake|to|and|first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|trophy|ribbons?)\b/gi,
      " ",
    );
}

export const isFurniture = (line: string) =>
  FURNITURE.some((re) => re.test(line)) || (MONEY.test(line) && !/[a-z]{3,}/i.test(stripMoneyWords(line)));

export interface HeadingParts {
  /** The heading as printed without its date and start time: "Thursday AM", "THURSDAY EVENING". */
  name: string;
  weekday: string;
  /** The date as printed: month and day, and the year when one is printed. */
  printed: { month: number; day: number; year: number | null } | null;
  /** HH:MM, 24-hour. */
  startTime: string | null;
}

/** The printed date in a heading: "Aug 21", "August 21st, 2025", "8/21", "8/21/25". */
export function printedDate(text: string): HeadingParts["printed"] {
  const named = MONTH_DAY.exec(text);
  if (named) {
    const month = MONTHS.indexOf(named[1]!.toLowerCase().slice(0, 3)) + 1;
    return { month, day: Number(named[2]), year: named[3] ? Number(named[3]) : null };
  }
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const year = numeric[3] ? Number(numeric[3].length === 2 ? `20${numeric[3]}` : numeric[3]) : null;
    return { month: Number(numeric[1]), day: Number(numeric[2]), year };
  }
  return null;
}

/**
 * The first real clock time in a heading, as HH:MM: "7:00 P.M." → 19:00, "9 AM" → 09:00, "noon" → 12:00;
 * an evening or night session's "7:00" is 19:00. A number that is not a time ("25:00", a bare "9") is not
 * taken, and stays part of the heading's text, but for a bare hour that ends a heading after its part of
 * the day ("Thursday Morning Session 8", where OCR lost the "AM"; "Friday Night at 7").
 */
function periodHourAtEnd(text: string, m: RegExpMatchArray): boolean {
  const before = text.slice(0, m.index);
  const after = text.slice((m.index ?? 0) + m[0].length);
  return /\b(?:morning|afternoon|evening|night|session)\s*$/i.test(before) && after.trim() === "";
}

function startTimeOf(text: string): { time: string; match: string } | null {
  const noon = /\bnoon\b/i.exec(text);
  if (noon) return { time: "12:00", match: noon[0] };
  for (const m of text.matchAll(CLOCK)) {
    const hour = Number(m[1]);
    const minutes = m[2] === undefined ? null : Number(m[2]);
    const meridiem = m[3]?.toLowerCase().replace(/[^ap]/g, "") ?? null;
    if (minutes === null && !meridiem && !(hour >= 1 && hour <= 12 && periodHourAtEnd(text, m))) continue;
    if (minutes !== null && minutes > 59) continue;
    let h: number;
    if (meridiem) {
      if (hour < 1 || hour > 12) continue;
      h = (hour % 12) + (meridiem === "p" ? 12 : 0);
    } else {
      if (hour > 23) continue;
      const late = /\b(?:evening|night|p\.?\s?m\.?|afternoon)\b/i.test(text);
      h = late && hour >= 1 && hour < 12 ? hour + 12 : hour;
    }
    return { time: `${String(h).padStart(2, "0")}:${String(minutes ?? 0).padStart(2, "0")}`, match: m[0] };
  }
  return null;
}

/** A session heading is a weekday with nothing else but times, dates and session words. */
export function sessionHeading(line: string): HeadingParts | null {
  const match = SESSION_HEADING.exec(line);
  if (!match) return null;
  const rest = (match[2] ?? "")
    .replace(MONTH_DAY, " ")
    .replace(NUMERIC_DATE, " ")
    .replace(TIME_LIKE, " ")
    .replace(SESSION_WORDS, " ")
    .replace(/[\s,()[\]:.\-–&@]+/g, "");
  if (rest !== "") return null;
  const start = startTimeOf(line);
  let name = line.replace(MONTH_DAY, " ").replace(NUMERIC_DATE, " ");
  if (start) name = name.replace(start.match, " ");
  name = name
    .replace(/[([]\s*[,;:\-–\s]*\s*[)\]]/g, " ")
    .replace(/[([]\s*[,;:\-–\s]*$/g, " ")
    .replace(/\s+/g, " ")
    // What is left of a date OCR half read ("Saturday, , ."): separators, and a stray full stop after them.
    .replace(/^[\s,;:\-–]+|[\s,;:\-–]+\.?$/g, "")
    .trim();
  return {
    name: name || line,
    weekday: match[1]!,
    printed: printedDate(line),
    startTime: start?.time ?? null,
  };
}

export interface ClassStart {
  number: string;
  name: string;
  /** A session code printed after the name ("Wed PM"). */
  trailingSession: string | null;
}

export function classStart(line: string): ClassStart | null {
  const match = CLASS_LINE.exec(line);
  if (!match) return null;
  const token = ocrDigits(match[1]!);
  const digits = token.replace(/[a-z]$/i, "");
  const number = digits + token.slice(digits.length).toUpperCase();
  // "2025 Tennessee Walking Horse National Celebration" is a title, not class 2025.
  if (/^(?:19|20)\d\d$/.test(number)) return null;
  if (match[2] === undefined && AGE_NOT_NUMBER.test(line)) return null;
  const rest = match[3]!.trim();
  if (!/^[A-Za-z0-9("'"]/.test(rest) || !/[A-Za-z]{2}/.test(rest)) return null;
  const trailing = splitTrailingSession(rest);
  const name = cleanName(trailing.text);
  return name ? { number, name, trailingSession: trailing.session } : null;
}

export function splitTrailingSession(text: string): { text: string; session: string | null } {
  const trailing = TRAILING_SESSION.exec(text);
  return trailing ? { text: text.slice(0, trailing.index), session: trailing[1]! } : { text, session: null };
}

/**
 * A token no printed class name has: words glued together ("LseShodOpen", "WalkingHorse2YearOld"), a letter
 * before a digit ("m0", "s1%0"), or a mark OCR made of specks ("§", "~", "%", "©", "{").
 */
const NO_WORD = /[a-z]{2}[A-Z]|[a-z]\d|[§~%{}©®™\\|]/;

/** Whether a name read holds a token that is no word of a name (see NO_WORD). */
export const hasNoWord = (name: string) => name.split(/\s+/).some((token) => NO_WORD.test(token));

/**
 * Another class's number inside a line, as OCR reads two columns across their gutter ("104 Plantation
 * Pleasure 116 - 2 Year Old Open", "… Canter 17. . Amateur …", "… Geldings 15, O/A English …"): a number
 * after a space, then its mark and a capitalised word or a number and a word.
 */
const INNER_CLASS =
  /\s([0-9][0-9Il]{0,2}[A-Z]?)\s*(?:[.,)](?:\s*\.)*|\s?[-–])\s+(?=[A-Z(][a-z/]|(\d+)\s+[A-Z][a-z])/g;
/** "12 to 17 Specialty", "2 & 3 Year Old", "Riders 6 - 11": a number after these is a range in a name. */
const RANGE_BEFORE = /(?:\bto|&|\d\s*[-–]|\band|\bor|\d)$/i;

/**
 * A class line holding the start of another class with a higher number, cut in two there (and again for a
 * third); other lines as they are.
 */
export function cutRunTogether(line: string): string[] {
  const start = classStart(line);
  if (!start) return [line];
  const own = Number.parseInt(start.number, 10);
  for (const m of line.matchAll(INNER_CLASS)) {
    const n = Number.parseInt(ocrDigits(m[1]!), 10);
    const before = line.slice(0, m.index).trimEnd();
    // "Riders 12 - 17 Years" is a range: the number after is higher.
    const rangeUp = m[2] !== undefined && Number(m[2]) > n;
    const next = `${m[1]}. ${line.slice(m.index! + m[0].length)}`;
    if (n <= own || rangeUp || RANGE_BEFORE.test(before) || !classStart(next)) continue;
    return [before, ...cutRunTogether(next)];
  }
  return [line];
}

/** Leader dots (four or more: "..." may end a printed name) and whatever follows them: the prize money, or what OCR made of the dots. */
const LEADER_ON = /(?:\s*[.…·_]){4,}.*$/;

export function cleanName(name: string): string {
  return mendMisreadWords(
    name
      .replace(LEADER_ON, "")
      .replace(MONEY_TAIL, "")
      .replace(DOT_LEADER, "")
      // Marks OCR reads from specks and rules at a line's end ("~~", "|", "=").
      .replace(/(?:\s+[~|=_\\{}]+)+\s*$/, "")
      // "Two- Year-Old": a hyphen OCR spaced from the word after it (a spaced dash has a space before too).
      .replace(/(?<=[A-Za-z])- (?=[A-Z][a-z])/g, "-")
      // "'on Walking Stallions": a speck read as a quote before a wrapped line's first word.
      .replace(/(?<=^|\s)['‘’`]+(?=[a-z])/g, "")
      // "O/AEnglish": the space after Owner-Amateur's initials lost.
      .replace(/\bO\/A(?=[A-Z][a-z])/g, "O/A ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

const CONNECTOR_END = /(?:[,&/(:[-]|\b(?:and|or|on|of|for|with|within|without|the|in|to|at|by))$/i;
const CONNECTOR_WORD = /^(?:and|or|on|of|for|with|within|without|the|in|to|at|by|&|a|an|over|under)$/i;

function unbalanced(text: string): boolean {
  const count = (re: RegExp) => text.match(re)?.length ?? 0;
  return count(/\(/g) > count(/\)/g) || count(/\[/g) > count(/\]/g);
}

/** The line so far visibly runs on: a trailing comma, "&", "and", an open parenthesis… */
export const runsOnAtEnd = (previous: string) => CONNECTOR_END.test(previous) || unbalanced(previous);
/** A parenthesis or bracket is still open in a name read so far. */
export const parenthesisOpen = (name: string) => unbalanced(name);

/**
 * Words a class name is made of: each capitalised, a number, a joining word ("and", "on", "&") or a
 * parenthetical; a sentence ("this line is junk") is not.
 */
export function looksLikeNameWords(line: string): boolean {
  // What is in parentheses or brackets is a note ("(no stallions)"), in any case.
  const words = line
    .replace(/\([^)]*\)?|\[[^\]]*\]?/g, " ")
    .split(" ")
    .filter((w) => /[A-Za-z0-9]/.test(w));
  if (words.length === 0) return /^[([]/.test(line);
  return words.every((w) => /^["']?[A-Z0-9]/.test(w) || CONNECTOR_WORD.test(w.replace(/[,.;:]/g, "")));
}

/** The end of a wrapped name: a few words ("req.", "walk, running walk (English or Western)"). */
export const shortTail = (line: string) =>
  line
    .replace(/\([^)]*\)?/g, " ")
    .split(" ")
    .filter((w) => /[A-Za-z0-9]/.test(w)).length <= 3;

/** Joins a wrapped name: a word broken at a hyphen ("Five-" + "Year-Old") is joined without a space. */
export function joinWrapped(previous: string, line: string): string {
  return /[A-Za-z]-$/.test(previous) ? `${previous}${line}` : `${previous} ${line}`;
}

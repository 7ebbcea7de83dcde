/**
 * What makes a class read from a prize list doubtful, so the preview marks it "Check this line" instead of
 * accepting it silently. Pure.
 */
export const CLASS_DOUBTS = [
  /** OCR was unsure of one of its lines. */
  "unsure-reading",
  /** Its number breaks the running order (a phantom "75" between 12 and 13). */
  "out-of-sequence",
  /** Its number was already used by a class above in the same session. */
  "repeated-number",
  /** Its name reads like two class lines run together (columns read across). */
  "run-together",
  /** Its session's printed weekday falls on none of the nearby years' dates. */
  "weekday-mismatch",
  /** The line under it was not read (it may be the rest of its name, or junk): listed apart, not glued. */
  "line-below-unread",
] as const;
export type ClassDoubt = (typeof CLASS_DOUBTS)[number];

/** Numbers further apart than this are not neighbours in a running order. */
const NEAR = 20;
/** A name longer than this is more likely two names than one. */
const LONGEST_NAME = 160;
/** Inside a name: a class number followed by a capitalised word that starts a new name ("… 45 Amateur …"). */
const EMBEDDED_CLASS =
  /\s(\d{1,3})[A-Z]?[.)]?\s+(?!(?:Years?|Yrs?|Yr\.|Hands?|Months?|Days?|Over|Under|And|Or|To)\b)[A-Z][a-z]/g;
/** Below this share of steps going up, a list is not in running order (a division-ordered schedule). */
const ORDERED = 0.8;

const numeric = (n: string) => Number.parseInt(n, 10);

/** What the doubts read of a class as the parser read it (a ParsedClass of class-list-text.ts). */
export interface ReadClass {
  number: string;
  name: string;
  lines: readonly string[];
}

export interface DoubtContext {
  /** Classes whose session heading's weekday matched no nearby year. */
  mismatched: ReadonlySet<ReadClass>;
  /** Classes that open a session: a show may number each session from 1 again. */
  sessionStarts: ReadonlySet<ReadClass>;
  /** Lines OCR was unsure of, as printed. */
  unsureLines?: ReadonlySet<string> | undefined;
  /** Classes followed by a line that was not read. */
  followedByUnread: ReadonlySet<ReadClass>;
  /** Lines cut out of one line OCR read across two classes (class-list-lines.ts cutRunTogether). */
  cutLines?: ReadonlySet<string>;
}

/** A name holding another class's number and name: a number near its own, then a new name. */
function runTogether(c: ReadClass): boolean {
  if (c.name.length > LONGEST_NAME) return true;
  const own = numeric(c.number);
  for (const m of c.name.matchAll(EMBEDDED_CLASS)) {
    const n = Number(m[1]);
    const before = c.name.slice(0, m.index).trimEnd();
    // "12 to 17 Specialty", "2 & 3 Year Old" are ranges inside one name.
    if (/(?:\bto|&|-|–|\band|\bor)$/i.test(before)) continue;
    if (n > own && n - own <= NEAR) return true;
  }
  return false;
}

/** The length of the longest run of numbers going up (not necessarily next to each other). */
function longestRising(numbers: readonly number[]): number {
  const tails: number[] = [];
  for (const n of numbers) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! <= n) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = n;
  }
  return tails.length;
}

/**
 * Whether the numbers go up, session by session, but for a stray one or a fifth of them: only then does
 * a step back mean a misreading (a division-ordered schedule jumps about on purpose).
 */
function inRunningOrder(classes: readonly ReadClass[], sessionStarts: ReadonlySet<ReadClass>): boolean {
  const runs: number[][] = [];
  for (const c of classes) {
    if (sessionStarts.has(c) || runs.length === 0) runs.push([]);
    runs.at(-1)!.push(numeric(c.number));
  }
  const rising = runs.reduce((sum, run) => sum + longestRising(run), 0);
  return classes.length - rising <= Math.max(1, (1 - ORDERED) * classes.length);
}

export function findDoubts(classes: readonly ReadClass[], context: DoubtContext): ClassDoubt[][] {
  const ordered = inRunningOrder(classes, context.sessionStarts);
  const seen = new Set<string>();
  let previous: number | null = null;
  return classes.map((c, i) => {
    const doubts: ClassDoubt[] = [];
    if (context.unsureLines && c.lines.some((l) => context.unsureLines!.has(l)))
      doubts.push("unsure-reading");
    const n = numeric(c.number);
    const next = classes[i + 1] ? numeric(classes[i + 1]!.number) : null;
    if (context.sessionStarts.has(c)) {
      previous = null;
      seen.clear();
    }
    const outlier =
      previous !== null && Math.abs(n - previous) > NEAR && (next === null || Math.abs(next - n) > NEAR);
    const backwards = previous !== null && n < previous;
    if (ordered && (outlier || backwards)) doubts.push("out-of-sequence");
    else previous = n;
    const key = c.number.toUpperCase();
    if (seen.has(key)) doubts.push("repeated-number");
    seen.add(key);
    if (runTogether(c) || c.lines.some((l) => context.cutLines?.has(l))) doubts.push("run-together");
    if (context.mismatched.has(c)) doubts.push("weekday-mismatch");
    if (context.followedByUnread.has(c)) doubts.push("line-below-unread");
    return doubts;
  });
}

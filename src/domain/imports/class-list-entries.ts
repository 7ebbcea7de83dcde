import {
  classStart,
  cleanName,
  isFurniture,
  looksLikeNameWords,
  PRICE_AT_END,
  sessionHeading,
  shortTail,
} from "#domain/imports/class-list-lines.ts";

/**
 * Where a class's entry ends in a printed list, looking at the lines around it: how wide its column is,
 * whether its premium is printed lines below, whether the lines up to the next class are all name words,
 * and which number-led lines of the header are no classes. Pure; class-list-text.ts reads a list with these.
 */

/** A name may run over this many extra lines while its last line visibly runs on (an open parenthesis, a word broken at its hyphen). */
export const MAX_RUNNING_ON_LINES = 6;

/**
 * The rest of a name: a line that starts with a word in lower case and is punctuated as names are
 * ("gait: walk, running walk (English or"), not a sentence ("this line is junk").
 */
export const LOWER_CASE_REST = /^[a-z]{3,}[:,;]?\s+[A-Za-z(&].*[:,;(&]/;

/** Whether class `next` comes straight after class `number` in running order ("30" → "31", "14" → "14A"). */
export function nextInOrder(number: string, next: string): boolean {
  const n = Number.parseInt(number, 10);
  const m = Number.parseInt(next, 10);
  return m === n + 1 || (m === n && /[A-Z]$/.test(next) && !/[A-Z]$/.test(number));
}

/**
 * Per line, the longest class line of its block (lines between blank lines: a column, when OCR read the
 * page column by column): a wrapped name's first line is about as long as its column is wide.
 */
export function wrapWidths(lines: readonly string[]): number[] {
  const widths: number[] = [];
  let start = 0;
  for (let i = 0; i <= lines.length; i++) {
    if (i < lines.length && lines[i] !== "") continue;
    let width = 0;
    for (let j = start; j < i; j++) if (classStart(lines[j]!)) width = Math.max(width, lines[j]!.length);
    for (let j = start; j <= i && j < lines.length; j++) widths[j] = width;
    start = i + 1;
  }
  return widths;
}

/**
 * Whether the entry of a class printed without its premium on its first line ends in one of the next lines,
 * before any other class, heading or blank: those lines are the rest of its name ("17. Plantation
 * Pleasure" + "Walking Horses, Five" + "Years and Over $50/$30/$20").
 */
export function priceEndsEntry(lines: readonly string[], index: number): boolean {
  for (let j = index; j < Math.min(lines.length, index + MAX_RUNNING_ON_LINES); j++) {
    const line = lines[j]!;
    if (line === "" || classStart(line) || sessionHeading(line) || isFurniture(line)) return false;
    if (PRICE_AT_END.test(line)) return true;
  }
  return false;
}

/**
 * Whether the lines from `index` up to the next class, which comes next in running order after `number`,
 * are all name words: the rest of a name wrapped in a narrow column ("10. Park Performance" + "Walking
 * Horse Specialty" + "(pads not to exceed 1 inch" + "thick)" + "11. …").
 */
export function nameUpToNextClass(lines: readonly string[], index: number, number: string): boolean {
  let heading = false;
  for (let j = index; j < Math.min(lines.length, index + MAX_RUNNING_ON_LINES + 2); j++) {
    const line = lines[j]!;
    const start = classStart(line);
    if (start) return j > index && nextInOrder(number, start.number);
    // The next session's heading may stand between the name's last line and the next class: the
    // name ends before it ("49. … Trail" + "Pleasure Walking Horses, No" + "SUNDAY AFTERNOON …" + "50. …").
    if (sessionHeading(line) && j > index && !heading) {
      heading = true;
      continue;
    }
    if (heading || line === "" || sessionHeading(line) || isFurniture(line)) return false;
    const words = cleanName(line);
    if (!(looksLikeNameWords(words) || shortTail(words) || LOWER_CASE_REST.test(words))) return false;
  }
  return false;
}

/**
 * Lines of the header that OCR reads as class lines ("4 Tennessee Miller Coliseum, Murfreesboro, TN" from a
 * speck, "1 WHOA SANCTIONED"): before the first session heading, number-led lines are classes only when
 * some of them rise, as a list's first classes do (a page 2 continuing page 1 has many before its heading).
 */
export function headerNumberLines(lines: readonly string[]): Set<number> {
  const firstHeading = lines.findIndex((l) => sessionHeading(l) !== null);
  const before = lines.slice(0, Math.max(0, firstHeading)).flatMap((l, i) => {
    const start = classStart(l);
    return start ? [{ i, n: Number.parseInt(start.number, 10) }] : [];
  });
  const rising = before.some((c, k) => before.slice(k + 1).some((d) => d.n > c.n));
  return new Set(rising ? [] : before.map((c) => c.i));
}

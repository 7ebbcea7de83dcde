import { classStart, cleanName } from "#domain/imports/class-list-lines.ts";

/**
 * Putting back a line the import did not read as a class (issue 23): one tap in the preview makes it a
 * class in the place it was printed. Its number and name are read from it when they can be ("36A Park
 * Pleasure"); otherwise a mangled first token ("S$", "|", "~") is dropped and the number is the one after
 * the class above ("11" → "12"), for the admin to check against the page.
 */

/** A short first token without letters or with a symbol in it: a class number OCR could not read. */
const MANGLED_NUMBER = /^(?=\S{1,4}\s)(?:[^A-Za-z\s]+|\S*[^A-Za-z0-9\s'"(]\S*)\s+/;

/** The number after `previous` ("11" → "12", "36A" → "37"), or "" when it has no digits to count on. */
export function nextNumber(previous: string | null | undefined): string {
  const digits = /^\d+/.exec(previous ?? "");
  return digits ? String(Number(digits[0]) + 1) : "";
}

/** The class a line not read becomes when put back: its own number and name, or a guess to check. */
export function putBackGuess(
  line: string,
  previousNumber: string | null | undefined,
): { number: string; name: string } {
  const read = classStart(line);
  if (read) return { number: read.number, name: read.name };
  return { number: nextNumber(previousNumber), name: cleanName(line.replace(MANGLED_NUMBER, "")) || line };
}

/**
 * Where a line printed after the original class `after` (-1: before any) goes back into the preview's
 * list as it is now: after that class, or the nearest earlier one still in it, and after lines already
 * put back there. Originals are the rows whose `key` is 1 + their index in the read list.
 */
export function putBackIndex(
  rows: readonly { key: number; putBackAfter?: number | undefined }[],
  after: number,
  originalCount: number,
): number {
  let index = 0;
  rows.forEach((row, i) => {
    if (row.key <= originalCount && row.key - 1 <= after) index = i + 1;
  });
  while (index < rows.length && rows[index]!.putBackAfter === after) index++;
  return index;
}

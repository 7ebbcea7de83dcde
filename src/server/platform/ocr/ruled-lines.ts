import type { Rule } from "#domain/imports/table-grid.ts";

/**
 * Rubs out the rules of a ruled table, boxes round advertisements and lines under headings before a page
 * is read: Tesseract reads a rule beside a word as "|" or "[", glues cells together, and a table's grid
 * hides its gaps from the layout. A rule is a run of ink far longer than any stroke of a letter, across
 * (at least RULE_ACROSS of the page's width) or down (RULE_DOWN of its height). Pure: grey pixels in
 * (0 ink … 255 paper), changed in place.
 */

const RULE = 0.05;
const INK = 160;
/** A rule is at most this many pixels thick along most of its length. */
const THIN = 10;
const THIN_SHARE = 0.8;

/** Runs of thin ink along one direction, `length` pixels each line, `lines` lines; long ones are whitened. */
function rubOut(
  grey: Uint8Array,
  lines: number,
  length: number,
  index: (line: number, at: number) => number,
  min: number,
): Rule[] {
  const found: Rule[] = [];
  // Ink this thick across the run, at a point, is a letter's stroke (bold print runs together), not a rule.
  const thin = (line: number, at: number) => {
    let before = 0;
    while (before <= THIN && line - before - 1 >= 0 && grey[index(line - before - 1, at)]! < INK) before++;
    let after = 0;
    while (after <= THIN && line + after + 1 < lines && grey[index(line + after + 1, at)]! < INK) after++;
    return before + after + 1 <= THIN;
  };
  const clear = (line: number, from: number, to: number) => {
    let thinCount = 0;
    for (let at = from; at < to; at++) if (thin(line, at)) thinCount++;
    if (thinCount < THIN_SHARE * (to - from)) return;
    for (let at = from; at < to; at++) grey[index(line, at)] = 255;
    found.push({ at: line, from, to });
  };
  for (let line = 0; line < lines; line++) {
    let start = -1;
    for (let at = 0; at <= length; at++) {
      const ink = at < length && grey[index(line, at)]! < INK;
      if (ink && start < 0) start = at;
      if (!ink && start >= 0) {
        if (at - start >= min) clear(line, start, at);
        start = -1;
      }
    }
  }
  return found;
}

/**
 * Removes long horizontal and vertical rules; returns where they were, each run of ink rubbed out (a rule
 * a few pixels thick is several runs): table-grid.ts finds a ruled table's rows from the runs across.
 */
export function removeRuledLines(
  grey: Uint8Array,
  width: number,
  height: number,
): { across: Rule[]; down: Rule[] } {
  // Both directions are found on the page as it was: a cell's rules cross, and rubbing out the rows
  // first would cut the columns' rules into short pieces.
  const copy = Uint8Array.from(grey);
  const min = Math.round(RULE * width);
  const across = rubOut(grey, height, width, (y, x) => y * width + x, min);
  const down = rubOut(copy, width, height, (x, y) => y * width + x, min);
  for (let i = 0; i < grey.length; i++) grey[i] = Math.max(grey[i]!, copy[i]!);
  return { across, down };
}

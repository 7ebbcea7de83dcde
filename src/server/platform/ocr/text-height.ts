/**
 * How tall a page's print is: the median height of its marks (8-connected runs of ink, darker than
 * INK), leaving out specks, rules and leader lines. On a page of text most marks are single letters and
 * digits, so this lies between the x-height and the capital height. Pure: grey pixels in, pixels out.
 */

/** Grey below this (0–255) is ink. */
const INK = 128;
/** Marks lower than this (px) are specks or dots; higher than MAX_HEIGHT, pictures or a page's rim. */
const MIN_HEIGHT = 6;
const MAX_HEIGHT = 200;
/** A mark wider than this many times its height is a rule, an underline or letters run together. */
const MAX_WIDE = 4;
/** A mark needs this many marks of its kind to make a median: fewer, and the page holds no text. */
const MIN_MARKS = 20;

export function medianMarkHeight(grey: Uint8Array, width: number, height: number): number | null {
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const heights: number[] = [];
  for (let start = 0; start < grey.length; start++) {
    if (seen[start] || grey[start]! >= INK) continue;
    seen[start] = 1;
    let top = 0;
    stack[top++] = start;
    let y0 = Number.POSITIVE_INFINITY;
    let y1 = -1;
    let x0 = Number.POSITIVE_INFINITY;
    let x1 = -1;
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % width;
      const y = (i - x) / width;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (seen[j] || grey[j]! >= INK) continue;
          seen[j] = 1;
          stack[top++] = j;
        }
      }
    }
    const h = y1 - y0 + 1;
    if (h >= MIN_HEIGHT && h <= MAX_HEIGHT && x1 - x0 + 1 <= MAX_WIDE * h) heights.push(h);
  }
  if (heights.length < MIN_MARKS) return null;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)]!;
}

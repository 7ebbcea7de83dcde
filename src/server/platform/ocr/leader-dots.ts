/**
 * Rubs out leader dots ("Model Stallions ............ $50") before a page is read: Tesseract reads a row
 * of dots as letters ("ccoooiiiiii"), which lengthens names, and lets a line's words drift into the next
 * line. A leader is four or more small specks in a row on one baseline, evenly spaced; a full stop or
 * the dot of an "i" stands alone. Pure: grey pixels in (0 ink … 255 paper), changed in place.
 */

/** A speck is at most this share of the page's width across… */
const MAX_SPECK = 0.0045;
/** Leader dots differ in spacing and size by at most this factor, and lie this many sizes apart at most. */
const EVEN = 1.8;
const CLOSE = 5;
/** Pixels around a dot rubbed out with it. */
const RIM = 2;
/** …and a leader at least this many of them. */
const MIN_RUN = 4;

interface Speck {
  x: number;
  y: number;
  size: number;
  box: [number, number, number, number];
}

/** Connected specks of ink (8-connected), skipping anything larger than `max` across. */
function specks(grey: Uint8Array, width: number, height: number, max: number): Speck[] {
  const seen = new Uint8Array(grey.length);
  const out: Speck[] = [];
  const stack: number[] = [];
  for (let start = 0; start < grey.length; start++) {
    if (seen[start] || grey[start]! >= 128) continue;
    seen[start] = 1;
    stack.push(start);
    let x0 = width;
    let x1 = 0;
    let y0 = height;
    let y1 = 0;
    let large = false;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      if (x1 - x0 > max || y1 - y0 > max) large = true;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (!seen[j] && grey[j]! < 128) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    if (large) continue;
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    // Round-ish: a comma or a hyphen is no leader dot.
    if (w > 2 * h || h > 2 * w) continue;
    out.push({ x: (x0 + x1) / 2, y: (y0 + y1) / 2, size: Math.max(w, h), box: [x0, y0, x1, y1] });
  }
  return out;
}

/**
 * Leader dots are alike and evenly spaced, closer than a few of their sizes; a comma, a full stop and the
 * dot of an "i" in a line of print are not.
 */
function evenlySpaced(run: readonly Speck[]): boolean {
  const gaps = run.slice(1).map((speck, i) => speck.x - run[i]!.x);
  const sizes = run.map((speck) => speck.size);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return (
    Math.max(...gaps) <= EVEN * Math.min(...gaps) &&
    Math.max(...sizes) <= EVEN * Math.min(...sizes) &&
    median(gaps) <= CLOSE * median(sizes)
  );
}

/** Removes leader dots from the page; returns how many rows of them were found. */
export function removeLeaderDots(grey: Uint8Array, width: number, height: number): number {
  const max = Math.max(3, Math.round(width * MAX_SPECK));
  // Specks on one baseline, left to right, each within a few sizes of the one before.
  const byX = specks(grey, width, height, max).sort((a, b) => a.x - b.x);
  const used = new Set<Speck>();
  let rows = 0;
  for (const [index, first] of byX.entries()) {
    if (used.has(first)) continue;
    const run = [first];
    let last = first;
    for (let j = index + 1; j < byX.length; j++) {
      const next = byX[j]!;
      if (next.x <= last.x || used.has(next)) continue;
      const gap = next.x - last.x;
      if (gap > 4 * max) break;
      // The next dot keeps the row's spacing and size (a comma or a full stop beyond it does not).
      const step = run.length > 1 ? last.x - run.at(-2)!.x : null;
      const inStep = step === null || (gap <= EVEN * step && gap * EVEN >= step);
      const alike = next.size <= EVEN * first.size && next.size * EVEN >= first.size;
      if (Math.abs(next.y - first.y) <= Math.max(2, first.size / 2) && gap >= next.size && inStep && alike) {
        run.push(next);
        last = next;
      }
    }
    if (run.length < MIN_RUN || !evenlySpaced(run)) continue;
    rows++;
    for (const speck of run) {
      used.add(speck);
      // The dot's grey rim too, which Tesseract would still read as a faint "o".
      const [x0, y0, x1, y1] = speck.box;
      for (let y = Math.max(0, y0 - RIM); y <= Math.min(height - 1, y1 + RIM); y++) {
        grey.fill(255, y * width + Math.max(0, x0 - RIM), y * width + Math.min(width - 1, x1 + RIM) + 1);
      }
    }
  }
  return rows;
}

import type { Point, Quad } from "#server/platform/ocr/quad.ts";

/**
 * The sheet's four edges in a photo whose light no threshold parts from its background (page-finder.ts
 * finds none): a dim photo whose page darkens towards its corners as much as the table does, or a light
 * table that meets the paper with hardly a step on one side. An edge is then still a straight line along
 * which the paper side is lighter than the other, all the way along. Each side is looked for on its own
 * (a Hough transform whose votes come only from pixels whose lightness rises into the page across that
 * side), and the four lines of most support that close into a sheet-shaped quad are the page. Pure: the
 * page finder's smoothed paperness in, corners out.
 */

/** Each side may lean this far (degrees) from upright or level: turn plus keystone. */
const MAX_LEAN = 25;
/** A pixel votes for lines within this many degrees of its own gradient's direction. */
const VOTE_SPREAD = 8;
/** Peaks kept per side, and how near (px, degrees) two peaks may be. */
const PEAKS = 4;
const PEAK_APART_PX = 8;
const PEAK_APART_DEG = 6;
/** Each edge must be supported along at least this share of its length between its corners. */
const MIN_SUPPORT = 0.45;
/** A page covers between these shares of the frame, and its shorter side over its longer lies between these. */
const MIN_COVER = 0.2;
const MAX_COVER = 0.92;
const MIN_ASPECT = 0.55;
const MAX_ASPECT = 0.95;
/** No corner of a page lies closer than this share of the frame to its border. */
const BORDER = 0.01;
/**
 * Across each edge the paper just inside is lighter than what lies just outside by at least this share of
 * its lightness (median along the edge). Photographed sheets: 0.12–0.79; a scan, whose "edges" are only
 * where print begins on the same paper: 0.00 or less.
 */
const MIN_CONTRAST = 0.08;
/** …measured this many pixels either side of the edge (beyond the text closing's reach). */
const CONTRAST_FROM = 4;
const CONTRAST_TO = 6;
/**
 * Lightest and darkest hundredths of the frame at least this far apart (0–255), or there is no sheet on a
 * background to find: paper filling the frame (a scan, a generated page) is left at once.
 */
const MIN_SPREAD = 16;
/** A gradient at least this strong (of the 0–255 scale, per pixel) can be an edge. */
const MIN_STEP = 3;

interface Peak {
  theta: number;
  rho: number;
  votes: number;
}

/** Into-the-page directions (degrees, y down) of the top, right, bottom and left edges. */
const INWARD = [90, 180, 270, 0] as const;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The darkest and lightest hundredth of the values. */
function spread(values: Uint8Array): [number, number] {
  const sorted = Uint8Array.from(values).sort();
  return [sorted[Math.floor(0.01 * sorted.length)]!, sorted[Math.floor(0.99 * sorted.length)]!];
}

/** Stretched so its darkest and lightest hundredth span 0–255 (a dim photo's steps are small), then smoothed. */
function smooth(
  values: Uint8Array,
  width: number,
  height: number,
  [low, high]: [number, number],
): Float32Array {
  const gain = 255 / Math.max(1, high - low);
  let out = Float32Array.from(values, (v) => Math.max(0, Math.min(255, (v - low) * gain)));
  for (let pass = 0; pass < 2; pass++) {
    const next = new Float32Array(out.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
            sum += out[yy * width + xx]!;
            n++;
          }
        }
        next[y * width + x] = sum / n;
      }
    }
    out = next;
  }
  return out;
}

/** The strongest lines (normal angle `theta`, distance `rho`) whose pixels rise towards `inward`. */
function sidePeaks(
  gx: Float32Array,
  gy: Float32Array,
  width: number,
  height: number,
  inward: number,
): Peak[] {
  const thetas: number[] = [];
  for (let t = inward - MAX_LEAN; t <= inward + MAX_LEAN; t++) thetas.push(t);
  const diagonal = Math.ceil(Math.hypot(width, height));
  const rhos = 2 * diagonal + 1;
  const acc = new Float32Array(thetas.length * rhos);
  const cos = thetas.map((t) => Math.cos(radians(t)));
  const sin = thetas.map((t) => Math.sin(radians(t)));
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const magnitude = Math.hypot(gx[i]!, gy[i]!);
      if (magnitude < MIN_STEP) continue;
      const angle = (Math.atan2(gy[i]!, gx[i]!) * 180) / Math.PI;
      let off = angle - inward;
      off = ((((off + 180) % 360) + 360) % 360) - 180;
      if (Math.abs(off) > MAX_LEAN + VOTE_SPREAD) continue;
      for (let k = 0; k < thetas.length; k++) {
        if (Math.abs(thetas[k]! - inward - off) > VOTE_SPREAD) continue;
        const rho = Math.round(x * cos[k]! + y * sin[k]!) + diagonal;
        acc[k * rhos + rho]! += 1;
      }
    }
  }
  const peaks: Peak[] = [];
  for (let round = 0; round < PEAKS; round++) {
    let best = -1;
    for (let j = 0; j < acc.length; j++) if (best < 0 || acc[j]! > acc[best]!) best = j;
    if (best < 0 || acc[best]! <= 0) break;
    const k = Math.floor(best / rhos);
    const rho = (best % rhos) - diagonal;
    peaks.push({ theta: thetas[k]!, rho, votes: acc[best]! });
    for (let kk = 0; kk < thetas.length; kk++) {
      if (Math.abs(kk - k) > PEAK_APART_DEG) continue;
      for (let r = -PEAK_APART_PX; r <= PEAK_APART_PX; r++) {
        const rr = rho + diagonal + r;
        if (rr >= 0 && rr < rhos) acc[kk * rhos + rr] = 0;
      }
    }
  }
  return peaks;
}

function meet(a: Peak, b: Peak): Point | null {
  const [ca, sa, cb, sb] = [
    Math.cos(radians(a.theta)),
    Math.sin(radians(a.theta)),
    Math.cos(radians(b.theta)),
    Math.sin(radians(b.theta)),
  ];
  const det = ca * sb - sa * cb;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (a.rho * sb - b.rho * sa) / det, y: (ca * b.rho - cb * a.rho) / det };
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

function area(quad: Quad): number {
  let sum = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return Math.abs(sum) / 2;
}

/** The quad the four lines close into, if it is shaped and placed like a photographed sheet. */
function sheetOf([top, right, bottom, left]: Peak[], width: number, height: number): Quad | null {
  const corners = [meet(left!, top!), meet(top!, right!), meet(right!, bottom!), meet(bottom!, left!)];
  if (corners.some((c) => c === null)) return null;
  const quad = corners as Quad;
  const margin = BORDER * Math.max(width, height);
  if (quad.some((p) => p.x < margin || p.y < margin || p.x > width - margin || p.y > height - margin)) {
    return null;
  }
  // Convex, corners clockwise on screen (y down).
  for (let i = 0; i < 4; i++) if (cross(quad[i]!, quad[(i + 1) % 4]!, quad[(i + 2) % 4]!) <= 0) return null;
  const cover = area(quad) / (width * height);
  if (cover < MIN_COVER || cover > MAX_COVER) return null;
  const side = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const across = (side(quad[0], quad[1]) + side(quad[3], quad[2])) / 2;
  const down = (side(quad[0], quad[3]) + side(quad[1], quad[2])) / 2;
  const aspect = Math.min(across, down) / Math.max(across, down);
  if (aspect < MIN_ASPECT || aspect > MAX_ASPECT) return null;
  return quad;
}

/** Points a pixel apart along side `i` of the quad (from corner i to the next), and its normal into the page. */
function alongSide(quad: Quad, i: number): { points: Point[]; nx: number; ny: number } {
  const a = quad[i]!;
  const b = quad[(i + 1) % 4]!;
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const steps = Math.max(1, Math.floor(length));
  const points = Array.from({ length: steps }, (_, s) => {
    const t = (s + 0.5) / steps;
    return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
  });
  // Into the page: the side's direction turned a quarter clockwise on screen.
  return { points, nx: -(b.y - a.y) / length, ny: (b.x - a.x) / length };
}

/**
 * Each side's support between its corners: the share of points along it that have a gradient rising into
 * the page within a pixel or two of the line.
 */
function support(quad: Quad, gx: Float32Array, gy: Float32Array, width: number, height: number): number[] {
  return [0, 1, 2, 3].map((i) => {
    const { points, nx, ny } = alongSide(quad, i);
    let hits = 0;
    for (const { x: px, y: py } of points) {
      for (let d = -2; d <= 2; d++) {
        const x = Math.round(px + nx * d);
        const y = Math.round(py + ny * d);
        if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
        const j = y * width + x;
        const along = gx[j]! * nx + gy[j]! * ny;
        if (along >= MIN_STEP && along >= 0.7 * Math.hypot(gx[j]!, gy[j]!)) {
          hits++;
          break;
        }
      }
    }
    return hits / points.length;
  });
}

/** Each side's median lightness step into the page, as a share of the paper's lightness there. */
function contrast(quad: Quad, paper: Uint8Array, width: number, height: number): number[] {
  return [0, 1, 2, 3].map((i) => {
    const { points, nx, ny } = alongSide(quad, i);
    const steps: number[] = [];
    for (const { x: px, y: py } of points) {
      let inside = 0;
      let outside = 0;
      let n = 0;
      for (let d = CONTRAST_FROM; d <= CONTRAST_TO; d++) {
        const xi = Math.round(px + nx * d);
        const yi = Math.round(py + ny * d);
        const xo = Math.round(px - nx * d);
        const yo = Math.round(py - ny * d);
        if (Math.min(xi, yi, xo, yo) < 0 || Math.max(xi, xo) >= width || Math.max(yi, yo) >= height) continue;
        inside += paper[yi * width + xi]!;
        outside += paper[yo * width + xo]!;
        n++;
      }
      if (n > 0) steps.push((inside - outside) / Math.max(n, inside));
    }
    steps.sort((x, y) => x - y);
    return steps.length ? steps[Math.floor(steps.length / 2)]! : 0;
  });
}

/** The page's corners (clockwise from the top left) found by its edges, or null. */
export function findPageByEdges(paper: Uint8Array, width: number, height: number): Quad | null {
  const range = spread(paper);
  if (range[1] - range[0] < MIN_SPREAD) return null;
  const light = smooth(paper, width, height, range);
  const gx = new Float32Array(light.length);
  const gy = new Float32Array(light.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const v = (dx: number, dy: number) => light[(y + dy) * width + x + dx]!;
      gx[y * width + x] = (v(1, -1) + 2 * v(1, 0) + v(1, 1) - v(-1, -1) - 2 * v(-1, 0) - v(-1, 1)) / 8;
      gy[y * width + x] = (v(-1, 1) + 2 * v(0, 1) + v(1, 1) - v(-1, -1) - 2 * v(0, -1) - v(1, -1)) / 8;
    }
  }
  const sides = INWARD.map((inward) => sidePeaks(gx, gy, width, height, inward));
  let best: { quad: Quad; score: number } | null = null;
  for (const top of sides[0]!) {
    for (const right of sides[1]!) {
      for (const bottom of sides[2]!) {
        for (const left of sides[3]!) {
          const quad = sheetOf([top, right, bottom, left], width, height);
          if (!quad) continue;
          const held = support(quad, gx, gy, width, height);
          if (held.some((s) => s < MIN_SUPPORT)) continue;
          if (contrast(quad, paper, width, height).some((c) => c < MIN_CONTRAST)) continue;
          const score = held.reduce((s, h) => s + h, 0);
          if (!best || score > best.score) best = { quad, score };
        }
      }
    }
  }
  return best?.quad ?? null;
}

import { findPageByEdges } from "#server/platform/ocr/page-edges.ts";
import type { Point, Quad } from "#server/platform/ocr/quad.ts";

/**
 * Finds the sheet of paper in a phone photo: the page lying on a table fills only part of the frame,
 * turned, in perspective (keystone), with a shadow and uneven light. The page is the large region that is
 * lighter and greyer than what surrounds it; its outline's convex hull is reduced to the four corners
 * that hold the most of it, and the page is then mapped back to a rectangle (perspective-warp.ts). A scan,
 * whose paper fills the frame, has no page to find. Pure: raw pixels in, corners out.
 */

/** A page covers between these shares of the frame. */
const MIN_COVER = 0.2;
const MAX_COVER = 0.92;
/** No corner of a page lies closer than this share of the frame to its border. */
const BORDER = 0.01;
/** The shorter side over the longer, as photographed (US Letter and A4 are 0.71–0.77). */
const MIN_ASPECT = 0.55;
const MAX_ASPECT = 0.95;
/** The region must be the quad: at least this share of pixels in either are in both. */
const MIN_FIT = 0.95;
/** Outline points within this share of a side's length from it may belong to its edge. */
const NEAR_SIDE = 0.08;
/** An outline point this close (px of the small copy) to a line lies on it. */
const INLIER = 1.5;
/** Thresholds tried on paperness (0–255). */
const THRESHOLD_STEP = 8;

/** How much a pixel looks like paper: light and without colour (wood, cloth and laminate are tinted). */
function paperness(rgb: Uint8Array, channels: number, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) {
    const r = rgb[i * channels]!;
    const g = rgb[i * channels + (channels > 1 ? 1 : 0)]!;
    const b = rgb[i * channels + (channels > 2 ? 2 : 0)]!;
    const light = 0.299 * r + 0.587 * g + 0.114 * b;
    const colour = Math.max(r, g, b) - Math.min(r, g, b);
    out[i] = Math.max(0, Math.min(255, Math.round(light - 1.5 * colour)));
  }
  return out;
}

/** The lightest value within `radius` (a square), so the page's print does not punch holes in it. */
function closeText(values: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const pass = (input: Uint8Array, horizontal: boolean) => {
    const out = new Uint8Array(input.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let m = 0;
        for (let d = -radius; d <= radius; d++) {
          const xx = horizontal ? x + d : x;
          const yy = horizontal ? y : y + d;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          m = Math.max(m, input[yy * width + xx]!);
        }
        out[y * width + x] = m;
      }
    }
    return out;
  };
  return pass(pass(values, true), false);
}

/** The largest 4-connected region of `mask`, with the holes in it filled. */
function largestRegion(mask: Uint8Array, width: number, height: number): Uint8Array {
  const label = new Int32Array(mask.length).fill(-1);
  const stack: number[] = [];
  let bestLabel = -1;
  let bestSize = 0;
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    let size = 0;
    label[start] = next;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      size++;
      const x = i % width;
      for (const j of [i - width, i + width, x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1]) {
        if (j >= 0 && j < mask.length && mask[j] && label[j] === -1) {
          label[j] = next;
          stack.push(j);
        }
      }
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = next;
    }
    next++;
  }
  // Whatever the border cannot reach without crossing the region is inside it.
  const outside = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) {
    const x = i % width;
    const y = (i - x) / width;
    if ((x === 0 || y === 0 || x === width - 1 || y === height - 1) && label[i] !== bestLabel) {
      outside[i] = 1;
      stack.push(i);
    }
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    for (const j of [i - width, i + width, x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1]) {
      if (j >= 0 && j < mask.length && !outside[j] && label[j] !== bestLabel) {
        outside[j] = 1;
        stack.push(j);
      }
    }
  }
  const region = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) region[i] = outside[i] ? 0 : 1;
  return region;
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Andrew's monotone chain: the convex hull, counter-clockwise in image coordinates (y down). */
function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const half = (input: Point[]) => {
    const out: Point[] = [];
    for (const p of input) {
      while (out.length >= 2 && cross(out.at(-2)!, out.at(-1)!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

const triangle = (a: Point, b: Point, c: Point) => Math.abs(cross(a, b, c)) / 2;

/** The four hull points spanning the largest quadrilateral (for each diagonal, the best apex each side). */
function largestQuad(hull: Point[]): Point[] {
  const n = hull.length;
  let best = -1;
  let corners: Point[] = [];
  for (let i = 0; i < n; i++) {
    for (let k = i + 2; k < n; k++) {
      let left = -1;
      let leftArea = -1;
      for (let j = i + 1; j < k; j++) {
        const a = triangle(hull[i]!, hull[j]!, hull[k]!);
        if (a > leftArea) [left, leftArea] = [j, a];
      }
      let right = -1;
      let rightArea = -1;
      for (let j = k + 1; j < n + i; j++) {
        const a = triangle(hull[i]!, hull[j % n]!, hull[k]!);
        if (a > rightArea) [right, rightArea] = [j % n, a];
      }
      if (left < 0 || right < 0 || leftArea + rightArea <= best) continue;
      best = leftArea + rightArea;
      corners = [hull[i]!, hull[left]!, hull[k]!, hull[right]!];
    }
  }
  return corners;
}

/** Corners in clockwise order from the top left (the corner nearest the frame's top left). */
function ordered(corners: Point[]): Quad {
  const cx = corners.reduce((s, p) => s + p.x, 0) / corners.length;
  const cy = corners.reduce((s, p) => s + p.y, 0) / corners.length;
  const byAngle = [...corners].sort(
    (a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx),
  );
  let start = 0;
  for (let i = 1; i < 4; i++) {
    if (byAngle[i]!.x + byAngle[i]!.y < byAngle[start]!.x + byAngle[start]!.y) start = i;
  }
  return [0, 1, 2, 3].map((i) => byAngle[(start + i) % 4]!) as Quad;
}

interface Line {
  /** A point on the line and its unit direction. */
  p: Point;
  d: Point;
}

/** The least-squares line through points (their principal axis). */
function fitLine(points: readonly Point[]): Line {
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  let xx = 0;
  let xy = 0;
  let yy = 0;
  for (const p of points) {
    xx += (p.x - mx) ** 2;
    xy += (p.x - mx) * (p.y - my);
    yy += (p.y - my) ** 2;
  }
  const angle = Math.atan2(2 * xy, xx - yy) / 2;
  return { p: { x: mx, y: my }, d: { x: Math.cos(angle), y: Math.sin(angle) } };
}

const distance = (line: Line, q: Point) =>
  Math.abs((q.x - line.p.x) * line.d.y - (q.y - line.p.y) * line.d.x);

function intersect(a: Line, b: Line): Point | null {
  const det = a.d.x * b.d.y - a.d.y * b.d.x;
  if (Math.abs(det) < 1e-9) return null;
  const t = ((b.p.x - a.p.x) * b.d.y - (b.p.y - a.p.y) * b.d.x) / det;
  return { x: a.p.x + t * a.d.x, y: a.p.y + t * a.d.y };
}

/**
 * Each side of the quad laid along the straight edge it stands for: a corner taken from the hull may sit
 * where light leaked past the page's corner, tilting its sides. Among the outline points near a side,
 * the line through two of them that most others lie on (within INLIER px) is the edge; the corners are
 * where the edges meet.
 */
function refineCorners(quad: Quad, edge: readonly Point[]): Quad {
  const lines: Line[] = [];
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const side: Line = { p: a, d: { x: (b.x - a.x) / length, y: (b.y - a.y) / length } };
    const near = edge.filter((q) => {
      const t = ((q.x - a.x) * side.d.x + (q.y - a.y) * side.d.y) / length;
      return t > 0.05 && t < 0.95 && distance(side, q) < NEAR_SIDE * length;
    });
    if (near.length < 10) return quad;
    let best: Point[] = [];
    const step = Math.max(1, Math.floor(near.length / 40));
    for (let j = 0; j < near.length; j += step) {
      for (let k = j + step; k < near.length; k += step) {
        const candidate = fitLine([near[j]!, near[k]!]);
        if (Math.hypot(near[j]!.x - near[k]!.x, near[j]!.y - near[k]!.y) < 0.2 * length) continue;
        const inliers = near.filter((q) => distance(candidate, q) <= INLIER);
        if (inliers.length > best.length) best = inliers;
      }
    }
    if (best.length < 10) return quad;
    lines.push(fitLine(best));
  }
  const corners = lines.map((line, i) => intersect(lines[(i + 3) % 4]!, line));
  return corners.every((c) => c !== null) ? (corners as Quad) : quad;
}

/** Whether `p` lies inside the convex quad (corners in either turning order). */
function insideQuad(quad: Quad, p: Point): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const c = cross(quad[i]!, quad[(i + 1) % 4]!, p);
    if (c === 0) continue;
    if (sign === 0) sign = Math.sign(c);
    else if (Math.sign(c) !== sign) return false;
  }
  return true;
}

interface Candidate {
  quad: Quad;
  area: number;
  fit: number;
}

/** The page as the region lighter than `threshold`, if that region is a clean four-cornered sheet. */
function candidateAt(paper: Uint8Array, width: number, height: number, threshold: number): Candidate | null {
  const count = width * height;
  const mask = new Uint8Array(count);
  let light = 0;
  for (let i = 0; i < count; i++) {
    mask[i] = paper[i]! > threshold ? 1 : 0;
    light += mask[i]!;
  }
  if (light < MIN_COVER * count) return null;
  const region = largestRegion(mask, width, height);
  const edge: Point[] = [];
  let area = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!region[y * width + x]) continue;
      area++;
      const inside =
        x > 0 &&
        y > 0 &&
        x < width - 1 &&
        y < height - 1 &&
        region[y * width + x - 1] &&
        region[y * width + x + 1] &&
        region[(y - 1) * width + x] &&
        region[(y + 1) * width + x];
      if (!inside) edge.push({ x: x + 0.5, y: y + 0.5 });
    }
  }
  if (area < MIN_COVER * count || area > MAX_COVER * count || edge.length < 4) return null;
  const hull = convexHull(edge);
  if (hull.length < 4) return null;
  const raw = ordered(largestQuad(hull));
  // The corners laid on the edges when that fits the region as well; else as the hull gave them.
  for (const quad of [refineCorners(raw, edge), raw]) {
    const fit = quadFit(quad, region, width, height);
    if (fit !== null && fit >= MIN_FIT) return { quad, area, fit };
  }
  return null;
}

/** How well the region is the quad (shared pixels over pixels in either), or null for no page shape. */
function quadFit(quad: Quad, region: Uint8Array, width: number, height: number): number | null {
  // A page lies inside the frame: a quad touching its border is light falling off, or a cut-off page.
  const margin = BORDER * Math.max(width, height);
  if (quad.some((p) => p.x < margin || p.y < margin || p.x > width - margin || p.y > height - margin)) {
    return null;
  }
  const side = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const across = (side(quad[0], quad[1]) + side(quad[3], quad[2])) / 2;
  const down = (side(quad[0], quad[3]) + side(quad[1], quad[2])) / 2;
  const aspect = Math.min(across, down) / Math.max(across, down);
  if (aspect < MIN_ASPECT || aspect > MAX_ASPECT) return null;
  // How well the region is the quad: shared pixels over pixels in either.
  let both = 0;
  let either = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inRegion = region[y * width + x] === 1;
      const inQuad = insideQuad(quad, { x: x + 0.5, y: y + 0.5 });
      if (inRegion && inQuad) both++;
      if (inRegion || inQuad) either++;
    }
  }
  return both / either;
}

/**
 * The page's corners in a small copy of the photo (`channels` 1–4 per pixel), or null when the photo
 * shows no clean sheet apart from its background: a scan, a page filling or cut by the frame, or light
 * too uneven to tell page from table. Light varies across a photo, so no single threshold suits them all:
 * each is tried, and the largest region that is cleanly a four-cornered sheet is the page.
 */
export function findPageQuad(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
): Quad | null {
  const paper = closeText(paperness(pixels, channels, width * height), width, height, 2);
  let best: Candidate | null = null;
  for (let threshold = THRESHOLD_STEP; threshold < 255; threshold += THRESHOLD_STEP) {
    const candidate = candidateAt(paper, width, height, threshold);
    if (candidate && (!best || candidate.area > best.area)) best = candidate;
  }
  // No threshold parts the sheet from its background: its edges may still be seen (page-edges.ts).
  return best?.quad ?? findPageByEdges(paper, width, height);
}

import type { Point, Quad } from "#server/platform/ocr/quad.ts";

/**
 * Maps a photographed page (four corners in perspective) back to an upright rectangle: the homography
 * from the output rectangle to the photo's quad, and bilinear sampling through it. Pure: grey pixels in,
 * grey pixels out.
 */

/** Row-major 3 × 3, h[8] = 1. */
export type Homography = [number, number, number, number, number, number, number, number, number];

/** Solves the 8 × 8 system by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = a[r]![col]! / a[col]![col]!;
      for (let c = col; c < n; c++) a[r]![c]! -= f * a[col]![c]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < n; c++) s -= a[r]![c]! * x[c]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

/** The homography taking each `from` corner to the matching `to` corner. */
export function homography(from: Quad, to: Quad): Homography {
  const a: number[][] = [];
  const b: number[] = [];
  from.forEach((p, i) => {
    const q = to[i]!;
    a.push([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x]);
    b.push(q.x);
    a.push([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y]);
    b.push(q.y);
  });
  return [...solve(a, b), 1] as Homography;
}

export function apply(h: Homography, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

/** The size of the upright page: the mean lengths of the quad's opposite sides. */
export function pageSize(quad: Quad): { width: number; height: number } {
  const side = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  return {
    width: Math.round((side(quad[0], quad[1]) + side(quad[3], quad[2])) / 2),
    height: Math.round((side(quad[0], quad[3]) + side(quad[1], quad[2])) / 2),
  };
}

/** The page inside `quad` of a grey image, as an upright `width` × `height` grey image (white outside). */
export function warpPage(
  grey: Uint8Array,
  width: number,
  height: number,
  quad: Quad,
  out: { width: number; height: number },
): Uint8Array {
  const rectangle: Quad = [
    { x: 0, y: 0 },
    { x: out.width, y: 0 },
    { x: out.width, y: out.height },
    { x: 0, y: out.height },
  ];
  const h = homography(rectangle, quad);
  const pixels = new Uint8Array(out.width * out.height);
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const p = apply(h, { x: x + 0.5, y: y + 0.5 });
      const sx = p.x - 0.5;
      const sy = p.y - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
        pixels[y * out.width + x] = 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const top = grey[i]! * (1 - fx) + grey[i + 1]! * fx;
      const bottom = grey[i + width]! * (1 - fx) + grey[i + width + 1]! * fx;
      pixels[y * out.width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return pixels;
}

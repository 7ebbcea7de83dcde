import { describe, expect, it } from "vitest";
import { findPageByEdges } from "#server/platform/ocr/page-edges.ts";
import type { Point, Quad } from "#server/platform/ocr/quad.ts";

const WIDTH = 300;
const HEIGHT = 400;

const inside = (quad: Quad, p: Point) =>
  quad.every((a, i) => {
    const b = quad[(i + 1) % 4]!;
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= 0;
  });

/** Paperness of a photo: `background(x, y)` around a sheet lit by `sheet(x, y)`, with lines of print. */
function photo(
  quad: Quad,
  background: (x: number, y: number) => number,
  sheet: (x: number, y: number) => number,
) {
  const paper = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const onSheet = inside(quad, { x: x + 0.5, y: y + 0.5 });
      const print = onSheet && y % 12 < 3 && x > 80 && x < 220 && y > 90 && y < 330;
      paper[y * WIDTH + x] = Math.round(print ? 0.6 * sheet(x, y) : onSheet ? sheet(x, y) : background(x, y));
    }
  }
  return paper;
}

const SHEET: Quad = [
  { x: 30, y: 50 },
  { x: 262, y: 42 },
  { x: 280, y: 372 },
  { x: 22, y: 382 },
];

const near = (found: Quad | null, expected: Quad) =>
  found?.every((p, i) => Math.hypot(p.x - expected[i]!.x, p.y - expected[i]!.y) < 4);

describe("findPageByEdges", () => {
  it("finds a dim sheet that darkens towards its corners as much as the table does", () => {
    // Low light: paper 40–60 in the middle, 25–35 at the corners; the table 18–28, darker at the rim too.
    const vignette = (x: number, y: number) => 1 - 0.45 * Math.hypot((x - 150) / 150, (y - 200) / 200) ** 2;
    const found = findPageByEdges(
      photo(
        SHEET,
        (x, y) => 28 * vignette(x, y),
        (x, y) => 60 * vignette(x, y),
      ),
      WIDTH,
      HEIGHT,
    );
    expect(near(found, SHEET)).toBe(true);
  });

  it("finds a sheet on a light table that meets one of its sides with hardly a step", () => {
    // The table lightens to the right until it is nearly the paper's light beside the sheet's right edge.
    const found = findPageByEdges(
      photo(
        SHEET,
        (x) => 120 + (x / WIDTH) * 80,
        () => 215,
      ),
      WIDTH,
      HEIGHT,
    );
    expect(near(found, SHEET)).toBe(true);
  });

  it("finds nothing on a scan, whose blocks of print lie on paper filling the frame", () => {
    const paper = new Uint8Array(WIDTH * HEIGHT).fill(240);
    for (let y = 60; y < 340; y++) for (let x = 40; x < 260; x++) if (y % 12 < 4) paper[y * WIDTH + x] = 120;
    expect(findPageByEdges(paper, WIDTH, HEIGHT)).toBeNull();
  });
});

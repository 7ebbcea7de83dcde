import { describe, expect, it } from "vitest";
import { medianMarkHeight } from "#server/platform/ocr/text-height.ts";

const WIDTH = 400;
const HEIGHT = 300;

interface Mark {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** White paper with solid dark marks. */
function page(marks: readonly Mark[]) {
  const grey = new Uint8Array(WIDTH * HEIGHT).fill(255);
  for (const m of marks) {
    for (let y = m.y; y < m.y + m.h; y++) for (let x = m.x; x < m.x + m.w; x++) grey[y * WIDTH + x] = 20;
  }
  return grey;
}

/** `count` letter-like marks of height `h` (and width about half of it), in rows. */
const letters = (count: number, h: number, from = 0): Mark[] =>
  Array.from({ length: count }, (_, i) => ({
    x: 4 + ((i + from) % 20) * 19,
    y: 4 + Math.floor((i + from) / 20) * 40,
    w: Math.max(2, Math.round(h / 2)),
    h,
  }));

describe("medianMarkHeight", () => {
  it.each([
    { case: "letters all alike", marks: letters(40, 12), expected: 12 },
    {
      case: "more small letters than tall",
      marks: [...letters(30, 10), ...letters(20, 16, 30)],
      expected: 10,
    },
    {
      case: "more tall letters than small",
      marks: [...letters(20, 10), ...letters(30, 16, 20)],
      expected: 16,
    },
    {
      case: "specks and dots left out",
      marks: [
        ...letters(30, 14),
        ...Array.from({ length: 60 }, (_, i) => ({ x: 5 + i * 6, y: 290, w: 3, h: 3 })),
      ],
      expected: 14,
    },
    {
      case: "rules and leader lines left out",
      marks: [
        ...letters(30, 14),
        ...Array.from({ length: 25 }, (_, i) => ({ x: 10, y: 250 + i, w: 300, h: 1 })),
      ],
      expected: 14,
    },
    { case: "too few marks to be text", marks: letters(10, 14), expected: null },
    { case: "blank paper", marks: [], expected: null },
  ])("$case", ({ marks, expected }) => {
    expect(medianMarkHeight(page(marks), WIDTH, HEIGHT)).toBe(expected);
  });

  it("takes touching ink as one mark, corners included", () => {
    const marks = letters(30, 12).flatMap((m) => [
      { ...m, h: 6 },
      { x: m.x + m.w, y: m.y + 6, w: m.w, h: 6 },
    ]);
    expect(medianMarkHeight(page(marks), WIDTH, HEIGHT)).toBe(12);
  });
});

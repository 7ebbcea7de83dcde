import { describe, expect, it } from "vitest";
import { removeLeaderDots } from "#server/platform/ocr/leader-dots.ts";

/** A white page with square specks of ink: [x, y, size]. */
function page(specks: readonly [number, number, number][], width = 2000, height = 200) {
  const grey = new Uint8Array(width * height).fill(255);
  for (const [x, y, size] of specks) {
    for (let dy = 0; dy < size; dy++) grey.fill(0, (y + dy) * width + x, (y + dy) * width + x + size);
  }
  return { grey, ink: (x: number, y: number) => grey[y * width + x]! < 128 };
}

describe("removeLeaderDots", () => {
  it("rubs out a row of evenly spaced dots and leaves the full stops and commas of print", () => {
    const leader = Array.from({ length: 12 }, (_, i) => [600 + i * 16, 100, 5] as [number, number, number]);
    // A comma, a full stop and an "i"'s dot in a line of print: unevenly spaced, not alike.
    const print: [number, number, number][] = [
      [100, 100, 5],
      [180, 98, 8],
      [300, 100, 5],
      [318, 90, 4],
    ];
    const { grey, ink } = page([...leader, ...print]);
    expect(removeLeaderDots(grey, 2000, 200)).toBe(1);
    expect(leader.some(([x, y]) => ink(x + 2, y + 2))).toBe(false);
    expect(print.every(([x, y]) => ink(x + 1, y + 1))).toBe(true);
  });

  it("leaves three dots alone (an ellipsis)", () => {
    const { grey, ink } = page([
      [600, 100, 5],
      [616, 100, 5],
      [632, 100, 5],
    ]);
    expect(removeLeaderDots(grey, 2000, 200)).toBe(0);
    expect(ink(602, 102)).toBe(true);
  });
});

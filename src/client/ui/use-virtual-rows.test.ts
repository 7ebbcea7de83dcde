import { describe, expect, it } from "vitest";
import { defaultRangeExtractor, layoutRows, visibleRows } from "#client/ui/use-virtual-rows.ts";

describe("layoutRows", () => {
  it("starts each row where the previous ends", () => {
    expect(layoutRows([40, 52, 52, 60])).toEqual({ starts: [0, 40, 92, 144], total: 204 });
    expect(layoutRows([])).toEqual({ starts: [], total: 0 });
  });
});

describe("visibleRows", () => {
  const { starts, total } = layoutRows([40, 52, 52, 60, 52]); // starts 0 40 92 144 204, total 256
  it.each([
    [0, 100, 0, 2],
    [39, 1, 0, 0],
    [40, 52, 1, 1],
    [41, 52, 1, 2],
    [150, 500, 3, 4],
    [256, 100, 4, 4],
    [0, 0, 0, 0],
  ])("top %i, height %i → rows %i to %i", (top, height, startIndex, endIndex) => {
    expect(visibleRows(starts, total, top, height)).toEqual({ startIndex, endIndex });
  });

  it("is empty for no rows", () => {
    expect(visibleRows([], 0, 0, 500)).toEqual({ startIndex: 0, endIndex: -1 });
  });
});

describe("defaultRangeExtractor", () => {
  it.each([
    [{ startIndex: 5, endIndex: 8, overscan: 2, count: 20 }, [3, 4, 5, 6, 7, 8, 9, 10]],
    [{ startIndex: 0, endIndex: 1, overscan: 12, count: 5 }, [0, 1, 2, 3, 4]],
    [{ startIndex: 0, endIndex: -1, overscan: 3, count: 0 }, []],
  ])("%j → %j", (range, expected) => {
    expect(defaultRangeExtractor(range)).toEqual(expected);
  });
});

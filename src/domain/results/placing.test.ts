import { describe, expect, it } from "vitest";
import { placingLabel } from "#domain/results/placing.ts";

describe("placingLabel", () => {
  it.each([
    ["1", "1st"],
    ["2", "2nd"],
    ["3", "3rd"],
    ["4", "4th"],
    ["10", "10th"],
    ["11", "11th"],
    ["12", "12th"],
    ["21", "21st"],
    ["Participated", "Participated"],
    ["WGC", "WGC"],
    ["1st", "1st"],
  ])("%j → %j", (placing, expected) => {
    expect(placingLabel(placing)).toBe(expected);
  });
});

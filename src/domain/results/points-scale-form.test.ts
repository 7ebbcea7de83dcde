import { describe, expect, it } from "vitest";
import { DEFAULT_SCALE } from "#domain/results/high-point.ts";
import { readScaleDraft, scaleDraft } from "#domain/results/points-scale-form.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const e = resultsTexts.scales.errors;
const draft = (placings: string, shown = "1", scaleBySize = false) => ({ placings, shown, scaleBySize });

describe("readScaleDraft", () => {
  it.each([
    ["7, 6, 5, 4, 3, 2", "1", { placings: [7, 6, 5, 4, 3, 2], shown: 1, scaleBySize: false }],
    ["10 8 6;4", "0", { placings: [10, 8, 6, 4], shown: 0, scaleBySize: false }],
    [" 5 ,5, 0 ", " 2 ", { placings: [5, 5, 0], shown: 2, scaleBySize: false }],
  ])("reads %j (shown %j)", (placings, shown, body) => {
    expect(readScaleDraft(draft(placings, shown))).toEqual({ body });
  });

  it.each([
    ["", "1", { placings: e.placingsRequired }],
    [" , ", "1", { placings: e.placingsRequired }],
    [Array.from({ length: 21 }, () => "1").join(","), "1", { placings: e.tooMany(20) }],
    ["7, six, 5", "1", { placings: e.notWhole(1000) }],
    ["7, -1", "1", { placings: e.notWhole(1000) }],
    ["7, 2.5", "1", { placings: e.notWhole(1000) }],
    ["1001", "1", { placings: e.notWhole(1000) }],
    ["5, 6, 4", "1", { placings: e.notDescending }],
    ["7, 6", "", { shown: e.notWhole(1000) }],
    ["7, 6", "x", { shown: e.notWhole(1000) }],
    ["", "x", { placings: e.placingsRequired, shown: e.notWhole(1000) }],
  ])("refuses %j (shown %j), naming the field", (placings, shown, errors) => {
    expect(readScaleDraft(draft(placings, shown))).toEqual({ errors });
  });

  it("keeps scaling by class size and round-trips a scale", () => {
    const scale = { ...DEFAULT_SCALE, placings: [...DEFAULT_SCALE.placings], scaleBySize: true };
    expect(scaleDraft(scale)).toEqual(draft("7, 6, 5, 4, 3, 2", "1", true));
    expect(readScaleDraft(scaleDraft(scale))).toEqual({ body: scale });
  });
});

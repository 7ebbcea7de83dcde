import { describe, expect, it } from "vitest";
import type { PublishLine } from "#domain/contracts/results.ts";
import { DEFAULT_SCALE } from "#domain/results/high-point.ts";
import { classResultRows, entryPlacings, horseKeyOf, type ResultRow } from "#domain/results/result-rows.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const show = { id: "s1", start_date: "2025-08-20", sanctioning_org: "WHOA" };
const line = (
  lineNo: number,
  placing: number | null,
  horse: string,
  horseId: string | null,
): PublishLine => ({
  lineNo,
  placing,
  horse,
  rider: "Jane Doe",
  owner: "Smith Farms",
  horseId,
});
let ids = 0;
const newId = () => `new-${++ids}`;
const lines = [
  line(1, 1, "Midnight Sun", "h1"),
  line(2, 2, "The Gold Rush", null),
  line(3, null, "Shown Only", "h3"),
];
const klass = {
  show,
  cls: { id: "c1", division_id: "lite-shod" },
  lines,
  names: new Map([["h1", "Midnight Sun"]]),
};

describe("horseKeyOf", () => {
  it.each([
    [{ horseId: "h1", horse: "Anything" }, "h1"],
    [{ horseId: null, horse: "The Gold Rush" }, "name:gold rush"],
  ])("%o is %s", (l, key) => expect(horseKeyOf(l)).toBe(key));
});

describe("classResultRows", () => {
  const rows = classResultRows({ ...klass, scale: DEFAULT_SCALE }, [], newId);

  it("scores each line by the scale and files it under the show's year and organisation", () => {
    expect(rows.map((r) => [r.horse_key, r.placing, r.points, r.year, r.org])).toEqual([
      ["h1", 1, 7, 2025, "WHOA"],
      ["name:gold rush", 2, 6, 2025, "WHOA"],
      ["h3", null, 1, 2025, "WHOA"],
    ]);
  });

  it("keeps the id of a horse already on the class and gives a new line a new one", () => {
    const again = classResultRows({ ...klass, scale: DEFAULT_SCALE }, rows.slice(0, 1), newId);
    expect(again[0]?.id).toBe(rows[0]?.id);
    expect(again[1]?.id).not.toBe(rows[1]?.id);
  });

  it("counts in no organisation when the show has none", () => {
    const none = classResultRows(
      { ...klass, show: { ...show, sanctioning_org: null }, scale: DEFAULT_SCALE },
      [],
      newId,
    );
    expect(none.every((r) => r.org === "")).toBe(true);
  });
});

describe("entryPlacings", () => {
  const row = (horse_id: string | null, placing: number | null) => ({ horse_id, placing }) as ResultRow;

  it("labels the placed, marks the shown, and clears horses no longer on the class", () => {
    const placings = entryPlacings([row("gone", 1)], [row("h1", 2), row("h3", null), row(null, 3)]);
    expect([...placings]).toEqual([
      ["gone", null],
      ["h1", "2nd"],
      ["h3", resultsTexts.shown],
    ]);
  });
});

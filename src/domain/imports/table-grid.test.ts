import { describe, expect, it } from "vitest";
import { type Rule, tableGrids } from "#domain/imports/table-grid.ts";

/** A rule across from `from` to `to` at `y`, three pixels thick (three runs, as ruled-lines.ts finds them). */
const across = (y: number, from: number, to: number): Rule[] =>
  [0, 1, 2].map((d) => ({ at: y + d, from, to }));
/** A rule down at `x`, from `top` to `bottom`, in pieces 80 px long (a photo's faint rule). */
const down = (x: number, top: number, bottom: number): Rule[] => {
  const out: Rule[] = [];
  for (let y = top; y < bottom; y += 100) out.push({ at: x, from: y, to: Math.min(bottom, y + 80) });
  return out;
};

/** A table with No. / Class / Premium columns: a caption row, then four rows. */
const table = (x0: number, x1: number) => ({
  across: [400, 470, 530, 590, 700, 760].flatMap((y) => across(y, x0, x1)),
  down: [
    ...down(x0, 400, 763),
    ...down(x0 + 100, 470, 763),
    ...down(x1 - 200, 470, 763),
    ...down(x1, 400, 763),
  ],
});

describe("tableGrids", () => {
  it("finds a ruled table's rows between its rules, inside their thickness", () => {
    const t = table(150, 1184);
    expect(tableGrids(t.across, t.down)).toEqual([
      {
        x0: 150,
        x1: 1184,
        rows: [
          [403, 469],
          [473, 529],
          [533, 589],
          [593, 699],
          [703, 759],
        ],
      },
    ]);
  });

  it("finds two tables side by side apart, the left one first, a rule broken in two as one", () => {
    const left = table(150, 1184);
    const right = table(1219, 2249);
    // The right table's rules across break off for 10 px (a faint stretch of a photo).
    const broken = right.across.flatMap((r) => [
      { ...r, to: 1700 },
      { ...r, from: 1710 },
    ]);
    const grids = tableGrids([...broken, ...left.across], [...right.down, ...left.down]);
    expect(grids.map((g) => [g.x0, g.x1, g.rows.length])).toEqual([
      [150, 1184, 5],
      [1219, 2249, 5],
    ]);
  });

  it("takes boxes stacked in a margin (advertisements) for no table: no rule down parts their columns", () => {
    const tops = [650, 900, 1260];
    const boxes = {
      across: tops.flatMap((y) => [...across(y, 1900, 2250), ...across(y + 230, 1900, 2250)]),
      down: tops.flatMap((y) => [...down(1900, y, y + 230), ...down(2250, y, y + 230)]),
    };
    expect(tableGrids(boxes.across, boxes.down)).toEqual([]);
  });

  it("takes a heading's underline and a footer's rule for no table", () => {
    expect(tableGrids([...across(300, 100, 2300), ...across(3000, 100, 2300)], [])).toEqual([]);
  });
});

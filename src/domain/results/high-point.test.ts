import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Award,
  classAward,
  DEFAULT_SCALE,
  type PointsScale,
  pointsFor,
  rankStandings,
  type StandingInput,
  scaleTotal,
  standingsCsv,
  tallyStandings,
} from "#domain/results/high-point.ts";

const scaled: PointsScale = { ...DEFAULT_SCALE, scaleBySize: true };
const row = (horseKey: string, points: number, horseName = horseKey): StandingInput => ({
  horseKey,
  horseName,
  points,
  shows: 1,
  classes: 1,
  firsts: 0,
  seconds: 0,
  thirds: 0,
});

describe("pointsFor", () => {
  it.each<[PointsScale, number | null, number, number]>([
    [DEFAULT_SCALE, 1, 8, 7],
    [DEFAULT_SCALE, 2, 8, 6],
    [DEFAULT_SCALE, 6, 8, 2],
    [DEFAULT_SCALE, 7, 8, 1],
    [DEFAULT_SCALE, null, 8, 1],
    [DEFAULT_SCALE, 1, 2, 7],
    [scaled, 1, 3, 4],
    [scaled, 3, 3, 2],
    [scaled, 1, 6, 7],
    [scaled, 1, 10, 7],
    [scaled, 8, 10, 1],
  ])("%j placing %j of %j → %j", (scale, placing, size, points) =>
    expect(pointsFor(scale, placing, size)).toBe(points),
  );

  it("totals the default scale", () => {
    expect(scaleTotal(DEFAULT_SCALE, 8)).toBe(7 + 6 + 5 + 4 + 3 + 2 + 1 + 1);
    expect(scaleTotal(scaled, 3)).toBe(4 + 3 + 2);
  });
});

describe("rankStandings", () => {
  it("shares ranks on equal points and orders ties by name", () => {
    expect(
      rankStandings([row("c", 10), row("a", 12), row("b", 10), row("d", 3)]).map((r) => [r.horseKey, r.rank]),
    ).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 2],
      ["d", 4],
    ]);
  });

  it("ranks a later page from the rank of its first row", () => {
    expect(rankStandings([row("x", 5), row("y", 5), row("z", 4)], 50, 49).map((r) => r.rank)).toEqual([
      49, 49, 53,
    ]);
  });
});

describe("standingsCsv", () => {
  it("quotes commas and defuses formulas", () => {
    const csv = standingsCsv(["Rank", "Horse"], rankStandings([row("a", 3, '=cmd, "x"')]));
    expect(csv).toBe('Rank,Horse\r\n1,"\'=cmd, ""x""",3,1,1,0,0,0\r\n');
  });
});

// A class: a few horses, placed 1..n in some order, maybe some shown without a placing.
const classArb = fc
  .record({
    placed: fc.integer({ min: 1, max: 12 }),
    shown: fc.integer({ min: 0, max: 4 }),
    horses: fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { minLength: 16, maxLength: 16 }),
    show: fc.integer({ min: 0, max: 4 }),
  })
  .map(({ placed, shown, horses, show }) => ({
    showId: `show-${show}`,
    lines: Array.from({ length: placed + shown }, (_, i) => ({
      horseKey: `h${horses[i]}`,
      horseName: `Horse ${horses[i]}`,
      placing: i < placed ? i + 1 : null,
    })),
  }));
const scaleArb: fc.Arbitrary<PointsScale> = fc.record({
  placings: fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 10 }),
  shown: fc.integer({ min: 0, max: 5 }),
  scaleBySize: fc.boolean(),
});

describe("properties", () => {
  it("the points handed out in a class equal the scale's total for that class size", () => {
    fc.assert(
      fc.property(scaleArb, classArb, (scale, c) => {
        const shuffled = [...c.lines].reverse();
        const total = classAward(scale, shuffled).reduce((sum, a) => sum + a.points, 0);
        const shownOnly = c.lines.filter((l) => l.placing === null).length;
        const placed = c.lines.length - shownOnly;
        const expected =
          scaleTotal(scale, c.lines.length) -
          // scaleTotal places every horse; the shown-only ones get `shown` instead of their would-be placing.
          Array.from({ length: shownOnly }, (_, i) =>
            pointsFor(scale, placed + i + 1, c.lines.length),
          ).reduce((s, p) => s + p, 0) +
          shownOnly * scale.shown;
        expect(total).toBe(expected);
        if (shownOnly === 0) expect(total).toBe(scaleTotal(scale, c.lines.length));
      }),
    );
  });

  it("reordering classes or their lines never changes the standings", () => {
    fc.assert(
      fc.property(scaleArb, fc.array(classArb, { maxLength: 8 }), fc.integer(), (scale, classes, seed) => {
        const awarded = classes.map((c) => ({ showId: c.showId, awards: classAward(scale, c.lines) }));
        const shuffle = <T>(xs: readonly T[], s: number): T[] =>
          xs
            .map((x, i) => ({ x, k: Math.imul(i + 1, 2654435761 ^ s) >>> 0 }))
            .sort((a, b) => a.k - b.k)
            .map((e) => e.x);
        const reordered = shuffle(awarded, seed).map((c) => ({
          showId: c.showId,
          awards: shuffle<Award>(c.awards, seed + 1),
        }));
        expect(rankStandings(tallyStandings(reordered))).toEqual(rankStandings(tallyStandings(awarded)));
      }),
    );
  });
});

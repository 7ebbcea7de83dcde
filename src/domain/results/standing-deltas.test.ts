import { describe, expect, it } from "vitest";
import type { ResultRow } from "#domain/results/result-rows.ts";
import { movedStanding, standingDeltas, standingKey } from "#domain/results/standing-deltas.ts";

const result = (
  horse_key: string,
  placing: number | null,
  points: number,
  division_id: string | null = "d1",
) =>
  ({
    horse_key,
    horse_id: horse_key.startsWith("name:") ? null : horse_key,
    horse_name: `Printed ${horse_key}`,
    placing,
    points,
    year: 2025,
    org: "WHOA",
    division_id,
  }) as ResultRow;
const key = (horse_key: string) => standingKey({ year: 2025, org: "WHOA", division_id: "d1", horse_key });

describe("standingDeltas", () => {
  it("adds a first publication: points, a class, and the 1st, 2nd or 3rd it was", () => {
    const deltas = standingDeltas(
      [],
      [result("h1", 1, 7), result("h2", 3, 5)],
      new Map([["h1", "Midnight Sun"]]),
    );
    expect(deltas.get(key("h1"))).toMatchObject({
      points: 7,
      classes: 1,
      firsts: 1,
      horse_name: "Midnight Sun",
    });
    expect(deltas.get(key("h2"))).toMatchObject({
      points: 5,
      classes: 1,
      thirds: 1,
      horse_name: "Printed h2",
    });
  });

  it("moves a correction by the difference, and a horse taken off the class loses its class", () => {
    const deltas = standingDeltas([result("h1", 1, 7), result("h2", 2, 6)], [result("h1", 2, 6)], new Map());
    expect(deltas.get(key("h1"))).toMatchObject({ points: -1, classes: 0, firsts: -1, seconds: 1 });
    expect(deltas.get(key("h2"))).toMatchObject({ points: -6, classes: -1, seconds: -1 });
  });

  it("leaves a class of no division out of the standings", () => {
    expect(standingDeltas([], [result("h1", 1, 7, null)], new Map()).size).toBe(0);
  });
});

describe("movedStanding", () => {
  it("adds a delta to the row before it, keeping its name when the delta has none, and its owner", () => {
    const [delta] = standingDeltas([result("h1", 1, 7)], [result("h1", 2, 6)], new Map()).values();
    if (!delta) throw new Error("no delta");
    const before = {
      ...delta,
      horse_name: "Midnight Sun",
      points: 20,
      shows: 3,
      classes: 4,
      firsts: 2,
      seconds: 1,
      thirds: 0,
      owner_name: "Smith Farms",
    };
    expect(movedStanding(before, { ...delta, horse_name: "" }, 3)).toMatchObject({
      horse_name: "Midnight Sun",
      points: 19,
      shows: 3,
      classes: 4,
      firsts: 1,
      seconds: 2,
      owner_name: "Smith Farms",
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  isRankOrder,
  nextSort,
  RANK_ORDER,
  STANDINGS_SORT_PARAMS,
  standingsSortOf,
} from "#domain/results/standings-sort.ts";

describe("choosing a column", () => {
  it("turns the same column round and starts another at its first direction", () => {
    expect(nextSort(RANK_ORDER, "points")).toEqual({ column: "points", direction: "descending" });
    expect(nextSort(RANK_ORDER, "horse")).toEqual({ column: "horse", direction: "ascending" });
    expect(nextSort(RANK_ORDER, "owner")).toEqual({ column: "owner", direction: "ascending" });
    expect(nextSort({ column: "points", direction: "descending" }, "points")).toEqual({
      column: "points",
      direction: "ascending",
    });
    expect(nextSort(RANK_ORDER, "rank")).toEqual({ column: "rank", direction: "descending" });
  });
});

describe("the sort parameter", () => {
  it("names each column either way round, the owner too", () => {
    expect(STANDINGS_SORT_PARAMS).toContain("-placings");
    expect(STANDINGS_SORT_PARAMS).toContain("horse");
    expect(STANDINGS_SORT_PARAMS).toContain("owner");
    expect(STANDINGS_SORT_PARAMS).toContain("-owner");
  });

  it("is the rank order when none is given, and reads a leading minus as descending", () => {
    expect(standingsSortOf(undefined)).toEqual(RANK_ORDER);
    expect(standingsSortOf("-shows")).toEqual({ column: "shows", direction: "descending" });
  });

  it("knows which sorts are the rank order", () => {
    expect(isRankOrder(standingsSortOf("rank"))).toBe(true);
    expect(isRankOrder(standingsSortOf("-points"))).toBe(true);
    expect(isRankOrder(standingsSortOf("points"))).toBe(false);
    expect(isRankOrder(standingsSortOf("-rank"))).toBe(false);
    expect(isRankOrder(standingsSortOf("horse"))).toBe(false);
    expect(isRankOrder(standingsSortOf("owner"))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import type { Roster, RosterShow } from "#domain/contracts/roster.ts";
import { firstCards, ROSTER_FIRST_CARDS } from "#domain/roster/first-cards.ts";

const card = (id: string): RosterShow => ({
  id,
  name: `Show ${id}`,
  location: "Shelbyville, TN",
  startDate: "2026-07-13",
  endDate: "2026-07-13",
  days: [],
});
const cards = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => card(`${prefix}${i + 1}`));
const roster = (today: number, thisWeek: number, showSeason: number): Roster => ({
  today: "2026-07-13",
  sections: { today: cards("t", today), thisWeek: cards("w", thisWeek), showSeason: cards("s", showSeason) },
});
const ids = (r: Roster) => ({
  today: r.sections.today.map((c) => c.id),
  thisWeek: r.sections.thisWeek.map((c) => c.id),
  showSeason: r.sections.showSeason.map((c) => c.id),
});

describe("firstCards", () => {
  it.each([
    { name: "empty", sizes: [0, 0, 0], count: 6, kept: [[], [], []], rest: undefined },
    {
      name: "exactly the first screen",
      sizes: [1, 2, 3],
      count: 6,
      kept: [["t1"], ["w1", "w2"], ["s1", "s2", "s3"]],
      rest: undefined,
    },
    {
      name: "cut in the season",
      sizes: [1, 1, 10],
      count: 6,
      kept: [["t1"], ["w1"], ["s1", "s2", "s3", "s4"]],
      rest: 6,
    },
    {
      name: "cut at a section's end",
      sizes: [0, 6, 4],
      count: 6,
      kept: [[], ["w1", "w2", "w3", "w4", "w5", "w6"], []],
      rest: 4,
    },
    {
      name: "cut in today",
      sizes: [8, 3, 0],
      count: 6,
      kept: [["t1", "t2", "t3", "t4", "t5", "t6"], [], []],
      rest: 5,
    },
    { name: "another count", sizes: [2, 0, 5], count: 3, kept: [["t1", "t2"], [], ["s1"]], rest: 4 },
  ])("$name", ({ sizes, count, kept, rest }) => {
    const [t = 0, w = 0, s = 0] = sizes;
    const whole = roster(t, w, s);
    const page = firstCards(whole, count);
    expect(ids(page)).toEqual({ today: kept[0], thisWeek: kept[1], showSeason: kept[2] });
    expect(page.rest).toBe(rest);
    expect(page.today).toBe(whole.today);
  });

  it("returns a roster that fits as the same object, and cuts at the screen's first cards by default", () => {
    const small = roster(1, 1, 1);
    expect(firstCards(small)).toBe(small);
    const big = roster(0, 0, 78);
    expect(firstCards(big).sections.showSeason).toHaveLength(ROSTER_FIRST_CARDS);
    expect(firstCards(big).rest).toBe(78 - ROSTER_FIRST_CARDS);
    expect(big.sections.showSeason).toHaveLength(78);
  });
});

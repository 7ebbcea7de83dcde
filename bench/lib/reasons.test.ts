import { describe, expect, it } from "vitest";
import { REASONS, reasonFor } from "./reasons.ts";

const client = REASONS.find((r) => r.match.test("first-load JS, roster"));
const rosterApi = REASONS.find((r) => r.match.test("SQLite: roster, typical owner (40 entries)"));

describe("reasonFor", () => {
  it.each([
    "first-load JS, roster",
    "first-load JS, show detail (600 classes)",
    "Lighthouse roster: LCP ≤ 1.5 s",
    "Lighthouse show detail (600 classes): TBT ≤ 50 ms",
  ])("gives the client's reason for %j, not an API row's", (name) => {
    expect(reasonFor(name)).toBe(client);
  });

  it.each([
    ["SQLite: roster, typical owner (40 entries)", /roster is rebuilt/],
    ["PostgreSQL: show detail (600 classes)", /cached, pre-compressed body/],
    ["SQLite: planner first page", /planner page/],
  ])("gives the API reason for %j", (name, text) => {
    expect(reasonFor(name)?.reason).toMatch(text);
    expect(reasonFor(name)).not.toBe(client);
  });

  it("tells the API roster row apart", () => {
    expect(rosterApi).not.toBe(client);
  });
});

import { describe, expect, it } from "vitest";
import { REASONS, reasonFor } from "./reasons.ts";

const bundle = REASONS.find((r) => r.match.test("first-load JS, roster"));
const lighthouse = REASONS.find((r) => r.match.test("Lighthouse roster: LCP ≤ 1.2 s"));
const rosterApi = REASONS.find((r) => r.match.test("SQLite: roster, typical owner (40 entries)"));

describe("reasonFor", () => {
  it.each(["first-load JS, roster", "first-load JS, show detail (600 classes)", "first-load JS, planner"])(
    "gives the bundle's reason for %j, not an API row's",
    (name) => {
      expect(reasonFor(name)?.reason).toMatch(/floor/);
      expect(reasonFor(name)?.reason).toMatch(/npm run size/);
      expect(reasonFor(name)).toBe(bundle);
    },
  );

  it.each([
    "Lighthouse roster: LCP ≤ 1.2 s",
    "Lighthouse show detail (600 classes): TBT ≤ 100 ms",
    "Lighthouse invite sign-up: LCP ≤ 1.4× the floor's",
  ])("gives Lighthouse's reason for %j, not an API row's", (name) => {
    expect(reasonFor(name)?.reason).toMatch(/renders each screen with its data/);
    expect(reasonFor(name)).toBe(lighthouse);
  });

  it.each([
    ["SQLite: roster, typical owner (40 entries)", /repeat roster/],
    ["PostgreSQL: show detail (600 classes)", /cached, pre-compressed body/],
    ["SQLite: planner first page", /planner page/],
  ])("gives the API reason for %j", (name, text) => {
    expect(reasonFor(name)?.reason).toMatch(text);
    expect([bundle, lighthouse]).not.toContain(reasonFor(name));
  });

  it.each([
    [
      "show-day reads on PostgreSQL: /api/shows/:id/day (today's show, running)",
      /cached per show and version/,
    ],
    ["show-day reads on SQLite: /api/standings", /cached per viewer, query and version/],
    ["show-day reads on SQLite: /api/calendar?month=2026-12", /cached per viewer, query and version/],
    ["show-day reads on SQLite: /api/roster", /repeat roster/],
  ])("gives the show-day reads %j their own reason", (name, text) => {
    expect(reasonFor(name)?.reason).toMatch(text);
  });

  it("gives the push fan-out's p99 its own reason, not the notification list's", () => {
    const name = "API p99 during the push fan-out (PostgreSQL)";
    expect(reasonFor(name)?.reason).toMatch(/worker thread/);
    expect(reasonFor(name)).not.toBe(REASONS.find((r) => r.match.test("notifications list")));
  });

  it.each([
    ["SQLite: entry save (PUT, 10 people, 200 classes in turn, each a change)", /worker thread/],
    ["PostgreSQL: entry save (PUT, 10 people, 200 classes in turn, each a change)", /ten people/],
  ])("gives each engine its own entry save reason for %j", (name, text) => {
    expect(reasonFor(name)?.reason).toMatch(text);
  });

  it("explains an OCR page's time, but not a recall it misses", () => {
    expect(reasonFor("OCR rotated: time per page")?.reason).toMatch(/Tesseract/);
    expect(reasonFor("OCR rotated: classes right")).toBeUndefined();
  });

  it("tells the API roster row apart", () => {
    expect([bundle, lighthouse]).not.toContain(rosterApi);
  });
});

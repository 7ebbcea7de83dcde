import { describe, expect, it } from "vitest";
import { dayAtOffset, parseUtcOffset } from "#domain/app/client-day.ts";
import { matchPage, pathFromHash, resolvePage } from "#domain/app/page-routes.ts";

const owner = { roles: ["Owner"] as const };
const trainer = { roles: ["Owner", "Trainer"] as const };
const admin = { roles: ["Owner", "Admin"] as const };

describe("what a page address shows (the spec's routing rules)", () => {
  it.each([
    // signed out: only /auth exists
    ["/auth", "", null, { kind: "screen", screen: "auth", params: {} }],
    ["/auth/", "?mode=signup&invitedBy=t1", null, { kind: "screen", screen: "auth", params: {} }],
    ["/", "", null, { kind: "redirect", to: "/auth" }],
    ["/roster", "", null, { kind: "redirect", to: "/auth" }],
    ["/shows/abc", "", null, { kind: "redirect", to: "/auth?next=%2Fshows%2Fabc" }],
    [
      "/shows/abc/print",
      "?day=2",
      null,
      { kind: "redirect", to: "/auth?next=%2Fshows%2Fabc%2Fprint%3Fday%3D2" },
    ],
    ["/nowhere", "", null, { kind: "redirect", to: "/auth" }],
    ["/auth", "?next=%2Fshows%2Fs1%2Fprint", owner, { kind: "redirect", to: "/shows/s1/print" }],
    ["/auth", "?next=%2F%2Fevil.example", owner, { kind: "redirect", to: "/roster" }],
    // signed in: / and unknown paths go to /roster, /auth opens the roster
    ["/", "", owner, { kind: "redirect", to: "/roster" }],
    ["/nowhere", "", owner, { kind: "redirect", to: "/roster" }],
    ["/auth", "", owner, { kind: "redirect", to: "/roster" }],
    ["/auth", "?mode=signup&invitedBy=t%261", owner, { kind: "redirect", to: "/roster?invitedBy=t%261" }],
    ["/roster", "", owner, { kind: "screen", screen: "roster", params: {} }],
    ["/ROSTER/", "", owner, { kind: "screen", screen: "roster", params: {} }],
    ["/planner", "?highlight=s1", owner, { kind: "screen", screen: "planner", params: {} }],
    ["/shows/a%20b", "", owner, { kind: "screen", screen: "show", params: { showId: "a b" } }],
    ["/horses/h1", "", owner, { kind: "screen", screen: "horse", params: { horseId: "h1" } }],
    ["/shows/a/b", "", owner, { kind: "redirect", to: "/roster" }],
    // roles
    ["/barn", "", owner, { kind: "redirect", to: "/roster" }],
    ["/barn", "", trainer, { kind: "screen", screen: "barn", params: {} }],
    ["/admin", "", trainer, { kind: "redirect", to: "/roster" }],
    ["/admin", "", admin, { kind: "screen", screen: "admin", params: {} }],
    // bad input: malformed escapes, over-long ids, paths and queries are no route
    ["/shows/%E0%A4%A", "", owner, { kind: "redirect", to: "/roster" }],
    [`/shows/${"x".repeat(101)}`, "", owner, { kind: "redirect", to: "/roster" }],
    [`/roster/${"x".repeat(600)}`, "", owner, { kind: "redirect", to: "/roster" }],
    ["/planner", `?name=${"x".repeat(3000)}`, owner, { kind: "redirect", to: "/roster" }],
    ["/auth", `?invitedBy=${"x".repeat(3000)}`, null, { kind: "redirect", to: "/auth" }],
  ] as const)("%s%s for %j", (path, search, user, expected) => {
    expect(resolvePage(path, search, user)).toEqual(expected);
  });

  it("matches params case-insensitively and decodes them", () => {
    expect(matchPage("/shows/:showId", "/Shows/cel%2D12")).toEqual({ showId: "cel-12" });
    expect(matchPage("/shows/:showId", "/shows/")).toBeNull();
  });
});

describe("the spec's hash links", () => {
  it.each([
    ["#/planner?x=1", "/planner?x=1"],
    ["#/planner?past=1", "/planner?past=1"],
    ["#/shows/cel-12", "/shows/cel-12"],
    ["#/", "/"],
    ["#/auth?mode=signup&invitedBy=t1", "/auth?mode=signup&invitedBy=t1"],
    ["#main-content", null],
    ["", null],
  ])("%s → %s", (hash, path) => {
    expect(pathFromHash(hash)).toBe(path);
  });
});

describe("the viewer's calendar day", () => {
  const now = new Date("2026-11-27T03:30:00Z");
  it.each([
    [0, "2026-11-27"],
    [360, "2026-11-26"], // US Central, 21:30 the day before
    [-600, "2026-11-27"], // UTC+10
    [-690, "2026-11-27"],
  ])("offset %i → %s", (offset, day) => {
    expect(dayAtOffset(now, offset)).toBe(day);
  });

  it.each([
    ["360", 360],
    ["-840", -840],
    ["720", 720],
    ["721", null],
    ["-841", null],
    ["6e2", null],
    ["", null],
    [undefined, null],
  ])("cookie %j → %j", (value, offset) => {
    expect(parseUtcOffset(value)).toBe(offset);
  });
});

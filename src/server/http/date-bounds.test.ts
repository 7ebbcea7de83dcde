import { beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_DAY_ERRORS } from "#domain/contracts/calendar-day.ts";
import { buildHorse } from "#tests/support/horses-factories.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 19, item 8: show dates from year 1 to 9999 were accepted, and such a show made every season
 * plan cost seconds and a gigabyte. Every request that carries a date takes 1900–2100 only (the
 * shared calendar-day contract), on both engines; a calendar file's rows outside it are listed as
 * problems (src/domain/imports/calendar-import.test.ts).
 */
let show: { id: string };
let horse: { id: string };

const t = buildTestApp();
const admin = t.user({ roles: ["Owner", "Trainer", "Admin"], dateOfBirth: "1980-01-01" });

beforeAll(async () => {
  show = await buildShow(t.app);
  horse = await buildHorse(t.app, { owners: [admin.id] });
});

const newShow = (over: Record<string, unknown> = {}) => ({
  name: "Bounded Dates Classic",
  startDate: "2026-06-12",
  endDate: "2026-06-13",
  location: "Shelbyville, TN",
  ...over,
});

type Method = "GET" | "POST" | "PUT" | "PATCH";

describe("dates outside 1900–2100", () => {
  const cases: [string, () => [Method, string, unknown?]][] = [
    [
      "a new show from year 1 to 9999",
      () => ["POST", "/api/shows", newShow({ startDate: "0001-01-01", endDate: "9999-12-31" })],
    ],
    ["a new show ending in 2101", () => ["POST", "/api/shows", newShow({ endDate: "2101-01-01" })]],
    [
      "a new show's class day",
      () => [
        "POST",
        "/api/shows",
        newShow({ classes: [{ id: "class-1", name: "Park Pleasure", date: "9999-06-12" }] }),
      ],
    ],
    ["a show's changed end date", () => ["PATCH", `/api/shows/${show.id}`, { endDate: "9999-12-31" }]],
    [
      "an imported calendar show",
      () => [
        "POST",
        "/api/admin/calendar/import",
        { shows: [{ ...newShow({ startDate: "1850-06-12" }), sanctioningOrg: null }] },
      ],
    ],
    [
      "imported classes' day",
      () => [
        "POST",
        `/api/admin/shows/${show.id}/classes/import`,
        { classes: [{ number: "7", name: "Park Pleasure", date: "2101-06-12" }] },
      ],
    ],
    ["a prediction's today", () => ["GET", `/api/admin/shows/${show.id}/prediction?today=9999-01-01`]],
    [
      "a horse's birth",
      () => [
        "POST",
        "/api/horses",
        { name: "Old Timer", dateOfBirth: "1850-04-01", gender: "Mare", canters: false, divisions: [] },
      ],
    ],
    [
      "a horse's changed birth",
      () => [
        "PUT",
        `/api/horses/${horse.id}`,
        { name: "Old Timer", dateOfBirth: "0001-04-01", gender: "Mare", canters: false, divisions: [] },
      ],
    ],
    [
      "a person's birth in the profile",
      () => [
        "PUT",
        "/api/profile",
        { name: "Ada", email: admin.email, dateOfBirth: "1899-12-31", gender: null },
      ],
    ],
    [
      "a new user's birth (admin)",
      () => [
        "POST",
        "/api/admin/users",
        { name: "Ada", email: "ada@example.test", roles: ["Owner"], gender: null, dateOfBirth: "0001-01-01" },
      ],
    ],
    [
      "a show record's date",
      () => [
        "POST",
        "/api/records",
        {
          showName: "Spring",
          className: "Park",
          showDate: "9999-06-01",
          placing: "1",
          horseId: horse.id,
          riderId: admin.id,
        },
      ],
    ],
    ["the roster's today", () => ["GET", "/api/roster?today=9999-01-01"]],
  ];

  it.each(cases)("refuses %s with 400", async (_, request) => {
    const [method, url, body] = request();
    const res = await call(t.app, method, url, { cookie: admin.cookie, body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain(CALENDAR_DAY_ERRORS.range);
  });

  it("takes the first and last day of the range", async () => {
    const res = await call(t.app, "POST", "/api/shows", {
      cookie: admin.cookie,
      body: newShow({ startDate: "1900-01-01", endDate: "2100-12-31" }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const roster = await call(t.app, "GET", "/api/roster?today=2100-12-31", { cookie: admin.cookie });
    expect(roster.statusCode).toBe(200);
  });
});

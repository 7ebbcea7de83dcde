import { describe, expect, it } from "vitest";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * A class dated outside its show's dates would never reach a roster (issue 23): refused on every path
 * that saves one, with a message naming the class — the editor's PATCH (fields and classes together),
 * PUT /classes, the schedule's classes of no session — not only POST /api/shows and the import.
 */

const t = buildTestApp();
const admin = t.user({ roles: ["Owner", "Admin"] });
const owner = t.user({ roles: ["Owner", "Trainer"] });

const detailOf = async (id: string) =>
  (await call(t.app, "GET", `/api/shows/${id}`, { cookie: owner.cookie })).json() as ShowDetail;

/** A two-day show, 2027-05-14 and 15, with class 1 on the 15th and class 2 undated. */
const twoDayShow = () =>
  buildShow(t.app, {
    startDate: "2027-05-14",
    days: 2,
    classes: [
      { id: "class-1", name: "Lead Line", date: "2027-05-15" },
      { id: "class-2", name: "Park Pleasure" },
    ],
  });

const outside = (n: string, date: string, start = "2027-05-14", end = "2027-05-15") =>
  prizeListTexts.outsideDates(n, date, start, end);

describe("PUT /api/shows/:id/classes", () => {
  it("refuses a class dated outside the show's dates, naming it, and changes nothing", async () => {
    const show = await twoDayShow();
    const before = await detailOf(show.id);
    const res = await call(t.app, "PUT", `/api/shows/${show.id}/classes`, {
      cookie: admin.cookie,
      body: {
        classes: [
          { id: "class-1", number: "1", name: "Lead Line", date: "2027-05-15" },
          { id: "class-2", number: "2", name: "Park Pleasure", date: "2027-05-16" },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(outside("2", "2027-05-16"));
    expect(await detailOf(show.id)).toEqual(before);
  });
});

describe("PATCH /api/shows/:id", () => {
  it("refuses new dates that leave a class outside them, naming it, and changes nothing", async () => {
    const show = await twoDayShow();
    const before = await detailOf(show.id);
    const res = await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      cookie: admin.cookie,
      body: { endDate: "2027-05-14" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(outside("1", "2027-05-15", "2027-05-14", "2027-05-14"));
    expect(await detailOf(show.id)).toEqual(before);
  });

  it("moves the show and its classes together in one request (the show editor's save)", async () => {
    const show = await twoDayShow();
    const res = await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      cookie: admin.cookie,
      body: {
        startDate: "2027-06-11",
        endDate: "2027-06-12",
        classes: [
          { id: "class-1", number: "1", name: "Lead Line", date: "2027-06-12" },
          { id: "class-2", number: "2", name: "Park Pleasure, Open" },
          { number: "3", name: "Fine Harness", date: "2027-06-11" },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as ShowDetail;
    expect([saved.startDate, saved.endDate]).toEqual(["2027-06-11", "2027-06-12"]);
    expect(saved.classes.map((c) => [c.id, c.name, c.date])).toEqual([
      ["class-1", "Lead Line", "2027-06-12"],
      ["class-2", "Park Pleasure, Open", null],
      ["class-3", "Fine Harness", "2027-06-11"],
    ]);
  });

  it("refuses a class of the editor's list dated outside the new dates, and changes nothing", async () => {
    const show = await twoDayShow();
    const before = await detailOf(show.id);
    const res = await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      cookie: admin.cookie,
      body: {
        name: "Renamed",
        classes: [
          { id: "class-1", number: "1", name: "Lead Line", date: "2027-05-15" },
          { number: "36A", name: "Amateur Country Pleasure", date: "2027-05-13" },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(outside("36A", "2027-05-13"));
    expect(await detailOf(show.id)).toEqual(before);
  });

  it.each([
    ["another show's class id", [{ id: "class-9", number: "9", name: "Not here" }]],
    ["a number with punctuation", [{ number: "1; DROP", name: "x" }]],
    ["an unknown field", [{ number: "3", name: "x", showId: "other" }]],
  ])("refuses %s in the class list with 400", async (_label, classes) => {
    const show = await twoDayShow();
    const before = await detailOf(show.id);
    const res = await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      cookie: admin.cookie,
      body: { name: "Renamed", classes },
    });
    expect(res.statusCode).toBe(400);
    expect(await detailOf(show.id)).toEqual(before);
  });

  it("is the admin's: someone else gets 403 and nothing changes", async () => {
    const show = await twoDayShow();
    const before = await detailOf(show.id);
    const res = await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      cookie: owner.cookie,
      body: { classes: [{ number: "3", name: "Sneaky" }] },
    });
    expect(res.statusCode).toBe(403);
    expect(await detailOf(show.id)).toEqual(before);
  });
});

describe("PUT /api/shows/:id/schedule", () => {
  it("refuses a class of no session dated outside the show's dates, naming it", async () => {
    const show = await twoDayShow();
    const res = await call(t.app, "PUT", `/api/shows/${show.id}/schedule`, {
      cookie: admin.cookie,
      body: {
        timeZone: null,
        minutesPerClass: 7,
        sessions: [],
        unscheduled: [
          { id: "class-1", number: "1", name: "Lead Line", date: "2027-05-15" },
          { id: "class-2", number: "2", name: "Park Pleasure", date: "2028-05-15" },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(outside("2", "2028-05-15"));
  });
});

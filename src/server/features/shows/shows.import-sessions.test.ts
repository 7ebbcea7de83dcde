import { beforeAll, describe, expect, it } from "vitest";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Imported session headings become the show's sessions (issues 21 and 23): through POST /api/shows (a new
 * show from an import) and POST /api/admin/shows/:id/classes/import (an existing one).
 */

const t = buildTestApp();
const admin = t.user({ roles: ["Owner", "Admin"] });
const owner = t.user({ roles: ["Owner", "Trainer"] });

const friday = { name: "Friday Night", date: "2027-05-14", startTime: "19:00" };
const saturday = { name: "Saturday Night", date: "2027-05-15", startTime: "19:00" };

const detailOf = async (id: string) =>
  (await call(t.app, "GET", `/api/shows/${id}`, { cookie: owner.cookie })).json() as ShowDetail;

/** "Friday Night 2027-05-14 19:00 Main Ring: 1, 2" per session, in the show's order. */
const sessionsOf = (show: ShowDetail) =>
  show.sessions.map(
    (s) =>
      `${s.name} ${s.date} ${s.startTime ?? "untimed"} ${s.ring}: ${show.classes
        .filter((c) => c.sessionId === s.id)
        .map((c) => `${c.number}@${c.date}`)
        .join(", ")}`,
  );

describe("a new show from an imported list (POST /api/shows)", () => {
  it("makes a Main Ring session per heading with its classes in order, and times them", async () => {
    const res = await call(t.app, "POST", "/api/shows", {
      cookie: admin.cookie,
      body: {
        name: "Spring Fling Horse Show",
        startDate: "2027-05-14",
        endDate: "2027-05-15",
        location: "TBD",
        judges: ["TBA"],
        classes: [
          { id: "class-1", name: "Lead Line", date: friday.date, session: friday },
          { id: "class-2", name: "Walking Yearling", date: friday.date, session: friday },
          { id: "class-3", name: "Park Pleasure", date: saturday.date, session: saturday },
          { id: "class-4", name: "Fine Harness", date: null, session: null },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const show = res.json() as ShowDetail;
    expect(sessionsOf(show)).toEqual([
      "Friday Night 2027-05-14 19:00 Main Ring: 1@2027-05-14, 2@2027-05-14",
      "Saturday Night 2027-05-15 19:00 Main Ring: 3@2027-05-15",
    ]);
    expect(show.classes.find((c) => c.number === "4")?.sessionId).toBeNull();
    // The printed schedule: the session's start, then the show's minutes per class.
    expect(show.classes.slice(0, 3).map((c) => c.plannedTime)).toEqual([
      expect.stringMatching(/^7:00 PM/),
      expect.stringMatching(/^7:07 PM/),
      expect.stringMatching(/^7:00 PM/),
    ]);
    expect(await detailOf(show.id)).toEqual(show);
  });

  it("refuses a class whose session's day is outside the show's dates, naming it", async () => {
    const res = await call(t.app, "POST", "/api/shows", {
      cookie: admin.cookie,
      body: {
        name: "Short Show",
        startDate: "2027-05-14",
        endDate: "2027-05-14",
        location: "TBD",
        classes: [
          { id: "class-1", name: "Lead Line", session: friday },
          { id: "class-2", name: "Park Pleasure", session: saturday },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(
      prizeListTexts.outsideDates("2", "2027-05-15", "2027-05-14", "2027-05-14"),
    );
  });
});

describe("an imported list added to a show (POST /api/admin/shows/:id/classes/import)", () => {
  const url = (id: string) => `/api/admin/shows/${id}/classes/import`;
  let showId: string;
  beforeAll(async () => {
    showId = (
      await buildShow(t.app, {
        name: "Marshall County Spring Show",
        startDate: "2027-05-14",
        days: 2,
        classes: [{ id: "class-1", name: "Lead Line" }],
      })
    ).id;
    // The admin already made Friday's session in Show Management.
    const put = await call(t.app, "PUT", `/api/shows/${showId}/schedule`, {
      cookie: admin.cookie,
      body: {
        timeZone: null,
        minutesPerClass: 5,
        sessions: [
          {
            name: "Friday Night",
            date: "2027-05-14",
            startTime: "18:30",
            classes: [{ id: "class-1", number: "1", name: "Lead Line" }],
          },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
  });

  it("reuses the show's session of the same name and day, makes the others, in the list's order", async () => {
    const res = await call(t.app, "POST", url(showId), {
      cookie: admin.cookie,
      body: {
        classes: [
          {
            number: "2",
            name: "Walking Yearling",
            date: friday.date,
            session: { ...friday, name: "FRIDAY NIGHT" },
          },
          { number: "3", name: "Park Pleasure", date: saturday.date, session: saturday },
          { number: "4", name: "Fine Harness", date: saturday.date, session: saturday },
          { number: "5", name: "Wed PM class", session: { name: "Wed PM" } },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().added.map((c: { id: string }) => c.id)).toEqual([
      "class-2",
      "class-3",
      "class-4",
      "class-5",
    ]);
    expect(sessionsOf(await detailOf(showId))).toEqual([
      // Kept as the admin made it (its time and name), with the new class after its own.
      "Friday Night 2027-05-14 18:30 Main Ring: 1@2027-05-14, 2@2027-05-14",
      "Saturday Night 2027-05-15 19:00 Main Ring: 3@2027-05-15, 4@2027-05-15",
      // No day printed: on the show's first day, for the admin to move.
      "Wed PM 2027-05-14 untimed Main Ring: 5@2027-05-14",
    ]);
  });

  it("importing the same list again doubles neither classes nor sessions", async () => {
    const before = await detailOf(showId);
    const res = await call(t.app, "POST", url(showId), {
      cookie: admin.cookie,
      body: { classes: [{ number: "3", name: "Park Pleasure", date: saturday.date, session: saturday }] },
    });
    expect(res.json()).toEqual({ added: [], skipped: 1 });
    const after = await detailOf(showId);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.classes).toEqual(before.classes);
  });

  it.each([
    ["a start time that is not one", { name: "Friday Night", startTime: "25:00" }],
    ["a session date that is not one", { name: "Friday Night", date: "May 14" }],
    ["an empty session name", { name: "   " }],
    ["a huge session name", { name: "x".repeat(10_000) }],
    ["an unknown session field", { name: "Friday Night", ring: "Ring 2" }],
  ])("refuses %s with 400 and changes nothing", async (_label, session) => {
    const before = await detailOf(showId);
    const res = await call(t.app, "POST", url(showId), {
      cookie: admin.cookie,
      body: { classes: [{ number: "90", name: "Late Class", session }] },
    });
    expect(res.statusCode).toBe(400);
    expect(await detailOf(showId)).toEqual(before);
  });

  it("refuses a session day outside the show's dates, naming the class", async () => {
    const res = await call(t.app, "POST", url(showId), {
      cookie: admin.cookie,
      body: {
        classes: [{ number: "91", name: "Sunday Class", session: { name: "Sunday", date: "2027-05-16" } }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      prizeListTexts.outsideDates("91", "2027-05-16", "2027-05-14", "2027-05-15"),
    );
  });

  it("is the admin's: someone else gets 403 and nothing changes", async () => {
    const before = await detailOf(showId);
    const res = await call(t.app, "POST", url(showId), {
      cookie: owner.cookie,
      body: { classes: [{ number: "92", name: "Sneaky", session: friday }] },
    });
    expect(res.statusCode).toBe(403);
    expect(await detailOf(showId)).toEqual(before);
  });
});

describe("classes pasted in the show editor (PATCH /api/shows/:id and PUT /classes)", () => {
  it("puts a new pasted class in the session it was printed under, kept classes where they were", async () => {
    const show = await buildShow(t.app, {
      startDate: "2027-05-14",
      days: 2,
      classes: [{ id: "class-1", name: "Lead Line" }],
    });
    const res = await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      cookie: admin.cookie,
      body: {
        name: "Pasted Show",
        classes: [
          // A kept class's heading is not the editor's to change: sessions are edited in Sessions.
          { id: "class-1", number: "1", name: "Lead Line", session: friday },
          { number: "2", name: "Walking Yearling", date: saturday.date, session: saturday },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(sessionsOf(res.json())).toEqual(["Saturday Night 2027-05-15 19:00 Main Ring: 2@2027-05-15"]);
    const put = await call(t.app, "PUT", `/api/shows/${show.id}/classes`, {
      cookie: admin.cookie,
      body: {
        classes: [
          { id: "class-1", number: "1", name: "Lead Line" },
          { id: "class-2", number: "2", name: "Walking Yearling", date: saturday.date },
          { number: "3", name: "Park Pleasure", date: saturday.date, session: saturday },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(sessionsOf(put.json())).toEqual([
      "Saturday Night 2027-05-15 19:00 Main Ring: 2@2027-05-15, 3@2027-05-15",
    ]);
  });

  it("refuses a pasted class whose heading's day is outside the show's dates", async () => {
    const show = await buildShow(t.app, { startDate: "2027-05-14", days: 1 });
    const res = await call(t.app, "PUT", `/api/shows/${show.id}/classes`, {
      cookie: admin.cookie,
      body: { classes: [{ number: "7", name: "Park Pleasure", session: saturday }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      prizeListTexts.outsideDates("7", "2027-05-15", "2027-05-14", "2027-05-14"),
    );
  });
});

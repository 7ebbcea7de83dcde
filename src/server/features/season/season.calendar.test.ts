import { beforeAll, describe, expect, it } from "vitest";
import type { CalendarMonth } from "#domain/contracts/season.ts";
import { buildEntry } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const ids: Record<string, string> = {};

const t = buildTestApp();
const owner = t.user({ name: "Casey Owner" });
const other = t.user({ name: "Sam Other" });
const viewer = t.user({ name: "Rita Rider" });

beforeAll(async () => {
  const show = async (key: string, startDate: string, days: number, name = key) => {
    ids[key] = (
      await buildShow(t.app, { name, startDate, days, judges: ["Larry Wheelon"], classes: ["Model Mares"] })
    ).id;
  };
  await show("before", "2030-05-30", 3, "Memorial Classic"); // runs into June
  await show("inside", "2030-06-12", 2, "Lions Club Show");
  await show("after", "2030-06-30", 2, "Summer Jubilee"); // runs into July
  await show("july", "2030-07-04", 1, "Fourth Of July Show");
  await buildEntry(t.app, {
    userId: owner.id,
    showId: ids.inside!,
    classId: "class-1",
    status: "WatchClass",
  });
});

const month = (cookie: string, query: string) => call(t.app, "GET", `/api/calendar?${query}`, { cookie });

describe("GET /api/calendar", () => {
  it("lists the shows meeting the month, by start, mine marked", async () => {
    const res = await month(owner.cookie, "month=2030-06");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const body = res.json<CalendarMonth>();
    expect(body.shows.map((s) => [s.name, s.mine])).toEqual([
      ["Memorial Classic", false],
      ["Lions Club Show", true],
      ["Summer Jubilee", false],
    ]);
    expect(body.truncated).toBe(false);
  });

  it("applies the planner's filters, and `mine` keeps only shows with my entries", async () => {
    const named = await month(owner.cookie, "month=2030-06&name=jubilee");
    expect(named.json<CalendarMonth>().shows.map((s) => s.name)).toEqual(["Summer Jubilee"]);
    const mine = await month(owner.cookie, "month=2030-06&mine=1");
    expect(mine.json<CalendarMonth>().shows.map((s) => s.name)).toEqual(["Lions Club Show"]);
    // Someone else's entries never mark a show as mine.
    const others = await month(other.cookie, "month=2030-06&mine=1");
    expect(others.json<CalendarMonth>().shows).toEqual([]);
  });

  it("answers a repeat read from its cache, 304 to its ETag, and anew once an entry, a block or a show changes it", async () => {
    const read = (etag?: string) =>
      call(t.app, "GET", "/api/calendar?month=2030-06", {
        cookie: viewer.cookie,
        headers: etag ? { "if-none-match": etag } : {},
      });
    const marks = async () => {
      const res = await read();
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      return {
        etag: String(res.headers.etag),
        shows: res.json<CalendarMonth>().shows.map((s) => [s.name, s.mine]),
      };
    };
    const first = await marks();
    expect(first.shows).toEqual([
      ["Memorial Classic", false],
      ["Lions Club Show", false],
      ["Summer Jubilee", false],
    ]);
    expect((await read(first.etag)).statusCode).toBe(304);

    // Someone else's entry naming them as rider marks the show as theirs.
    await buildEntry(t.app, {
      userId: other.id,
      showId: ids.after!,
      classId: "class-1",
      status: "WatchClass",
      riderId: viewer.id,
    });
    // Written to the table directly: like the API's writes, it waits for its notice (ADR 057).
    await t.app.deps.db.versions.caughtUp();
    const entered = await marks();
    expect(entered.shows[2]).toEqual(["Summer Jubilee", true]);
    expect(entered.etag).not.toBe(first.etag);
    expect((await read(first.etag)).statusCode).toBe(200);

    // Blocking its author unmarks it.
    const blocked = await call(t.app, "POST", "/api/blocks", {
      cookie: viewer.cookie,
      body: { userId: other.id },
    });
    expect(blocked.statusCode).toBe(200);
    expect((await marks()).shows[2]).toEqual(["Summer Jubilee", false]);

    // A show renamed (its revision, the catalogue's counter) is read again.
    const rename = async (name: string) => {
      await t.app.deps.db.db.updateTable("show").set({ name }).where("id", "=", ids.inside!).execute();
      await t.app.deps.db.versions.caughtUp();
    };
    await rename("Lions Club Charity Show");
    expect((await marks()).shows[1]).toEqual(["Lions Club Charity Show", false]);
    await rename("Lions Club Show");
  });

  it("refuses a bad month, an unknown parameter and a request without a session", async () => {
    for (const query of ["month=2030-13", "month=2030-6", "month=june", "", "month=2030-06&period=past"]) {
      const res = await month(owner.cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty("error");
      expect(res.body).not.toMatch(/at .*\.ts/);
    }
    expect((await call(t.app, "GET", "/api/calendar?month=2030-06")).statusCode).toBe(401);
  });
});

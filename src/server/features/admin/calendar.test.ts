import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_LIMITS, type CalendarPreview, type CalendarShow } from "#domain/contracts/admin.ts";
import { CALENDAR_SAMPLE_CSV } from "#domain/imports/calendar-import.ts";
import { FETCH_ERRORS } from "#server/platform/safe-fetch.ts";
import { eventsIn, foldedCalendarBomb } from "#tests/support/bombs.ts";
import { calendarCsv, calendarCsvRows, calendarIcs } from "#tests/support/calendar-fixtures.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { upload } from "#tests/support/horses-factories.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";
import { buildAppForTest, type SignedInUser } from "#tests/support/test-app.ts";
import { CALENDAR_ERRORS, countIcsEvents } from "./calendar-files.ts";

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let fileServer: Server;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ importAllowPrivateUrls: true });
  admin = await signedInUser(t.app, { roles: ["Owner", "Admin"] });
  owner = await signedInUser(t.app);
  fileServer = createServer((req, res) => {
    if (req.url === "/calendar.ics")
      res.writeHead(200, { "content-type": "text/calendar" }).end(calendarIcs());
    else if (req.url === "/moved") res.writeHead(302, { location: "/calendar.ics" }).end();
    else if (req.url === "/huge.csv") {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end(`name,start_date\n${"x,2026-01-01\n".repeat(250_000)}`);
    } else res.writeHead(404).end("not here");
  });
  await new Promise<void>((resolve) => fileServer.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => fileServer.close(resolve));
  await t.close();
});

const previewFile = (bytes: Buffer | string, filename: string, cookie = admin.cookie) =>
  upload(
    t.app,
    "/api/admin/calendar/preview",
    { bytes: Buffer.from(bytes), filename, contentType: "text/plain" },
    cookie,
    {
      method: "POST",
    },
  );

async function importAll(preview: CalendarPreview, existing: "skip" | "update" = "skip") {
  const shows: CalendarShow[] = [
    ...preview.newShows,
    ...preview.existing.map(({ id: _id, changed: _c, differences: _d, ...s }) => s),
  ];
  const totals = { created: 0, updated: 0, skipped: 0 };
  for (let i = 0; i < shows.length; i += CALENDAR_LIMITS.batch) {
    const res = await call(t.app, "POST", "/api/admin/calendar/import", {
      cookie: admin.cookie,
      body: { shows: shows.slice(i, i + CALENDAR_LIMITS.batch), existing },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const k of ["created", "updated", "skipped"] as const) totals[k] += res.json()[k];
  }
  return totals;
}

const showCount = async () => (await t.app.deps.db.db.selectFrom("show").select("id").execute()).length;
const newShowNotices = async () =>
  (await t.app.deps.db.db.selectFrom("notification").select("id").where("type", "=", "NewShow").execute())
    .length;

describe("calendar import", () => {
  it("reads the real CSV calendar cleanly, imports it once, and a second time adds nothing", async () => {
    const rows = calendarCsvRows();
    const res = await previewFile(calendarCsv(), "shows-calendar.csv");
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as CalendarPreview;
    expect(preview.format).toBe("csv");
    expect(preview.problems).toEqual([]);
    expect(preview.newShows).toHaveLength(rows.length);
    expect(preview.newShows[0]).toEqual({
      name: rows[0]!.name,
      startDate: rows[0]!.start_date,
      endDate: rows[0]!.end_date || rows[0]!.start_date,
      location: `${rows[0]!.city}, ${rows[0]!.state}`,
      sanctioningOrg: rows[0]!.sanctioning_org || null,
    });

    const before = await showCount();
    const notices = await newShowNotices();
    // The owner hears of every new show, the admin (no tie to these shows) of none: one summary in all (ADR 023).
    await call(t.app, "PUT", "/api/push/settings", {
      cookie: owner.cookie,
      body: { choices: {}, quietHours: false, timeZone: "America/Chicago", newShows: "all" },
    });
    expect(await importAll(preview)).toEqual({ created: rows.length, updated: 0, skipped: 0 });
    expect(await showCount()).toBe(before + rows.length);
    expect(await newShowNotices()).toBe(notices + 1);

    const again = (await previewFile(calendarCsv(), "shows-calendar.csv")).json() as CalendarPreview;
    expect(again.newShows).toEqual([]);
    expect(again.existing).toHaveLength(rows.length);
    expect(again.existing.every((s) => !s.changed)).toBe(true);
    expect(await importAll(again)).toEqual({ created: 0, updated: 0, skipped: rows.length });
    expect(await showCount()).toBe(before + rows.length);
  });

  it("reads the same calendar as iCalendar and finds every show already present", async () => {
    const res = await previewFile(calendarIcs(), "shows-calendar.ics");
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as CalendarPreview;
    expect(preview.format).toBe("ics");
    expect(preview.problems).toEqual([]);
    expect(preview.newShows).toEqual([]);
    expect(preview.existing).toHaveLength(calendarCsvRows().length);
    expect(preview.existing.filter((s) => s.changed)).toEqual([]);
  });

  it("reads the sample CSV the import screen offers, every row", async () => {
    const res = await previewFile(CALENDAR_SAMPLE_CSV, "sample.csv");
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as CalendarPreview;
    expect(preview.problems).toEqual([]);
    expect(preview.newShows).toEqual([
      {
        name: "Spring Jubilee Horse Show",
        startDate: "2027-04-16",
        endDate: "2027-04-17",
        location: "Columbia, TN",
        sanctioningOrg: "WHOA",
      },
      {
        name: "Celebration Arena Classic",
        startDate: "2027-05-21",
        endDate: "2027-05-22",
        location: "Calsonic Arena, Shelbyville, TN",
        sanctioningOrg: "TWHBEA",
      },
    ]);
  });

  it("updates a present show only when asked to, and never duplicates it", async () => {
    const csv = "name,start_date,end_date,city,state\nUpdate Me Show,2031-05-01,2031-05-01,Lewisburg,TN\n";
    await importAll((await previewFile(csv, "a.csv")).json());
    const changed = (
      await previewFile(csv.replace("2031-05-01,Lewisburg", "2031-05-02,Lewisburg"), "a.csv")
    ).json();
    expect(changed.existing).toMatchObject([
      {
        name: "Update Me Show",
        endDate: "2031-05-02",
        changed: true,
        differences: [{ field: "endDate", from: "2031-05-01", to: "2031-05-02" }],
      },
    ]);
    expect(await importAll(changed, "skip")).toEqual({ created: 0, updated: 0, skipped: 1 });
    expect(await importAll(changed, "update")).toEqual({ created: 0, updated: 1, skipped: 0 });
    const rows = await t.app.deps.db.db
      .selectFrom("show")
      .select("end_date")
      .where("name", "=", "Update Me Show")
      .execute();
    expect(rows).toEqual([{ end_date: "2031-05-02" }]);
  });

  it("lists the rows it cannot read, with the reason, and imports the rest", async () => {
    const csv =
      "name,start_date,end_date\nGood Show,2031-06-01,\n,2031-06-02,\nBad Date Show,someday,\nBackwards,2031-06-05,2031-06-01\n";
    const preview = (await previewFile(csv, "b.csv")).json() as CalendarPreview;
    expect(preview.newShows.map((s) => s.name)).toEqual(["Good Show"]);
    expect(preview.problems.map((p) => [p.row, p.reason])).toEqual([
      [3, "No show name."],
      [4, "The start date 'someday' is not a date (use yyyy-mm-dd)."],
      [5, "The end date is before the start date."],
    ]);
  });

  it.each([
    ["a picture", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 422, CALENDAR_ERRORS.notCalendar],
    ["plain text", Buffer.from("hello world\n"), 422, CALENDAR_ERRORS.notCalendar],
    ["a CSV without the columns", Buffer.from("a,b\n1,2\n"), 422, CALENDAR_ERRORS.noColumns],
    ["an empty file", Buffer.alloc(0), 400, "Choose a calendar file (.ics or .csv) to upload."],
  ])("refuses %s clearly", async (_label, bytes, status, message) => {
    const before = await showCount();
    const res = await previewFile(bytes, "x.csv");
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect(await showCount()).toBe(before);
  });

  it("refuses a broken iCalendar file", async () => {
    const res = await previewFile("BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:garbage", "x.ics");
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/^That iCalendar file could not be read/);
  });

  it("refuses a calendar of 10,000 events before parsing it", async () => {
    const event = "BEGIN:VEVENT\nSUMMARY:S\nDTSTART;VALUE=DATE:20310101\nEND:VEVENT\n";
    const ics = `BEGIN:VCALENDAR\nVERSION:2.0\n${event.repeat(10_000)}END:VCALENDAR\n`;
    const res = await previewFile(ics, "big.ics");
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(CALENDAR_ERRORS.tooMany(10_000));
  });

  // Issue 19 item 3: the cap counted raw "BEGIN:VEVENT" lines, so folded ones slipped ~18,000 events past it.
  it("counts events after unfolding: a folded calendar just over the cap is refused", async () => {
    const ics = foldedCalendarBomb(300_000);
    const events = eventsIn(ics);
    expect(events).toBeGreaterThan(CALENDAR_LIMITS.events);
    expect(ics.toString().match(/^BEGIN:VEVENT/gim)).toBeNull();
    const res = await previewFile(ics, "folded.ics");
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(CALENDAR_ERRORS.tooMany(events));
  });

  it.each([
    ["BEGIN:VEV\r\n ENT", 1],
    ["BEGIN:VEV\n\tENT", 1],
    ["begin:vevent", 1],
    ["BEGIN;X-A=1:VEVENT", 1],
    ["BEGIN:VEVENTS", 0],
    ["X-NOTE:BEGIN:VEVENT", 0],
  ])("counts %j as %i event(s)", (line, count) => {
    expect(countIcsEvents(`BEGIN:VCALENDAR\r\n${line}\r\nEND:VEVENT\r\nEND:VCALENDAR`)).toBe(count);
  });

  it("refuses an import batch over the limit and writes nothing", async () => {
    const before = await showCount();
    const shows = Array.from({ length: CALENDAR_LIMITS.batch + 1 }, (_, i) => ({
      name: `Batch ${i}`,
      startDate: "2032-01-01",
      endDate: "2032-01-01",
      location: "X",
      sanctioningOrg: null,
    }));
    const res = await call(t.app, "POST", "/api/admin/calendar/import", {
      cookie: admin.cookie,
      body: { shows },
    });
    expect(res.statusCode).toBe(400);
    expect(await showCount()).toBe(before);
  });

  it("refuses a non-admin's upload before reading it", async () => {
    const res = await previewFile(calendarCsv(), "c.csv", owner.cookie);
    expect(res.statusCode).toBe(403);
  });
});

describe("calendar import from a URL", () => {
  it("fetches a calendar (following a redirect) when private addresses are allowed", async () => {
    const res = await call(t.app, "POST", "/api/admin/calendar/preview-url", {
      cookie: admin.cookie,
      body: { url: `${base}/moved` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().format).toBe("ics");
  });

  it.each([
    ["a missing file", "/nope.ics", 400, FETCH_ERRORS.status(404)],
    ["a file over the size limit", "/huge.csv", 413, FETCH_ERRORS.tooLarge(CALENDAR_LIMITS.fileBytes)],
  ])("says so clearly for %s", async (_label, path, status, message) => {
    const res = await call(t.app, "POST", "/api/admin/calendar/preview-url", {
      cookie: admin.cookie,
      body: { url: `${base}${path}` },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
  });

  it("says so clearly for an address nobody answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const res = await call(t.app, "POST", "/api/admin/calendar/preview-url", {
      cookie: admin.cookie,
      body: { url: `http://127.0.0.1:${port}/c.ics` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(FETCH_ERRORS.unreachable(`127.0.0.1:${port}`));
  });

  it("refuses loopback and private addresses by default", async () => {
    const strict = await buildAppForTest();
    const boss = await signedInUser(strict.app, { roles: ["Admin"] });
    for (const url of [
      `${base}/calendar.ics`,
      "http://localhost:9/c.ics",
      "http://10.0.0.1/c.ics",
      "http://[::1]/c.ics",
      "http://169.254.169.254/latest",
    ]) {
      const res = await call(strict.app, "POST", "/api/admin/calendar/preview-url", {
        cookie: boss.cookie,
        body: { url },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBe(FETCH_ERRORS.privateAddress);
    }
    const ftp = await call(strict.app, "POST", "/api/admin/calendar/preview-url", {
      cookie: boss.cookie,
      body: { url: "ftp://example.com/c.ics" },
    });
    expect(ftp.statusCode).toBe(400);
  });
});

describe("calendar import updating a show people have entered", () => {
  it("tells its entrants of the new dates (ShowUpdate)", async () => {
    const csv = "name,start_date,end_date,location\nEntered Show,2033-05-01,2033-05-01,Lewisburg\n";
    await importAll((await previewFile(csv, "e.csv")).json());
    const show = await t.app.deps.db.db
      .selectFrom("show")
      .select("id")
      .where("name", "=", "Entered Show")
      .executeTakeFirstOrThrow();
    await t.app.deps.db.db
      .insertInto("show_class")
      .values({
        show_id: show.id,
        id: "class-1",
        position: 0,
        number: "1",
        name: "Model Mares",
        date: null,
        division_id: null,
      })
      .execute();
    await t.app.deps.db.db
      .insertInto("class_entry")
      .values({
        id: `e-${show.id}`,
        user_id: owner.id,
        show_id: show.id,
        class_id: "class-1",
        status: "Interested",
        horse_id: null,
        rider_id: null,
        placing: null,
        created_by: owner.id,
        created_at: "2026-01-01T00:00:00Z",
      })
      .execute();
    const moved = (
      await previewFile(csv.replace("2033-05-01,Lewisburg", "2033-05-03,Lewisburg"), "e.csv")
    ).json();
    expect(await importAll(moved, "update")).toEqual({ created: 0, updated: 1, skipped: 0 });
    const notices = await t.app.deps.db.db
      .selectFrom("notification")
      .select(["type", "message"])
      .where("user_id", "=", owner.id)
      .where("show_id", "=", show.id)
      .where("type", "=", "ShowUpdate")
      .execute();
    expect(notices).toEqual([
      {
        type: "ShowUpdate",
        message: "Entered Show has changed: the dates are now 2033-05-01 to 2033-05-03.",
      },
    ]);
  });
});

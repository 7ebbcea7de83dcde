import { beforeAll, describe, expect, it } from "vitest";
import type { BarnSchedule } from "#domain/contracts/season.ts";
import type { ScheduleBody } from "#domain/contracts/show-day.ts";
import { seasonTexts } from "#domain/texts/season.ts";
import { buildEntry, buildHorse, daysFrom } from "#tests/support/entries-factories.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { openPdf } from "#tests/support/pdf-read.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

let showId = "";
const day = daysFrom(30);
const LONG_CLASS = `Amateur ${"Country Pleasure Walking Horse Specialty ".repeat(5)}`.slice(0, 200);
const HTML_HORSE = "<b>Midnight</b> <script>alert(1)</script>";
const RTL_RIDER = "שרה כהן";

const cls = (n: number, name = `Class ${n} Walking Horses`) => ({
  id: `class-${n}`,
  number: String(n),
  name,
});

/** The PDF's text, page by page, and where each run of text ends (to see nothing runs off the page). */
async function readPdf(bytes: Buffer) {
  const doc = await openPdf(bytes);
  const pages: string[] = [];
  let overflow = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const width = page.getViewport({ scale: 1 }).width;
    const content = await page.getTextContent();
    const items = content.items.flatMap((i) => ("str" in i ? [i] : []));
    for (const i of items) if (i.transform[4]! + i.width > width - 39) overflow += 1;
    pages.push(items.map((i) => i.str + (i.hasEOL ? "\n" : "")).join(""));
  }
  await doc.destroy();
  return { pages, text: pages.join("\n"), overflow };
}

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const trainer = t.user({ name: "Wade Trainer", roles: ["Owner", "Trainer"] });
const owner = t.user({ name: "Casey Owner" });
const otherOwner = t.user({ name: "Olive Elsewhere" });
const stranger = t.user({ name: "Sam Stranger" });

beforeAll(async () => {
  const midnight = await buildHorse(t.app, { name: HTML_HORSE, owners: [owner.id], trainers: [trainer.id] });
  const gold = await buildHorse(t.app, { name: "Gold Rush", owners: [trainer.id] });
  const away = await buildHorse(t.app, { name: "Not In The Barn", owners: [otherOwner.id] });
  const show = await buildShow(t.app, {
    name: "Spring Fling",
    startDate: day,
    days: 2,
    classes: Array.from({ length: 6 }, (_, i) => `Class ${i + 1} Walking Horses`),
  });
  showId = show.id;
  const schedule: ScheduleBody = {
    timeZone: null,
    minutesPerClass: 7,
    sessions: [
      // Given out of order: the sheet follows the running order, not the order given.
      {
        name: "Saturday PM",
        date: daysFrom(31),
        startTime: "19:00",
        ring: "Main Ring",
        classes: [cls(5), cls(6)],
      },
      { name: "Friday PM", date: day, startTime: "19:00", ring: "Main Ring", classes: [cls(3), cls(4)] },
      {
        name: "Friday AM",
        date: day,
        startTime: "09:00",
        ring: "Main Ring",
        classes: [cls(1), cls(2, LONG_CLASS)],
      },
    ],
    unscheduled: [],
  };
  const res = await call(t.app, "PUT", `/api/shows/${showId}/schedule`, {
    cookie: admin.cookie,
    body: schedule,
  });
  expect(res.statusCode).toBe(200);
  // The customer's horse, ridden by someone with a right-to-left name in the long class.
  const rtl = await signedInUser(t.app, { name: RTL_RIDER });
  await buildEntry(t.app, {
    userId: owner.id,
    showId,
    classId: "class-5",
    status: "HorseIsShowing",
    horseId: midnight.id,
    riderId: trainer.id,
  });
  await buildEntry(t.app, {
    userId: owner.id,
    showId,
    classId: "class-2",
    status: "HorseIsShowing",
    horseId: midnight.id,
    riderId: rtl.id,
  });
  await buildEntry(t.app, {
    userId: trainer.id,
    showId,
    classId: "class-3",
    status: "ImShowing",
    horseId: gold.id,
  });
  await buildEntry(t.app, {
    userId: otherOwner.id,
    showId,
    classId: "class-1",
    status: "ImShowing",
    horseId: away.id,
  });
  await buildEntry(t.app, { userId: owner.id, showId, classId: "class-4", status: "WatchClass" });
});

const lines = (s: BarnSchedule) =>
  s.days.flatMap((d) =>
    d.sessions.flatMap((x) =>
      x.lines.map((l) => `${d.date} ${x.name} ${l.number} ${l.horse} / ${l.rider} / ${l.owner}`),
    ),
  );

describe("GET /api/shows/:showId/schedule/print", () => {
  it("gives the owner their showing entries by date, session and class, with names and times", async () => {
    const res = await call(t.app, "GET", `/api/shows/${showId}/schedule/print`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json<BarnSchedule>();
    expect(body.scope).toBe("mine");
    expect(lines(body)).toEqual([
      `${day} Friday AM 2 ${HTML_HORSE} / ${RTL_RIDER} / Casey Owner`,
      `${daysFrom(31)} Saturday PM 5 ${HTML_HORSE} / Wade Trainer / Casey Owner`,
    ]);
    expect(body.days[0]!.sessions[0]!.lines[0]!.time).toMatch(/^9:07 AM C[DS]T$/);
    expect(body.show.url).toMatch(new RegExp(`/shows/${showId}$`));
    expect(body.qrSvg).toMatch(/^<svg/);
  });

  it("gives a trainer their whole barn (their own, their rides, their customers' horses), never others'", async () => {
    const res = await call(t.app, "GET", `/api/shows/${showId}/schedule/print?barn=${trainer.id}`, {
      cookie: trainer.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(lines(res.json<BarnSchedule>())).toEqual([
      `${day} Friday AM 2 ${HTML_HORSE} / ${RTL_RIDER} / Casey Owner`,
      `${day} Friday PM 3 Gold Rush / Wade Trainer / Wade Trainer`,
      `${daysFrom(31)} Saturday PM 5 ${HTML_HORSE} / Wade Trainer / Casey Owner`,
    ]);
  });

  it("refuses someone else's barn (403), and a barn to a non-trainer", async () => {
    for (const [who, barn] of [
      [trainer, owner.id],
      [owner, trainer.id],
      [owner, owner.id],
      [stranger, trainer.id],
    ] as const) {
      for (const path of ["schedule/print", "schedule.pdf"]) {
        const res = await call(
          t.app,
          "GET",
          `/api/shows/${showId}/${path}?barn=${encodeURIComponent(barn)}`,
          {
            cookie: who.cookie,
          },
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(seasonTexts.print.notYourBarn);
      }
    }
  });

  it("answers no entries with an empty sheet, and the PDF with 404 and the words", async () => {
    const res = await call(t.app, "GET", `/api/shows/${showId}/schedule/print`, { cookie: stranger.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json<BarnSchedule>().days).toEqual([]);
    const pdf = await call(t.app, "GET", `/api/shows/${showId}/schedule.pdf`, { cookie: stranger.cookie });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().error.message).toBe(seasonTexts.print.noEntries);
  });

  it("refuses an unknown show, bad options, an encoded path and no session", async () => {
    const bad = [
      ["/api/shows/nope/schedule/print", 404],
      [`/api/shows/${showId}/schedule.pdf?large=yes`, 400],
      [`/api/shows/${showId}/schedule.pdf?paper=legal`, 400],
      [`/api/shows/${showId}/schedule.pdf?who=me`, 400],
      [`/api/shows/${showId}/schedule.pdf?barn=${"x".repeat(101)}`, 400],
      [`/api/shows/${showId}/schedule/print?today=2026-02-30`, 400],
      [`/api/shows/${encodeURIComponent(`${showId}/../x`)}/schedule.pdf`, 404],
    ] as const;
    for (const [url, status] of bad) {
      const res = await call(t.app, "GET", url, { cookie: owner.cookie });
      expect(res.statusCode, url).toBe(status);
      expect(res.body).not.toMatch(/\.ts:\d+/);
    }
    expect((await call(t.app, "GET", `/api/shows/${showId}/schedule.pdf`)).statusCode).toBe(401);
  });
});

describe("GET /api/shows/:showId/schedule.pdf", () => {
  it("is a PDF whose text reads back: the show, every entry in order, names as text, nothing off the page", async () => {
    const res = await call(t.app, "GET", `/api/shows/${showId}/schedule.pdf?barn=${trainer.id}`, {
      cookie: trainer.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain("Spring-Fling-schedule.pdf");
    const { pages, text, overflow } = await readPdf(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(overflow).toBe(0);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Spring Fling");
    expect(flat).toContain("Shelbyville, TN");
    expect(flat).toContain("Printed ");
    // Every entry, in running order (Friday AM, Friday PM, Saturday PM); the HTML name printed as text.
    const order = [
      "Friday AM",
      LONG_CLASS.slice(0, 20),
      "Friday PM",
      "Gold Rush",
      "Saturday PM",
      "Class 5 Walking",
    ];
    let at = -1;
    for (const part of order) {
      const next = flat.indexOf(part, at + 1);
      expect(next, part).toBeGreaterThan(at);
      at = next;
    }
    // Markup prints as its characters (wrapped where the cell ends), right-to-left names as their letters.
    const joined = flat.replace(/\s/g, "");
    expect(joined).toContain("<b>Midnight</b><script>alert(1)</script>");
    expect(flat).toContain("שרה");
    expect(flat).toContain("כהן");
    expect(flat).toContain("Casey Owner");
  });

  it("large type runs the same sheet over more lines, still within the page", async () => {
    const res = await call(
      t.app,
      "GET",
      `/api/shows/${showId}/schedule.pdf?barn=${trainer.id}&large=1&paper=a4`,
      {
        cookie: trainer.cookie,
      },
    );
    expect(res.statusCode).toBe(200);
    const { pages, overflow, text } = await readPdf(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(overflow).toBe(0);
    expect(text).toContain("Gold Rush");
  });
});

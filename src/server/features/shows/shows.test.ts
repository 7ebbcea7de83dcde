import { beforeAll, describe, expect, it } from "vitest";
import type { ShowDetail, ShowFacets, ShowPage } from "#domain/contracts/shows.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildShow, dayFromToday } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

let cookie: string;
type Built = Awaited<ReturnType<typeof buildShow>>;
let past: Built;
let olderPast: Built;
let endsToday: Built;
let jubilee: Built;
let celebration: Built;
let funShow: Built;
let predicted: Built;

const t = buildTestApp();

beforeAll(async () => {
  cookie = (await signedInUser(t.app)).cookie;
  past = await buildShow(t.app, {
    name: "Spring Pleasure Horse Jubilee",
    location: "Lewisburg, TN",
    startOffset: -30,
    days: 2,
    judges: ["Larry Wheelon"],
    classes: ["Model Stallions", "Youth 12-17"],
  });
  olderPast = await buildShow(t.app, {
    name: "Harvest Pleasure Classic",
    location: "Lewisburg, TN",
    startOffset: -400,
    sanctioningOrg: "TWHBEA",
    judges: ["Larry Wheelon", "Debbie Vance"],
    classes: ["Two Year Old Walking Colts"],
  });
  endsToday = await buildShow(t.app, {
    name: "Columbia Spring Jubilee",
    location: "Columbia, TN",
    startOffset: -2,
    days: 3,
    sanctioningOrg: "TWHBEA",
    judges: ["Tommy Hall"],
    classes: ["Amateur Country Pleasure"],
  });
  jubilee = await buildShow(t.app, {
    name: "WHOA International Jubilee",
    location: "Murfreesboro, TN",
    startOffset: 5,
    judges: ["Tommy Hall", "Debbie Vance"],
    classes: ["Two Year Old Walking Colts", "Amateur Country Pleasure", "Style Racking"],
  });
  celebration = await buildShow(t.app, {
    name: "Tennessee Walking Horse National Celebration",
    location: "Shelbyville, TN",
    startOffset: 40,
    days: 4,
    sanctioningOrg: "SHOW",
    judges: ["Steve Dunn", "Mark Farrar"],
    classes: ["Walking Horse Stake", "Youth 12-17", "Owner-Amateur Ladies Fine Harness"],
  });
  funShow = await buildShow(t.app, {
    name: "Kentucky 100% Fun Show",
    location: "Lexington, KY",
    startOffset: 20,
    sanctioningOrg: null,
    judges: ["Debbie Vance"],
    classes: ["Trail Pleasure"],
  });
  predicted = await buildShow(t.app, {
    name: "Predicted Fall Classic",
    location: "Shelbyville, TN",
    startOffset: 60,
    isAiPrediction: true,
    judges: [],
    classes: [],
  });
});

const list = async (query = "") => {
  const res = await call(t.app, "GET", `/api/shows${query}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShowPage;
};
const names = async (query = "") => (await list(query)).shows.map((s) => s.name);

describe("GET /api/shows", () => {
  it("needs a session", async () => {
    for (const url of ["/api/shows", "/api/shows/facets", `/api/shows/${jubilee.id}`]) {
      const res = await call(t.app, "GET", url);
      expect(res.statusCode, url).toBe(401);
    }
    const ics = await call(t.app, "GET", `/api/shows/${jubilee.id}/calendar.ics`);
    expect(ics.statusCode).toBe(401);
  });

  it("lists upcoming shows (ending today or later) by start date ascending", async () => {
    const page = await list();
    expect(page.shows.map((s) => s.name)).toEqual([
      endsToday.name,
      jubilee.name,
      funShow.name,
      celebration.name,
      predicted.name,
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it("presents every card field", async () => {
    const page = await list("?name=celebration");
    expect(page.shows).toEqual([
      {
        id: celebration.id,
        name: celebration.name,
        startDate: dayFromToday(40),
        endDate: dayFromToday(43),
        location: "Shelbyville, TN",
        sanctioningOrg: "SHOW",
        isAiPrediction: false,
        judges: ["Steve Dunn", "Mark Farrar"],
      },
    ]);
    const ai = await list("?name=predicted");
    expect(ai.shows[0]).toMatchObject({ isAiPrediction: true, judges: [] });
    const noOrg = await list("?name=kentucky");
    expect(noOrg.shows[0]?.sanctioningOrg).toBeNull();
  });

  it("lists past shows on their own, most recent first, with period=past", async () => {
    expect(await names("?period=past")).toEqual([past.name, olderPast.name]);
    expect(await names("?period=upcoming")).not.toContain(past.name);
    expect(await names("?period=past&judge=Debbie%20Vance")).toEqual([olderPast.name]);
  });

  it("pages past shows with a cursor, newest first, without gaps or repeats", async () => {
    const first = await list("?period=past&limit=1");
    expect(first.shows.map((s) => s.name)).toEqual([past.name]);
    const second = await list(`?period=past&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.shows.map((s) => s.name)).toEqual([olderPast.name]);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ["?name=jubilee", ["Columbia Spring Jubilee", "WHOA International Jubilee"]],
    ["?name=JUBILEE%20whoa", ["WHOA International Jubilee"]],
    ["?name=%20%20international%20%20jub%20", ["WHOA International Jubilee"]],
    ["?name=jubilee%20celebration", []],
    ["?name=100%25", ["Kentucky 100% Fun Show"]],
    ["?name=1_0", []],
    ["?location=tn%20shelby", ["Tennessee Walking Horse National Celebration", "Predicted Fall Classic"]],
    ["?location=ky", ["Kentucky 100% Fun Show"]],
    [
      "?name=%20",
      [
        "Columbia Spring Jubilee",
        "WHOA International Jubilee",
        "Kentucky 100% Fun Show",
        "Tennessee Walking Horse National Celebration",
        "Predicted Fall Classic",
      ],
    ],
  ])("matches every word of the text filters, case-insensitive: %s", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it("matches any selected judge, and combines lists with AND", async () => {
    expect(await names("?judge=Debbie%20Vance")).toEqual([jubilee.name, funShow.name]);
    expect(await names("?judge=Debbie%20Vance&judge=Steve%20Dunn")).toEqual([
      jubilee.name,
      funShow.name,
      celebration.name,
    ]);
    expect(await names("?judge=Debbie%20Vance&org=WHOA")).toEqual([jubilee.name]);
    expect(await names("?judge=debbie%20vance")).toEqual([]);
  });

  it("filters by the divisions the show's classes carry", async () => {
    expect(await names("?division=two-year-old")).toEqual([jubilee.name]);
    expect(await names("?division=country-pleasure")).toEqual([endsToday.name, jubilee.name]);
    expect(await names("?division=country-pleasure&division=fine-harness")).toEqual([
      endsToday.name,
      jubilee.name,
      celebration.name,
    ]);
    expect(await names("?division=youth&period=past")).toEqual([past.name]);
    expect(await names("?division=weanling")).toEqual([]);
  });

  it("filters by sanctioning org", async () => {
    expect(await names("?org=SHOW&org=TWHBEA")).toEqual([endsToday.name, celebration.name]);
    expect(await names("?org=WHOA&location=murfreesboro&judge=Tommy%20Hall&division=two-year-old")).toEqual([
      jubilee.name,
    ]);
  });

  it("pages with a cursor, without gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ShowPage = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.shows.length).toBeLessThanOrEqual(2);
      seen.push(...page.shows.map((s) => s.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    const all = (await list()).shows.map((s) => s.id);
    expect(seen).toEqual(all);
  });

  it("pages the upcoming shows too: the one already running first, then by start date", async () => {
    const names: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: ShowPage = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      names.push(page.shows.map((s) => s.name));
      cursor = page.nextCursor;
    } while (cursor && names.length < 10);
    expect(names).toEqual([
      [endsToday.name, jubilee.name],
      [funShow.name, celebration.name],
      [predicted.name],
    ]);
  });

  it.each([
    ["an unknown field", "?colour=red"],
    ["an unknown division", "?division=racking"],
    ["a name over 100 characters", `?name=${"a".repeat(101)}`],
    ["a malformed cursor", "?cursor=not-a-cursor"],
    ["a zero limit", "?limit=0"],
    ["a limit over 100", "?limit=101"],
    ["an unknown period", "?period=all"],
    ["the old includePast flag", "?includePast=1"],
    ["more than 50 judges", `?${Array.from({ length: 51 }, (_, i) => `judge=j${i}`).join("&")}`],
  ])("rejects %s with 400", async (_, query) => {
    const res = await call(t.app, "GET", `/api/shows${query}`, { cookie });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("BAD_REQUEST");
  });
});

describe("GET /api/shows/facets", () => {
  const facets = async (query = "") => {
    const res = await call(t.app, "GET", `/api/shows/facets${query}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ShowFacets;
  };

  it("counts the judges, divisions and orgs of upcoming shows", async () => {
    const f = await facets();
    expect(f.judges).toEqual([
      { value: "Debbie Vance", count: 2 },
      { value: "Mark Farrar", count: 1 },
      { value: "Steve Dunn", count: 1 },
      { value: "Tommy Hall", count: 2 },
    ]);
    expect(f.orgs).toEqual([
      { value: "SHOW", count: 1 },
      { value: "TWHBEA", count: 1 },
      { value: "WHOA", count: 2 },
    ]);
    expect(f.divisions).toEqual(
      expect.arrayContaining([
        { value: "country-pleasure", name: "Country Pleasure", count: 2 },
        { value: "two-year-old", name: "Two-Year-Old", count: 1 },
        { value: "youth", name: "Youth", count: 1 },
        { value: "trail-pleasure", name: "Trail Pleasure", count: 1 },
      ]),
    );
    expect(f.divisions.map((d) => d.value)).not.toContain("model");
  });

  it("counts only past shows with period=past", async () => {
    const f = await facets("?period=past");
    expect(f.judges).toEqual([
      { value: "Debbie Vance", count: 1 },
      { value: "Larry Wheelon", count: 2 },
    ]);
    expect(f.divisions).toContainEqual({ value: "youth", name: "Youth", count: 1 });
    expect(f.orgs).toEqual([
      { value: "TWHBEA", count: 1 },
      { value: "WHOA", count: 1 },
    ]);
  });

  it("rejects unknown fields", async () => {
    const res = await call(t.app, "GET", "/api/shows/facets?name=x", { cookie });
    expect(res.statusCode).toBe(400);
  });
});

describe("GET /api/shows/:showId", () => {
  it("returns the show with its judges and classes in show order, with divisions from the rule", async () => {
    const res = await call(t.app, "GET", `/api/shows/${jubilee.id}`, { cookie });
    expect(res.statusCode).toBe(200);
    const show = res.json() as ShowDetail;
    expect(show).toMatchObject({ name: jubilee.name, judges: ["Tommy Hall", "Debbie Vance"] });
    expect(show.classes).toEqual([
      {
        id: "class-1",
        number: "1",
        name: "Two Year Old Walking Colts",
        date: null,
        divisionId: "two-year-old",
        sessionId: null,
        plannedTime: null,
      },
      {
        id: "class-2",
        number: "2",
        name: "Amateur Country Pleasure",
        date: null,
        divisionId: "country-pleasure",
        sessionId: null,
        plannedTime: null,
      },
      {
        id: "class-3",
        number: "3",
        name: "Style Racking",
        date: null,
        divisionId: null,
        sessionId: null,
        plannedTime: null,
      },
    ]);
    expect(show).toMatchObject({ timeZone: "America/Chicago", minutesPerClass: 7, sessions: [] });
  });

  it("answers 404 'Show not found' for an unknown id", async () => {
    const res = await call(t.app, "GET", "/api/shows/no-such-show", { cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: errorsTexts.showNotFound } });
    const ics = await call(t.app, "GET", "/api/shows/no-such-show/calendar.ics", { cookie });
    expect(ics.statusCode).toBe(404);
  });
});

describe("GET /api/shows/:showId/calendar.ics", () => {
  it("downloads an all-day event from the start date to the day after the end date", async () => {
    const res = await call(t.app, "GET", `/api/shows/${celebration.id}/calendar.ics`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Tennessee Walking Horse National Celebration.ics"; filename*=UTF-8''Tennessee%20Walking%20Horse%20National%20Celebration.ics`,
    );
    const body = res.body;
    const compact = (offset: number) => dayFromToday(offset).replaceAll("-", "");
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain("SUMMARY:Tennessee Walking Horse National Celebration");
    expect(body).toContain(`DTSTART;VALUE=DATE:${compact(40)}`);
    expect(body).toContain(`DTEND;VALUE=DATE:${compact(44)}`);
    expect(body).toContain("LOCATION:Shelbyville\\, TN");
    // The spec: "with location and judges in the description"; LOCATION stays as well.
    expect(body).toContain("DESCRIPTION:Location: Shelbyville\\, TN\\nJudges: Steve Dunn\\, Mark Farrar");
    expect(body).toContain(`UID:${celebration.id}@ringside`);
    expect(body.split("\r\n").length).toBeGreaterThan(10);
  });

  it("still describes the location when the show has no judges yet", async () => {
    const res = await call(t.app, "GET", `/api/shows/${predicted.id}/calendar.ics`, { cookie });
    expect(res.body).toContain("DESCRIPTION:Location: Shelbyville\\, TN\\nJudges: To be announced");
    expect(res.body).toContain(`DTEND;VALUE=DATE:${dayFromToday(61).replaceAll("-", "")}`);
  });
});

import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { calendarFeedTexts } from "#domain/texts/calendar-feed.ts";
import { entryStatusTexts } from "#domain/texts/entry-status.ts";
import {
  buildEntry,
  buildEntryShow,
  buildHorse,
  daysFrom,
  type TestShow,
} from "#tests/support/entries-factories.ts";
import { call, TEST_ORIGIN } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";
import { FEED_NOT_FOUND } from "./calendar-feed.routes.ts";

let show: TestShow;
let otherShow: TestShow;

const t = buildTestApp();
const me = t.user({ name: "Cal Endar" });
const other = t.user({ name: "Ozzie Other" });

beforeAll(async () => {
  const horse = await buildHorse(t.app, { name: "Feed Mare", owners: [me.id] });
  show = await buildEntryShow(t.app, {
    name: "Feed Test Classic",
    location: "Murfreesboro, TN",
    startDate: daysFrom(12),
    endDate: daysFrom(14),
    classes: [
      { id: "class-1", name: "Amateur Park Pleasure", date: daysFrom(13) },
      { id: "class-2", name: "Youth Equitation" },
    ],
  });
  otherShow = await buildEntryShow(t.app, { name: "Someone Else's Show", startDate: daysFrom(20) });
  await buildEntry(t.app, {
    userId: me.id,
    showId: show.id,
    classId: "class-1",
    status: "HorseIsShowing",
    horseId: horse.id,
  });
  await buildEntry(t.app, { userId: me.id, showId: show.id, classId: "class-2", status: "Interested" });
  await buildEntry(t.app, {
    userId: other.id,
    showId: otherShow.id,
    classId: "class-1",
    status: "Interested",
  });
});

const feedPath = (url: string) => new URL(url).pathname;
const create = (user: SignedInUser) => call(t.app, "POST", "/api/calendar-feed", { cookie: user.cookie });
const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: path, headers });

function parse(body: string) {
  const component = new ICAL.Component(ICAL.parse(body));
  return component.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
}

const ymd = (time: ICAL.Time) => time.toString();

describe("calendar feed", () => {
  it("has no link until the user creates one; the links are https (here http) and webcal", async () => {
    expect((await call(t.app, "GET", "/api/calendar-feed", { cookie: me.cookie })).json()).toEqual({
      feed: null,
    });
    const created = await create(me);
    expect(created.statusCode).toBe(200);
    const { feed } = created.json();
    expect(feed.url).toMatch(new RegExp(`^${TEST_ORIGIN}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http:/, "webcal:"));
    // The same link is shown again later: it derives from the stored salt, the token itself is not stored.
    expect((await call(t.app, "GET", "/api/calendar-feed", { cookie: me.cookie })).json()).toEqual({ feed });
    const stored = await t.app.deps.db.db
      .selectFrom("calendar_feed")
      .selectAll()
      .where("user_id", "=", me.id)
      .executeTakeFirstOrThrow();
    const token = feedPath(feed.url).split("/").pop()!.replace(".ics", "");
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("parses as iCalendar with the user's shows and classes, status and horse, as all-day events", async () => {
    const { feed } = (await call(t.app, "GET", "/api/calendar-feed", { cookie: me.cookie })).json();
    const res = await fetchFeed(feedPath(feed.url));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    const events = parse(res.body);
    const byTitle = new Map(events.map((e) => [e.summary, e]));
    const showEvent = byTitle.get("Feed Test Classic")!;
    expect(showEvent.startDate.isDate).toBe(true);
    expect(ymd(showEvent.startDate)).toBe(daysFrom(12));
    expect(ymd(showEvent.endDate)).toBe(daysFrom(15)); // exclusive: the day after the last day
    expect(showEvent.location).toBe("Murfreesboro, TN");
    const park = byTitle.get(
      calendarFeedTexts.classTitle("1", "Amateur Park Pleasure", "Feed Test Classic"),
    )!;
    expect(park.startDate.isDate).toBe(true);
    expect(ymd(park.startDate)).toBe(daysFrom(13));
    expect(ymd(park.endDate)).toBe(daysFrom(14));
    expect(park.description).toContain(entryStatusTexts.statusLabels.HorseIsShowing);
    expect(park.description).toContain("Feed Mare");
    const youth = byTitle.get(calendarFeedTexts.classTitle("2", "Youth Equitation", "Feed Test Classic"))!;
    expect(ymd(youth.startDate)).toBe(daysFrom(12)); // undated class: the show's first day
    expect(youth.description).toContain(entryStatusTexts.statusLabels.Interested);
    expect(events).toHaveLength(3);
    expect(res.body).not.toContain("Someone Else's Show");
    expect(new Set(events.map((e) => e.uid)).size).toBe(3);
  });

  it("answers 304 to a calendar app whose copy is current, and changes when an entry changes", async () => {
    const { feed } = (await call(t.app, "GET", "/api/calendar-feed", { cookie: me.cookie })).json();
    const first = await fetchFeed(feedPath(feed.url));
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);
    expect((await fetchFeed(feedPath(feed.url), { "if-none-match": etag })).statusCode).toBe(304);
    expect((await fetchFeed(feedPath(feed.url), { "if-modified-since": lastModified })).statusCode).toBe(304);
    expect((await fetchFeed(feedPath(feed.url), { "if-none-match": '"stale"' })).statusCode).toBe(200);

    const removed = await call(t.app, "DELETE", `/api/shows/${show.id}/classes/class-2/entries`, {
      cookie: me.cookie,
    });
    expect(removed.json()).toEqual({ removed: 1 });
    const after = await fetchFeed(feedPath(feed.url), { "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(parse(after.body)).toHaveLength(2);
  });

  it("a new link replaces the old one: the old URL answers 404", async () => {
    const before = (await call(t.app, "GET", "/api/calendar-feed", { cookie: me.cookie })).json().feed;
    const after = (await create(me)).json().feed;
    expect(after.url).not.toBe(before.url);
    const old = await fetchFeed(feedPath(before.url));
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: { code: "NOT_FOUND", message: FEED_NOT_FOUND } });
    expect((await fetchFeed(feedPath(after.url))).statusCode).toBe(200);
  });

  it("as an attacker: no session, no Origin, guessed and malformed tokens, another user's link", async () => {
    expect((await call(t.app, "GET", "/api/calendar-feed")).statusCode).toBe(401);
    expect((await call(t.app, "POST", "/api/calendar-feed")).statusCode).toBe(401);
    const noOrigin = await t.app.inject({
      method: "POST",
      url: "/api/calendar-feed",
      headers: { cookie: me.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await fetchFeed(`/api/calendar/${"A".repeat(43)}.ics`)).statusCode).toBe(404);
    for (const bad of ["short.ics", `${"A".repeat(43)}.txt`, `..%2F${"A".repeat(40)}.ics`]) {
      expect((await fetchFeed(`/api/calendar/${bad}`)).statusCode).toBe(400);
    }
    expect((await fetchFeed(`/api/calendar/${"A".repeat(5000)}.ics`)).statusCode).toBe(414);
    // Each user's link shows only their own roster, and another user's session changes nothing about it.
    const theirs = (await create(other)).json().feed;
    const mine = (await call(t.app, "GET", "/api/calendar-feed", { cookie: me.cookie })).json().feed;
    expect(theirs.url).not.toBe(mine.url);
    const theirFeed = await fetchFeed(feedPath(theirs.url), { cookie: me.cookie });
    expect(theirFeed.body).toContain("Someone Else's Show");
    expect(theirFeed.body).not.toContain("Feed Test Classic");
    // The session is ignored on the feed: my cookie with their link does not give me mine.
    expect((await fetchFeed(feedPath(mine.url))).body).toContain("Feed Test Classic");
  });
});

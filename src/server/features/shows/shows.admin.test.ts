import { describe, expect, it } from "vitest";
import { notificationsTexts } from "#domain/texts/notifications.ts";
import { buildEntry, buildEntryShow, daysFrom } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { listen, openEventStream } from "#tests/support/sse.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();
const admin = t.user({ name: "Avery Admin", roles: ["Owner", "Admin"] });
const owner = t.user({ name: "Casey Owner" });
const other = t.user({ name: "Olly Other" });

const newShow = (over: Record<string, unknown> = {}) => ({
  name: "Belfast Lions Club Horse Show",
  startDate: daysFrom(30),
  endDate: daysFrom(31),
  location: "Belfast, TN",
  sanctioningOrg: "WHOA",
  judges: ["Jimmy McConnell"],
  classes: [
    { id: "class-1", name: "Amateur Country Pleasure" },
    { id: "class-2", name: "Youth 12-17 Trail Pleasure", date: daysFrom(31) },
  ],
  ...over,
});

const showCount = async () => (await t.app.deps.db.db.selectFrom("show").select("id").execute()).length;
const notificationsFor = (userId: string | null) =>
  t.app.deps.db.db
    .selectFrom("notification")
    .select(["type", "message", "show_id", "user_id"])
    .where((eb) => (userId === null ? eb("user_id", "is", null) : eb("user_id", "=", userId)))
    .execute();

describe("POST /api/shows", () => {
  it("lets an admin create a show with judges and classes, and tells those who asked for every new show (NewShow)", async () => {
    await call(t.app, "PUT", "/api/push/settings", {
      cookie: other.cookie,
      body: { choices: {}, quietHours: false, timeZone: "America/Chicago", newShows: "all" },
    });
    const stream = await openEventStream(await listen(t.app), other.cookie);
    await stream.waitFor("ready");
    const res = await call(t.app, "POST", "/api/shows", { body: newShow(), cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(201);
    const show = res.json();
    expect(show).toMatchObject({
      name: "Belfast Lions Club Horse Show",
      location: "Belfast, TN",
      judges: ["Jimmy McConnell"],
      isAiPrediction: false,
    });
    expect(show.classes.map((c: { id: string; number: string }) => [c.id, c.number])).toEqual([
      ["class-1", "1"],
      ["class-2", "2"],
    ]);
    expect(await notificationsFor(other.id)).toContainEqual({
      type: "NewShow",
      message: "New show added: Belfast Lions Club Horse Show in Belfast, TN.",
      show_id: show.id,
      user_id: other.id,
    });
    expect(await notificationsFor(owner.id)).toEqual([]);
    await stream.waitFor("notification");
    stream.close();
    const count = await call(t.app, "GET", "/api/notifications/unread-count", { cookie: other.cookie });
    expect(count.json().count).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ["no session", undefined, 401],
    ["an owner", () => owner.cookie, 403],
  ])("refuses %s (%i) and creates nothing", async (_label, cookie, status) => {
    const before = await showCount();
    const res = await call(t.app, "POST", "/api/shows", { body: newShow(), cookie: cookie?.() });
    expect(res.statusCode).toBe(status);
    expect(await showCount()).toBe(before);
  });

  it.each([
    ["a missing name", { name: "" }],
    ["an end before the start", { startDate: daysFrom(10), endDate: daysFrom(9) }],
    ["an impossible date", { startDate: "2026-02-30" }],
    [
      "duplicate class ids",
      {
        classes: [
          { id: "class-1", name: "A" },
          { id: "class-1", name: "B" },
        ],
      },
    ],
    ["a malformed class id", { classes: [{ id: "12", name: "A" }] }],
    ["an unknown field", { createdBy: "me" }],
    ["a name over 200 characters", { name: "n".repeat(201) }],
  ])("rejects %s with a 400 and creates nothing", async (_label, over) => {
    const before = await showCount();
    const res = await call(t.app, "POST", "/api/shows", { body: newShow(over), cookie: admin.cookie });
    expect(res.statusCode).toBe(400);
    expect(await showCount()).toBe(before);
  });
});

describe("PATCH /api/shows/:id", () => {
  it("tells users with entries in the show when dates, location or judges change", async () => {
    const show = await buildEntryShow(t.app, { name: "Jackson County Horse Show", judges: ["Tommy Hall"] });
    await buildEntry(t.app, { userId: owner.id, showId: show.id, classId: "class-1", status: "WatchClass" });
    await buildEntry(t.app, { userId: owner.id, showId: show.id, classId: "class-2", status: "Interested" });

    const res = await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      body: { judges: ["Tommy Hall", "Debbie Vance"], location: "Gainesboro, TN" },
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ judges: ["Tommy Hall", "Debbie Vance"], location: "Gainesboro, TN" });
    const mine = (await notificationsFor(owner.id)).filter((n) => n.show_id === show.id);
    expect(mine).toEqual([
      {
        type: "ShowUpdate",
        message:
          "Jackson County Horse Show has changed: the location is now Gainesboro, TN; the judges are now Tommy Hall, Debbie Vance.",
        show_id: show.id,
        user_id: owner.id,
      },
    ]);
    expect((await notificationsFor(other.id)).filter((n) => n.show_id === show.id)).toEqual([]);
  });

  it("names new dates, and stays quiet when only the name or organisation changes", async () => {
    const show = await buildEntryShow(t.app, { name: "Quiet Show" });
    await buildEntry(t.app, { userId: other.id, showId: show.id, classId: "class-1", status: "WatchClass" });
    await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      body: { name: "Quiet Show 2026", sanctioningOrg: "TWHBEA" },
      cookie: admin.cookie,
    });
    expect((await notificationsFor(other.id)).filter((n) => n.show_id === show.id)).toEqual([]);

    await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      body: { startDate: daysFrom(40), endDate: daysFrom(41) },
      cookie: admin.cookie,
    });
    const messages = (await notificationsFor(other.id))
      .filter((n) => n.show_id === show.id)
      .map((n) => n.message);
    expect(messages).toEqual([
      `Quiet Show 2026 has changed: ${notificationsTexts.changedDates(daysFrom(40), daysFrom(41))}.`,
    ]);
  });

  it.each([
    ["no session", undefined, 401],
    ["an owner", () => owner.cookie, 403],
  ])("refuses %s (%i) and changes nothing", async (_label, cookie, status) => {
    const show = await buildEntryShow(t.app, { name: "Guarded Show" });
    const res = await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      body: { name: "Hijacked" },
      cookie: cookie?.(),
    });
    expect(res.statusCode).toBe(status);
    const row = await t.app.deps.db.db
      .selectFrom("show")
      .select("name")
      .where("id", "=", show.id)
      .executeTakeFirst();
    expect(row?.name).toBe("Guarded Show");
  });

  it("answers 404 for an unknown show and 400 for an empty or inconsistent change", async () => {
    const show = await buildEntryShow(t.app, { startDate: daysFrom(20) });
    expect(
      (await call(t.app, "PATCH", "/api/shows/nope", { body: { name: "X" }, cookie: admin.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, "PATCH", `/api/shows/${show.id}`, { body: {}, cookie: admin.cookie })).statusCode,
    ).toBe(400);
    const backwards = await call(t.app, "PATCH", `/api/shows/${show.id}`, {
      body: { endDate: daysFrom(19) },
      cookie: admin.cookie,
    });
    expect(backwards.statusCode).toBe(400);
    const row = await t.app.deps.db.db
      .selectFrom("show")
      .select("end_date")
      .where("id", "=", show.id)
      .executeTakeFirst();
    expect(row?.end_date).toBe(daysFrom(20));
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { notificationsTexts as n } from "#domain/texts/notifications.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import {
  buildEntry,
  buildEntryShow,
  buildHorse,
  storedNotifications,
} from "#tests/support/entries-factories.ts";
import { signedInUser, type TestUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * Issue 24 items 1, 2 and 5 (ADR 023): who hears of a new show, the per-person choice, a calendar
 * import's one summary, a prediction announced when confirmed, a new account's empty list, Mark all
 * read, and a deleted show's notifications.
 */
/** A show record from an earlier Belfast edition. */
/** Entries in Tennessee and a horse in the Amateur division. */
/** Entries in Kentucky only. */
/** No tie to anything. */
/** Chose "all". */
/** Entries in Tennessee, chose "none". */

const monthAgo = () => new Date(Date.now() - 30 * 86_400_000);
const db = () => t.app.deps.db.db;
const newShowsOf = async (user: TestUser) =>
  (await storedNotifications(t.app, user.id)).filter((r) => r.type === "NewShow");
const setReach = async (user: SignedInUser, newShows: string) => {
  const res = await call(t.app, "PUT", "/api/push/settings", {
    cookie: user.cookie,
    body: { choices: {}, quietHours: false, timeZone: "America/Chicago", newShows },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const list = async (user: SignedInUser) =>
  (await call(t.app, "GET", "/api/notifications", { cookie: user.cookie })).json().notifications as {
    id: string;
    message: string;
    showId: string | null;
    showDeleted: boolean;
    isRead: boolean;
  }[];
const unread = async (user: SignedInUser) =>
  (await call(t.app, "GET", "/api/notifications/unread-count", { cookie: user.cookie })).json()
    .count as number;

const t = buildTestApp();
const admin = t.user({ roles: ["Owner", "Admin"], createdAt: monthAgo() });
const ann = t.user({ name: "Ann", createdAt: monthAgo() });
const ben = t.user({ name: "Ben", createdAt: monthAgo() });
const cal = t.user({ name: "Cal", createdAt: monthAgo() });
const dee = t.user({ name: "Dee", createdAt: monthAgo() });
const eve = t.user({ name: "Eve", createdAt: monthAgo() });
const fay = t.user({ name: "Fay", createdAt: monthAgo() });

beforeAll(async () => {
  const annsHorse = await buildHorse(t.app, { owners: [ann.id] });
  await db()
    .insertInto("show_record")
    .values({
      id: newId(),
      owner_id: ann.id,
      show_name: "2025 Belfast Lions Club Horse Show",
      class_name: "Amateur Park Pleasure",
      show_date: "2025-06-14",
      placing: "1st",
      horse_id: annsHorse.id,
      rider_id: ann.id,
      created_at: nowIso(),
    })
    .execute();
  const tennessee = await buildEntryShow(t.app, { name: "Spring Fun Show", location: "Shelbyville, TN" });
  const kentucky = await buildEntryShow(t.app, { name: "Bluegrass Classic", location: "Lexington, KY" });
  for (const [who, where] of [
    [ben, tennessee],
    [cal, kentucky],
    [fay, tennessee],
  ] as const) {
    await buildEntry(t.app, { userId: who.id, showId: where.id, classId: "class-1", status: "Showing" });
  }
  const bensHorse = await buildHorse(t.app, { owners: [ben.id] });
  await db()
    .insertInto("horse_division")
    .values({ horse_id: bensHorse.id, division_id: "amateur" })
    .execute();
  await setReach(eve, "all");
  await setReach(fay, "none");
});

const belfast = (over: Record<string, unknown> = {}) => ({
  name: "2027 Belfast Lions Club Horse Show",
  startDate: "2030-06-12",
  endDate: "2030-06-13",
  location: "Belfast, TN",
  sanctioningOrg: "WHOA",
  judges: ["Jimmy McConnell"],
  classes: [{ id: "class-1", name: "Amateur Park Pleasure" }],
  ...over,
});

describe("a new show is announced to the people it concerns", () => {
  it("reaches an earlier edition's people, people of its ground, and those who chose all; nobody else", async () => {
    const res = await call(t.app, "POST", "/api/shows", { cookie: admin.cookie, body: belfast() });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const notice = { type: "NewShow", message: n.newShow(belfast().name, "Belfast, TN"), show_id: id };
    for (const who of [ann, ben, eve]) expect(await newShowsOf(who), who.name).toEqual([notice]);
    for (const who of [cal, dee, fay]) expect(await newShowsOf(who), who.name).toEqual([]);
    const broadcasts = await db()
      .selectFrom("notification")
      .select("id")
      .where("user_id", "is", null)
      .execute();
    expect(broadcasts).toEqual([]);
  });

  it("does not reach people of its state whose horses are in none of its divisions", async () => {
    const res = await call(t.app, "POST", "/api/shows", {
      cookie: admin.cookie,
      body: belfast({
        name: "Maury County Youth Show",
        location: "Columbia, TN",
        classes: [{ id: "class-1", name: "Youth Equitation 11 and Under" }],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await newShowsOf(ben)).map((r) => r.message)).not.toContain(
      n.newShow("Maury County Youth Show", "Columbia, TN"),
    );
    expect((await newShowsOf(eve)).map((r) => r.message)).toContain(
      n.newShow("Maury County Youth Show", "Columbia, TN"),
    );
  });

  it("announces a saved prediction only when an admin confirms it, and never prints TBD", async () => {
    const before = (await newShowsOf(eve)).length;
    const res = await call(t.app, "POST", "/api/shows", {
      cookie: admin.cookie,
      body: belfast({ name: "2028 Belfast Lions Club Horse Show", location: "TBD", isAiPrediction: true }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    expect(await newShowsOf(eve)).toHaveLength(before);
    expect(await newShowsOf(ann)).toHaveLength(1);

    const confirm = await call(t.app, "PATCH", `/api/shows/${id}`, {
      cookie: admin.cookie,
      body: { isAiPrediction: false },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const expected = {
      type: "NewShow",
      message: "New show added: 2028 Belfast Lions Club Horse Show.",
      show_id: id,
    };
    expect(await newShowsOf(eve)).toContainEqual(expected);
    expect(await newShowsOf(ann)).toContainEqual(expected);
    expect((await newShowsOf(cal)).map((r) => r.message).join()).not.toContain("TBD");

    // Editing it again announces nothing more.
    await call(t.app, "PATCH", `/api/shows/${id}`, { cookie: admin.cookie, body: { isAiPrediction: false } });
    expect((await newShowsOf(eve)).filter((r) => r.show_id === id)).toHaveLength(1);
  });

  it("gives each person one notice for a calendar import: the show by name, or a summary by state", async () => {
    const counts = new Map(
      await Promise.all([ben, cal, dee, eve].map(async (u) => [u.id, (await newShowsOf(u)).length] as const)),
    );
    const show = (name: string, location: string) => ({
      name,
      startDate: "2030-07-04",
      endDate: "2030-07-05",
      location,
      sanctioningOrg: null,
    });
    const res = await call(t.app, "POST", "/api/admin/calendar/import", {
      cookie: admin.cookie,
      body: {
        shows: [
          show("Wartrace Summer Show", "Wartrace, TN"),
          show("Lewisburg Lions Show", "Lewisburg, TN"),
          show("Kentucky Fall Classic", "Lexington, KY"),
          show("Mystery Show", "TBD"),
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const added = async (u: TestUser) => (await newShowsOf(u)).slice(counts.get(u.id));
    expect((await added(ben)).map((r) => [r.message, r.show_id])).toEqual([
      ["2 new shows added in Tennessee.", null],
    ]);
    const kentucky = await db()
      .selectFrom("show")
      .select("id")
      .where("name", "=", "Kentucky Fall Classic")
      .executeTakeFirstOrThrow();
    expect((await added(cal)).map((r) => [r.message, r.show_id])).toEqual([
      [n.newShow("Kentucky Fall Classic", "Lexington, KY"), kentucky.id],
    ]);
    expect((await added(eve)).map((r) => r.message)).toEqual([
      "4 new shows added in Kentucky, Tennessee and elsewhere.",
    ]);
    expect(await added(dee)).toEqual([]);
  });
});

describe("a calendar import sent in batches", () => {
  it("leaves each person one summary of all its batches, replacing the earlier batch's notice", async () => {
    const before = (await newShowsOf(eve)).length;
    const batch = async (name: string, location: string) => {
      const res = await call(t.app, "POST", "/api/admin/calendar/import", {
        cookie: admin.cookie,
        body: {
          importId: "import-one-2030",
          shows: [{ name, startDate: "2030-08-01", endDate: "2030-08-01", location, sanctioningOrg: null }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await batch("Batch Show One", "Wartrace, TN");
    expect((await newShowsOf(eve)).slice(before).map((r) => r.message)).toEqual([
      n.newShow("Batch Show One", "Wartrace, TN"),
    ]);
    await batch("Batch Show Two", "Lexington, KY");
    await batch("Batch Show Three", "Belfast, TN");
    expect((await newShowsOf(eve)).slice(before).map((r) => r.message)).toEqual([
      "3 new shows added in Kentucky and Tennessee.",
    ]);
    // Ben (Tennessee) heard of the two in Tennessee, in one notice too.
    expect(
      (await newShowsOf(ben)).filter((r) => r.message.startsWith("2 new shows added in Tennessee")),
    ).toHaveLength(2);
  });

  it("refuses an import id that is not a plain token (400)", async () => {
    const res = await call(t.app, "POST", "/api/admin/calendar/import", {
      cookie: admin.cookie,
      body: {
        importId: "../../x",
        shows: [
          {
            name: "X",
            startDate: "2030-08-01",
            endDate: "2030-08-01",
            location: "A, TN",
            sanctioningOrg: null,
          },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the new-show choice", () => {
  it("defaults to near me and is each person's own", async () => {
    const get = async (u: SignedInUser) =>
      (await call(t.app, "GET", "/api/push/settings", { cookie: u.cookie })).json();
    expect((await get(dee)).newShows).toBe("near");
    expect((await get(eve)).newShows).toBe("all");
    // Saving other choices without it keeps it.
    await call(t.app, "PUT", "/api/push/settings", {
      cookie: eve.cookie,
      body: { choices: { result: false }, quietHours: true, timeZone: "America/Chicago" },
    });
    expect((await get(eve)).newShows).toBe("all");
  });
});

describe("a new account", () => {
  it("gets no notices to everyone from before it existed", async () => {
    await db()
      .insertInto("notification")
      .values({
        id: "old-broadcast",
        user_id: null,
        type: "ShowUpdate",
        message: "An old notice to everyone",
        show_id: null,
        created_at: new Date(Date.now() - 3_600_000).toISOString(),
      })
      .execute();
    const newcomer = await signedInUser(t.app, { name: "Newcomer" });
    expect(await list(newcomer)).toEqual([]);
    expect(await unread(newcomer)).toBe(0);
    expect((await list(dee)).map((x) => x.id)).toContain("old-broadcast");
  });
});

describe("Mark all read", () => {
  it("needs a session and our Origin", async () => {
    expect((await call(t.app, "POST", "/api/notifications/read-all")).statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/notifications/read-all",
      headers: { cookie: eve.cookie, origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await unread(eve)).toBeGreaterThan(0);
  });

  it("marks every visible notification read for the reader only, once (a replay changes nothing)", async () => {
    const eveUnread = await unread(eve);
    const deeUnread = await unread(dee);
    expect(eveUnread).toBeGreaterThan(1);
    const key = newId();
    const first = await call(t.app, "POST", "/api/notifications/read-all", {
      cookie: eve.cookie,
      headers: { "idempotency-key": key },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ marked: eveUnread });
    const replay = await call(t.app, "POST", "/api/notifications/read-all", {
      cookie: eve.cookie,
      headers: { "idempotency-key": key },
    });
    expect(replay.json()).toEqual({ marked: eveUnread });
    expect(await unread(eve)).toBe(0);
    expect((await list(eve)).every((x) => x.isRead)).toBe(true);
    expect(await unread(dee)).toBe(deeUnread);
    const again = await call(t.app, "POST", "/api/notifications/read-all", { cookie: eve.cookie });
    expect(again.json()).toEqual({ marked: 0 });
  });
});

describe("deleting a show", () => {
  it("tells its entrants it was cancelled, and its earlier notices say it was deleted", async () => {
    const res = await call(t.app, "POST", "/api/shows", {
      cookie: admin.cookie,
      body: belfast({ name: "Doomed Show", location: "Shelbyville, TN" }),
    });
    const id = res.json().id as string;
    await buildEntry(t.app, { userId: ben.id, showId: id, classId: "class-1", status: "Showing" });
    await buildEntry(t.app, { userId: cal.id, showId: id, classId: "class-1", status: "Interested" });
    expect((await list(ben)).find((x) => x.showId === id)).toMatchObject({ showDeleted: false });

    expect((await call(t.app, "DELETE", `/api/shows/${id}`, { cookie: ben.cookie })).statusCode).toBe(403);
    const del = await call(t.app, "DELETE", `/api/shows/${id}`, { cookie: admin.cookie });
    expect(del.statusCode, del.body).toBe(200);

    for (const who of [ben, cal]) {
      const items = await list(who);
      expect(items[0], who.name).toMatchObject({
        message: n.showCancelled("Doomed Show"),
        showId: null,
        showDeleted: false,
      });
    }
    const about = (await list(ben)).find((x) => x.message === n.newShow("Doomed Show", "Shelbyville, TN"));
    expect(about).toMatchObject({ showId: null, showDeleted: true });
    expect((await list(dee)).map((x) => x.message)).not.toContain(n.showCancelled("Doomed Show"));
  });
});

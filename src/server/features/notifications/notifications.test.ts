import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "#server/platform/ids.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call, createSharedTestApps, OTHER_SERVER_NOTICE_MS } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/** Accounts made before the notifications the tests date in the past (a newer account would not see them). */
const longAgo = new Date(Date.now() - 30 * 86_400_000);
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

async function addNotification(userId: string | null, message: string, hoursAgo: number, type = "NewShow") {
  const id = newId();
  await t.app.deps.db.db
    .insertInto("notification")
    .values({ id, user_id: userId, type, message, show_id: null, created_at: at(hoursAgo) })
    .execute();
  return id;
}

const list = (user: SignedInUser) => call(t.app, "GET", "/api/notifications", { cookie: user.cookie });
const unread = async (user: SignedInUser) =>
  (await call(t.app, "GET", "/api/notifications/unread-count", { cookie: user.cookie })).json().count;
const read = (user: SignedInUser, id: string) =>
  call(t.app, "POST", `/api/notifications/${id}/read`, { cookie: user.cookie });

let forAnn: string;
let forBob: string;
let forEveryone: string;
let oddType: string;

const t = buildTestApp();
const ann = t.user({ name: "Ann", createdAt: longAgo });
const bob = t.user({ name: "Bob", createdAt: longAgo });

beforeAll(async () => {
  forEveryone = await addNotification(null, "New show added: Spring Show in Shelbyville, TN.", 24);
  forAnn = await addNotification(ann.id, "Ann's barn news", 1, "BarnActivity");
  forBob = await addNotification(bob.id, "Bob's barn news", 2, "BarnActivity");
  oddType = await addNotification(ann.id, "Something new", 72, "SomethingElse");
});

describe("notifications API", () => {
  it.each([
    ["GET", "/api/notifications"],
    ["GET", "/api/notifications/unread-count"],
    ["POST", "/api/notifications/x/read"],
  ] as const)("%s %s needs a session (401)", async (method, url) => {
    expect((await call(t.app, method, url)).statusCode).toBe(401);
  });

  it("lists the user's own and everyone's notifications, newest first, never someone else's", async () => {
    const res = await list(ann);
    expect(res.statusCode).toBe(200);
    const items = res.json().notifications;
    expect(items.map((n: { id: string }) => n.id)).toEqual([forAnn, forEveryone, oddType]);
    expect(items[0]).toMatchObject({
      type: "BarnActivity",
      message: "Ann's barn news",
      showId: null,
      isRead: false,
    });
    expect(items[2].type).toBe("SomethingElse");
    expect((await list(bob)).json().notifications.map((n: { id: string }) => n.id)).toEqual([
      forBob,
      forEveryone,
    ]);
  });

  it("marks a broadcast read for the reader only; reading again keeps it read", async () => {
    expect(await unread(ann)).toBe(3);
    expect(await unread(bob)).toBe(2);
    expect((await read(ann, forEveryone)).json()).toEqual({ ok: true });
    expect((await read(ann, forEveryone)).statusCode).toBe(200);
    expect(await unread(ann)).toBe(2);
    expect(await unread(bob)).toBe(2);
    const annItems = (await list(ann)).json().notifications;
    expect(annItems.find((n: { id: string }) => n.id === forEveryone).isRead).toBe(true);
    const bobItems = (await list(bob)).json().notifications;
    expect(bobItems.find((n: { id: string }) => n.id === forEveryone).isRead).toBe(false);
  });

  it("refuses to mark another user's notification or an unknown one (404), writing nothing", async () => {
    expect((await read(ann, forBob)).statusCode).toBe(404);
    expect((await read(ann, "no-such-id")).statusCode).toBe(404);
    const rows = await t.app.deps.db.db
      .selectFrom("notification_read")
      .select("notification_id")
      .where("user_id", "=", ann.id)
      .execute();
    expect(rows.map((r) => r.notification_id)).not.toContain(forBob);
  });

  it("rejects an over-long id before it reaches the database", async () => {
    // Fastify itself caps path parameters at 100 characters (414); the contract's limit matches.
    expect((await read(ann, "x".repeat(101))).statusCode).toBe(414);
  });
  // Last: the 80 everyone-notifications it adds would change the other tests' counts.
  it("lists only the newest 100, own and everyone's interleaved by time", async () => {
    const crowded = await signedInUser(t.app, { name: "Crowded", createdAt: longAgo });
    const expected: { id: string; hoursAgo: number }[] = [];
    // 80 of the user's own (even hours) and 80 more for everyone (odd hours), older than the fixtures above.
    for (let i = 0; i < 80; i++) {
      expected.push({
        id: await addNotification(crowded.id, `own ${i}`, 100 + 2 * i, "BarnActivity"),
        hoursAgo: 100 + 2 * i,
      });
      expected.push({ id: await addNotification(null, `everyone ${i}`, 101 + 2 * i), hoursAgo: 101 + 2 * i });
    }
    const items: { id: string }[] = (await list(crowded)).json().notifications;
    expect(items).toHaveLength(100);
    expect(items[0]!.id).toBe(forEveryone);
    const newest = expected.sort((a, b) => a.hoursAgo - b.hoursAgo).slice(0, 99);
    expect(items.slice(1).map((n) => n.id)).toEqual(newest.map((n) => n.id));
  });
});

describe("notification list cache", () => {
  const ids = async (user: SignedInUser, headers: Record<string, string> = {}) => {
    const res = await call(t.app, "GET", "/api/notifications", { cookie: user.cookie, headers });
    expect(res.statusCode).toBe(200);
    return {
      etag: String(res.headers.etag),
      items: res.json().notifications as { id: string; isRead: boolean; showId: string | null }[],
    };
  };
  const revalidate = (user: SignedInUser, etag: string) =>
    call(t.app, "GET", "/api/notifications", { cookie: user.cookie, headers: { "if-none-match": etag } });

  it("revalidates with 304 until the user's list changes, whatever the change", async () => {
    const cara = await signedInUser(t.app, { name: "Cara", createdAt: longAgo });
    const show = await buildShow(t.app);
    let { etag } = await ids(cara);
    expect((await revalidate(cara, etag)).statusCode).toBe(304);
    // Someone else's notice leaves Cara's list as it was.
    await addNotification(bob.id, "Bob again", 0.5);
    await t.app.deps.db.versions.caughtUp();
    expect((await revalidate(cara, etag)).statusCode).toBe(304);

    let own = "";
    let everyone = "";
    const changes: [string, () => Promise<unknown>, (items: { id: string; isRead: boolean }[]) => void][] = [
      [
        "a notice for Cara",
        async () => {
          own = await addNotification(cara.id, "Cara's news", 0.1);
          await t.app.deps.db.db
            .updateTable("notification")
            .set({ show_id: show.id })
            .where("id", "=", own)
            .execute();
        },
        (items) => expect(items[0]?.id).toBe(own),
      ],
      ["read by Cara", () => read(cara, own), (items) => expect(items[0]?.isRead).toBe(true)],
      [
        "a notice to everyone",
        async () => {
          everyone = await addNotification(null, "Everyone's news", 0.05);
        },
        (items) => expect(items[0]?.id).toBe(everyone),
      ],
      [
        "the show it names deleted",
        () => t.app.deps.db.db.deleteFrom("show").where("id", "=", show.id).execute(),
        (items) => expect(items.find((n) => n.id === own)).toMatchObject({ showId: null }),
      ],
      [
        "a notice removed",
        () => t.app.deps.db.db.deleteFrom("notification").where("id", "=", own).execute(),
        (items) => expect(items.some((n) => n.id === own)).toBe(false),
      ],
    ];
    for (const [what, change, check] of changes) {
      await change();
      // Most are written to the tables directly: like the API's writes, they wait for their notices (ADR 057).
      await t.app.deps.db.versions.caughtUp();
      const stale = await revalidate(cara, etag);
      expect(stale.statusCode, what).toBe(200);
      check(stale.json().notifications);
      const next = await ids(cara);
      expect(next.etag, what).not.toBe(etag);
      etag = next.etag;
    }
  });

  it("shows a read mark made through one server on the other's next request", async () => {
    const { apps, close } = await createSharedTestApps();
    try {
      const [a, b] = apps;
      const dee = await signedInUser(a, { name: "Dee", createdAt: longAgo });
      const id = newId();
      await a.deps.db.db
        .insertInto("notification")
        .values({
          id,
          user_id: dee.id,
          type: "NewShow",
          message: "Dee's news",
          show_id: null,
          created_at: at(1),
        })
        .execute();
      const isRead = async () =>
        (await call(a, "GET", "/api/notifications", { cookie: dee.cookie })).json().notifications[0].isRead;
      expect(await isRead()).toBe(false);
      expect(await isRead()).toBe(false);
      expect(
        (await call(b, "POST", `/api/notifications/${id}/read`, { cookie: dee.cookie })).statusCode,
      ).toBe(200);
      // On the other server once its notice is delivered (ADR 057): well before the 5 s bound on a kept answer.
      await expect.poll(isRead, { timeout: OTHER_SERVER_NOTICE_MS }).toBe(true);
    } finally {
      await close();
    }
  });
});

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUSH_KIND_RULES, PUSH_KINDS, type PushKind } from "#domain/notifications/push-kinds.ts";
import { pushTexts } from "#domain/texts/push.ts";
import { buildApp } from "#server/app.ts";
import { createNotifications, type Outgoing } from "#server/features/notifications/notifications.service.ts";
import { signedInUser } from "#tests/support/factories.ts";
import {
  type PushServiceStandIn,
  type StandInSubscription,
  startPushService,
} from "#tests/support/push-service.ts";
import {
  call,
  createSharedTestApps,
  createTestApp,
  sharedTestDatabase,
  type TestApp,
  testConfig,
} from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import type { SignedInUser } from "#tests/support/test-app.ts";

const PUSH = { vapidKeys: null, subject: "mailto:push@ringside.test", allowPrivateEndpoints: true };

/** A notification type of each kind, as the features create them. */
const TYPE_OF: Record<PushKind, string> = {
  "class-alert": "ClassAway",
  result: "Result",
  "show-update": "ShowUpdate",
  barn: "BarnActivity",
  "new-show": "NewShow",
  "friend-request": "FriendRequest",
};

let t: TestApp;
let service: PushServiceStandIn;
/** Shows the notifications are about (a notification's show must exist). */
let show1: string;
let show2: string;

/**
 * A notification through the central function. `queued` changes its messages in the same transaction,
 * so the worker's 5-second look at the queue can never see them before the test wants it to.
 */
const notify = (
  app: FastifyInstance,
  recipients: string[] | null,
  outgoing: Partial<Outgoing> & { type: string },
  queued: Partial<{ due_at: string; lease_owner: string; lease_until: string }> = {},
) =>
  app.deps.db.db.transaction().execute(async (trx) => {
    const event = await createNotifications(trx, recipients, {
      message: `${outgoing.type} news`,
      showId: null,
      ...outgoing,
    });
    if (Object.keys(queued).length) await trx.updateTable("push_delivery").set(queued).execute();
    return event;
  });
const drain = (app: FastifyInstance = t.app) => app.deps.push.delivery.drain();
const queue = (app: FastifyInstance = t.app) =>
  app.deps.db.db.selectFrom("push_delivery").selectAll().execute();

async function withDevice(app: FastifyInstance, name: string, timeZone = "America/Chicago") {
  const user: SignedInUser = await signedInUser(app, { name });
  const sub = service.subscribe(app.deps.push.publicKey);
  const res = await call(app, "POST", "/api/push/devices", {
    cookie: user.cookie,
    body: { ...sub.json, timeZone },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user, sub, deviceId: res.json().id as string };
}

const choose = (
  user: SignedInUser,
  choices: Partial<Record<PushKind, boolean>>,
  quietHours = false,
  timeZone = "UTC",
) =>
  call(t.app, "PUT", "/api/push/settings", { cookie: user.cookie, body: { choices, quietHours, timeZone } });

beforeAll(async () => {
  t = await createTestApp({ push: PUSH });
  service = await startPushService();
  show1 = (await buildShow(t.app)).id;
  show2 = (await buildShow(t.app)).id;
});
afterAll(async () => {
  await t.close();
  await service.close();
});

describe("a notification reaches the lock screen", () => {
  it("sends a class alert encrypted for the device, signed with VAPID, urgent, short-lived, with its link", async () => {
    const { user, sub } = await withDevice(t.app, "Rider");
    await notify(t.app, [user.id], {
      type: "ClassAway",
      message: "Class 34 is 3 classes away (≈ 8:05 PM): Midnight Sun, ridden by Jane Doe",
      showId: show1,
      classId: "cel-34",
    });
    await drain();
    const [push] = service.for(sub.id);
    expect(push).toMatchObject({
      status: 201,
      urgency: "high",
      message: {
        title: pushTexts.titles["class-alert"],
        body: "Class 34 is 3 classes away (≈ 8:05 PM): Midnight Sun, ridden by Jane Doe",
        url: `/shows/${show1}?class=cel-34`,
        tag: `class-alert:${show1}:cel-34`,
      },
      jwt: { aud: service.url, sub: "mailto:push@ringside.test" },
    });
    expect(push?.ttl).toBeGreaterThan(PUSH_KIND_RULES["class-alert"].ttlSeconds - 5);
    expect(push?.ttl).toBeLessThanOrEqual(PUSH_KIND_RULES["class-alert"].ttlSeconds);
    expect(push?.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(service.rejected).toEqual([]);
    expect(await queue()).toEqual([]);
  });

  it("keeps a payload under 4 KB however long the text", async () => {
    const { user, sub } = await withDevice(t.app, "Long");
    await notify(t.app, [user.id], {
      type: "ShowUpdate",
      message: "Ünïcode changes. ".repeat(2_000),
      showId: show1,
    });
    await drain();
    const [push] = service.for(sub.id);
    expect(push?.bodyBytes).toBeLessThanOrEqual(4096);
    expect(push?.message.body.endsWith("…")).toBe(true);
    expect(push?.message.url).toBe("/notifications");
  });

  it("gives every message on one subject one topic, and replaces one still waiting", async () => {
    const { user, sub, deviceId } = await withDevice(t.app, "Night owl");
    expect((await choose(user, {}, true, nightTimeZone())).statusCode).toBe(200);
    await notify(t.app, [user.id], { type: "ShowUpdate", message: "moved to Friday", showId: show1 });
    await notify(t.app, [user.id], { type: "ShowUpdate", message: "moved to Saturday", showId: show1 });
    await notify(t.app, [user.id], { type: "ShowUpdate", message: "other show", showId: show2 });
    await drain();
    expect(service.for(sub.id)).toEqual([]);
    const held = (await queue()).filter((r) => r.subscription_id === deviceId);
    expect(held.map((r) => JSON.parse(r.message).body).sort()).toEqual(["moved to Saturday", "other show"]);
    expect(held.every((r) => Date.parse(r.due_at) > Date.now())).toBe(true);
    // A class alert is never held.
    await notify(t.app, [user.id], { type: "ClassAway", showId: show1, classId: "c1" });
    await drain();
    expect(service.for(sub.id).map((p) => p.urgency)).toEqual(["high"]);
    // Morning comes: the held ones go, the newest text only.
    await t.app.deps.db.db
      .updateTable("push_delivery")
      .set({ due_at: new Date(0).toISOString() })
      .execute();
    await drain();
    const bodies = service.for(sub.id).map((p) => p.message.body);
    expect(bodies).toContain("moved to Saturday");
    expect(bodies).not.toContain("moved to Friday");
    expect(new Set(service.for(sub.id).map((p) => p.topic)).size).toBe(3);
  });
});

/** A time zone where it is 1 AM (or 2 AM, should the hour turn meanwhile) right now: quiet hours. */
function nightTimeZone(): string {
  let offset = (25 - new Date().getUTCHours()) % 24;
  if (offset > 12) offset -= 24;
  // Etc/GMT names turn the sign around: Etc/GMT-3 is three hours ahead of UTC.
  return offset === 0 ? "Etc/GMT" : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

describe("what each person chose", () => {
  it.each(PUSH_KINDS)(
    "a person who turned %s off gets no push of it; one who left or turned it on does",
    async (kind) => {
      const off = await withDevice(t.app, `Off ${kind}`);
      const on = await withDevice(t.app, `On ${kind}`);
      const left = await withDevice(t.app, `Default ${kind}`);
      await choose(off.user, { [kind]: false });
      await choose(on.user, { [kind]: true });
      const everyone = kind === "new-show" ? null : [off.user.id, on.user.id, left.user.id];
      await notify(t.app, everyone, { type: TYPE_OF[kind], message: `${kind} for all`, showId: show1 });
      await drain();
      const got = (who: { sub: StandInSubscription }) =>
        service.for(who.sub.id).some((p) => p.message.body === `${kind} for all`);
      expect(got(off)).toBe(false);
      expect(got(on)).toBe(true);
      expect(got(left)).toBe(PUSH_KIND_RULES[kind].pushedByDefault);
    },
  );

  it("pushes nothing for a type that belongs to no kind, and nothing to people it is not for", async () => {
    const a = await withDevice(t.app, "Aimee");
    const b = await withDevice(t.app, "Bea");
    await notify(t.app, [a.user.id], { type: "SomethingElse", message: "odd" });
    await notify(t.app, [a.user.id], { type: "ShowUpdate", message: "for Aimee only" });
    await drain();
    expect(service.for(a.sub.id).map((p) => p.message.body)).toEqual(["for Aimee only"]);
    expect(service.for(b.sub.id)).toEqual([]);
  });

  it("goes through the one central function from the features too: a friend request pushed when chosen", async () => {
    const to = await withDevice(t.app, "Friendly");
    await choose(to.user, { "friend-request": true });
    const from = await signedInUser(t.app, { name: "Requester" });
    const res = await call(t.app, "POST", "/api/friends", {
      cookie: from.cookie,
      body: { friendId: to.user.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    await service.waitFor(() => service.for(to.sub.id).length === 1);
    expect(service.for(to.sub.id)[0]?.message.body).toBe("Requester sent you a friend request.");
  });
});

describe("what the push service answers", () => {
  it.each([404, 410])("%i: the device is gone, so it is removed with what waited for it", async (status) => {
    const { user, sub, deviceId } = await withDevice(t.app, `Gone ${status}`);
    service.answerNext(sub.id, status);
    await notify(t.app, [user.id], { type: "Result", message: "placed 2nd" });
    await drain();
    expect(service.for(sub.id).map((p) => p.status)).toEqual([status]);
    const left = await t.app.deps.db.db
      .selectFrom("push_subscription")
      .select("id")
      .where("id", "=", deviceId)
      .execute();
    expect(left).toEqual([]);
  });

  it.each([
    [429, { status: 429, retryAfter: "120" }, 120],
    [500, { status: 500 }, 30],
  ] as const)("%i: tried again after a wait (%o), then delivered", async (_, answer, waitSeconds) => {
    const { user, sub } = await withDevice(t.app, `Busy ${answer.status}`);
    service.answerNext(sub.id, answer);
    const before = Date.now();
    await notify(t.app, [user.id], { type: "Result", message: "placed 1st" });
    await drain();
    const [row] = (await queue()).filter((r) => r.attempts > 0);
    expect(row?.attempts).toBe(1);
    expect(Date.parse(row?.due_at ?? "")).toBeGreaterThanOrEqual(before + waitSeconds * 1000);
    expect(row?.lease_owner).toBeNull();
    await t.app.deps.db.db
      .updateTable("push_delivery")
      .set({ due_at: new Date(0).toISOString() })
      .execute();
    await drain();
    expect(service.for(sub.id).map((p) => p.status)).toEqual([answer.status, 201]);
    expect(await queue()).toEqual([]);
  });

  it("gives up after five failed tries and keeps the device", async () => {
    const { user, sub, deviceId } = await withDevice(t.app, "Flaky");
    service.answerNext(sub.id, 500, 503, 500, 502, 500);
    await notify(t.app, [user.id], { type: "Result", message: "never arrives" });
    for (let i = 0; i < 5; i++) {
      await drain();
      await t.app.deps.db.db
        .updateTable("push_delivery")
        .set({ due_at: new Date(0).toISOString() })
        .execute();
    }
    expect(service.for(sub.id).map((p) => p.status)).toEqual([500, 503, 500, 502, 500]);
    expect(await queue()).toEqual([]);
    const device = await t.app.deps.db.db
      .selectFrom("push_subscription")
      .select("id")
      .where("id", "=", deviceId)
      .execute();
    expect(device).toHaveLength(1);
  });

  it("drops a message that waited past its time to live without sending it", async () => {
    const { user, sub } = await withDevice(t.app, "Late");
    service.answerNext(sub.id, 500);
    await notify(t.app, [user.id], { type: "ClassAway", message: "3 away", showId: show1, classId: "c" });
    await drain();
    await t.app.deps.db.db
      .updateTable("push_delivery")
      .set({ due_at: new Date(0).toISOString(), expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await drain();
    expect(service.for(sub.id)).toHaveLength(1);
    expect(await queue()).toEqual([]);
  });

  it("leaves a message another sender holds alone until its lease runs out", async () => {
    const { user, sub } = await withDevice(t.app, "Leased");
    const held = {
      lease_owner: "a-server-that-died",
      lease_until: new Date(Date.now() + 60_000).toISOString(),
    };
    await notify(t.app, [user.id], { type: "Result", message: "leased" }, held);
    await drain();
    expect(service.for(sub.id)).toEqual([]);
    await t.app.deps.db.db
      .updateTable("push_delivery")
      .set({ lease_until: new Date(Date.now() - 1).toISOString() })
      .execute();
    await drain();
    expect(service.for(sub.id).map((p) => p.message.body)).toEqual(["leased"]);
  });
});

describe("one queue, several app servers", () => {
  it("two servers sending from one queue send each message exactly once", async () => {
    const { apps, close } = await createSharedTestApps({ push: PUSH });
    try {
      const [a, b] = apps;
      const subs: StandInSubscription[] = [];
      const users: string[] = [];
      for (let u = 0; u < 8; u++) {
        const user = await signedInUser(a, { name: `Crowd ${u}` });
        users.push(user.id);
        for (let d = 0; d < 15; d++) {
          const sub = service.subscribe(a.deps.push.publicKey);
          subs.push(sub);
          const res = await call(a, "POST", "/api/push/devices", {
            cookie: user.cookie,
            body: { ...sub.json, timeZone: "UTC" },
          });
          expect(res.statusCode).toBe(200);
        }
      }
      const show = await buildShow(a);
      await notify(a, users, { type: "ClassAway", message: "in the ring", showId: show.id, classId: "c" });
      await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
      const got = subs.map((s) => service.for(s.id).filter((p) => p.message.body === "in the ring").length);
      expect(got).toEqual(subs.map(() => 1));
      expect(await queue(a)).toEqual([]);
    } finally {
      await close();
    }
    // Eight sign-ins and 120 subscriptions before the fan-out: a loaded machine needs more than 20 s.
  }, 60_000);

  it("a message queued when its server stops goes out when a server starts again", async () => {
    const { database, drop } = await sharedTestDatabase();
    const first = await buildApp(testConfig({ database, push: PUSH }));
    try {
      const user = await signedInUser(first, { name: "Restart" });
      const sub = service.subscribe(first.deps.push.publicKey);
      await call(first, "POST", "/api/push/devices", {
        cookie: user.cookie,
        body: { ...sub.json, timeZone: "UTC" },
      });
      // Queued, due a moment later, and the server stops before it is due.
      const due = Date.now() + 1000;
      await notify(
        first,
        [user.id],
        { type: "Result", message: "survived a restart" },
        {
          due_at: new Date(due).toISOString(),
        },
      );
      await first.close();
      expect(service.for(sub.id)).toEqual([]);
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      const second = await buildApp(testConfig({ database, push: PUSH }));
      try {
        await service.waitFor(() => service.for(sub.id).length === 1);
        expect(service.for(sub.id)[0]?.message.body).toBe("survived a restart");
      } finally {
        await second.close();
      }
    } finally {
      await drop();
    }
  });
});

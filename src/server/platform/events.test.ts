import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { createVersionMirror } from "#server/db/version-mirror.ts";
import { chunkEvent, createEventBus, type LiveEvent } from "#server/platform/events.ts";
import { concerns, eventRoutes } from "#server/platform/live-streams.ts";
import { createStreamLimit, LIVE_STREAMS_PER_USER } from "#server/platform/stream-limit.ts";
import { buildEntryShow, buildHorse } from "#tests/support/entries-factories.ts";
import { signedInUser, signIn } from "#tests/support/factories.ts";
import { call, createTestApp, type TestApp, testConfig, testEngine } from "#tests/support/server.ts";
import { listen, openEventStream } from "#tests/support/sse.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

describe("event helpers", () => {
  it("concerns the named users, or everyone when no users are named", () => {
    expect(concerns({ type: "notification", userIds: ["a", "b"] }, "b")).toBe(true);
    expect(concerns({ type: "notification", userIds: ["a"] }, "b")).toBe(false);
    expect(concerns({ type: "notification", userIds: null }, "b")).toBe(true);
  });

  it("splits long recipient lists so each PostgreSQL message stays under 8000 bytes", () => {
    const ids = Array.from(
      { length: 400 },
      (_, i) => `0190a5b2-0000-7000-8000-${String(i).padStart(12, "0")}`,
    );
    const chunks = chunkEvent({ type: "notification", userIds: ids });
    expect(chunks.flatMap((c) => (c.type === "notification" ? (c.userIds ?? []) : []))).toEqual(ids);
    for (const c of chunks) expect(JSON.stringify(c).length).toBeLessThan(8000);
    expect(chunkEvent({ type: "notification", userIds: null })).toEqual([
      { type: "notification", userIds: null },
    ]);
  });
});

/** A bare app with only the events route, whose session lookup the test controls. */
async function streamOnlyApp(heartbeatMs: number) {
  const app = Fastify();
  const session = {
    current: { sessionId: "s1", userId: "u1" } as { sessionId: string; userId: string } | null,
  };
  const bus = createEventBus(
    {
      kind: "sqlite",
      db: undefined as never,
      pgPool: undefined,
      versions: createVersionMirror(),
      close: async () => {},
    },
    console,
  );
  await app.register(eventRoutes, {
    bus,
    heartbeatMs,
    sessionOf: async () => session.current,
    limit: createStreamLimit(LIVE_STREAMS_PER_USER),
  });
  return { app, bus, session, base: await listen(app) };
}

describe("the /api/events route", () => {
  it("sends heartbeats and ends open streams when the app closes", async () => {
    const { app, bus, base } = await streamOnlyApp(30);
    const stream = await openEventStream(base);
    expect(stream.status).toBe(200);
    await stream.waitFor(":", 2);
    await bus.publish({ type: "notification", userIds: ["someone-else"] });
    await bus.publish({ type: "notification", userIds: ["u1"] });
    await stream.waitFor("notification");
    const started = Date.now();
    await app.close();
    await stream.waitFor("<closed>");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(stream.events.filter((e) => e === "notification")).toHaveLength(1);
  });

  it("closes a stream at the first heartbeat that finds its session gone (expired, or deleted without an event)", async () => {
    const { app, session, base } = await streamOnlyApp(30);
    const stream = await openEventStream(base);
    await stream.waitFor(":", 1);
    session.current = null;
    await stream.waitFor("session-ended");
    await stream.waitFor("<closed>");
    await app.close();
  });

  it("closes a stream when its session ends, and only that one", async () => {
    const { app, bus, base } = await streamOnlyApp(60_000);
    const stream = await openEventStream(base);
    await stream.waitFor("ready");
    await bus.publish({ type: "session-ended", sessionIds: ["another-session"], userIds: ["u1"] });
    await bus.publish({ type: "notification", userIds: ["u1"] });
    await stream.waitFor("notification");
    await bus.publish({ type: "session-ended", sessionIds: ["s1"], userIds: ["u1"] });
    await stream.waitFor("<closed>");
    expect(stream.events).toEqual(["ready", "notification", "session-ended", "<closed>"]);
    await app.close();
  });
});

describe("live notifications through the app", () => {
  let base: string;
  const t = buildTestApp();

  beforeAll(async () => {
    base = await listen(t.app);
  });

  it("refuses a stream without a session (401)", async () => {
    const stream = await openEventStream(base);
    expect(stream.status).toBe(401);
  });

  it("ends the stream of a session that signs out, and delivers nothing after", async () => {
    const user = await signedInUser(t.app);
    const otherDevice = await signIn(t.app, user);
    const stream = await openEventStream(base, user.cookie);
    const kept = await openEventStream(base, otherDevice);
    await stream.waitFor("ready");
    await kept.waitFor("ready");
    const out = await call(t.app, "POST", "/api/auth/sign-out", { cookie: user.cookie, body: {} });
    expect(out.statusCode).toBe(200);
    await stream.waitFor("session-ended");
    await stream.waitFor("<closed>");
    await t.app.deps.events.publish({ type: "notification", userIds: [user.id] });
    await kept.waitFor("notification");
    expect(stream.events).not.toContain("notification");
    expect(kept.events).not.toContain("session-ended");
    kept.close();
  });

  it("announces every session of a user that is deleted through better-auth", async () => {
    const user = await signedInUser(t.app);
    const seen: LiveEvent[] = [];
    const unsubscribe = t.app.deps.events.subscribe((e) => seen.push(e));
    const stream = await openEventStream(base, user.cookie);
    await stream.waitFor("ready");
    const ctx = await t.app.deps.auth.$context;
    await ctx.internalAdapter.deleteUser(user.id);
    await stream.waitFor("<closed>");
    expect(seen.some((e) => e.type === "session-ended" && e.userIds.includes(user.id))).toBe(true);
    unsubscribe();
  });

  it("delivers a barn notification to the horse's trainer, not to the actor", async () => {
    const owner = await signedInUser(t.app, { name: "Olive Owner" });
    const trainer = await signedInUser(t.app, { name: "Tess Trainer", roles: ["Owner", "Trainer"] });
    const horse = await buildHorse(t.app, { owners: [owner.id], trainers: [trainer.id] });
    const show = await buildEntryShow(t.app);
    const ownerStream = await openEventStream(base, owner.cookie);
    const trainerStream = await openEventStream(base, trainer.cookie);
    await ownerStream.waitFor("ready");
    await trainerStream.waitFor("ready");

    const res = await call(t.app, "PUT", `/api/shows/${show.id}/classes/class-1/entries`, {
      cookie: owner.cookie,
      body: { entries: [{ status: "ImShowing", horseId: horse.id }] },
    });
    expect(res.statusCode).toBe(200);
    await trainerStream.waitFor("notification");
    const count = await call(t.app, "GET", "/api/notifications/unread-count", { cookie: trainer.cookie });
    expect(count.json()).toMatchObject({ count: 1 });
    expect(ownerStream.events).not.toContain("notification");
    ownerStream.close();
    trainerStream.close();
  });

  it("lets the app close while a stream is open", async () => {
    const other = await createTestApp();
    const url = await listen(other.app);
    const user = await signedInUser(other.app);
    const stream = await openEventStream(url, user.cookie);
    await stream.waitFor("ready");
    // Streams end in preClose; one that held the server open would keep close() from ever resolving.
    // (No time bound: dropping the test database under load took 3–4 s and failed the PG suite.)
    await other.close();
    await stream.waitFor("<closed>");
  });
});

// Several app servers only exist on PostgreSQL (SQLite is one embedded process), so this path is
// registered only when the suite runs against PostgreSQL.
if (testEngine === "postgres") {
  describe("several app servers on one PostgreSQL database (LISTEN/NOTIFY)", () => {
    let first: TestApp;
    let second: Awaited<ReturnType<typeof buildApp>>;
    let secondUrl: string;
    beforeAll(async () => {
      first = await createTestApp();
      second = await buildApp(testConfig({ database: first.app.deps.config.database }));
      secondUrl = await listen(second);
    });
    afterAll(async () => {
      await second.close();
      await first.close();
    });

    it("delivers a notification created through one server to a stream held by the other", async () => {
      const owner = await signedInUser(first.app, { name: "Pat Owner" });
      const trainer = await signedInUser(first.app, { name: "Quinn Trainer", roles: ["Owner", "Trainer"] });
      const horse = await buildHorse(first.app, { owners: [owner.id], trainers: [trainer.id] });
      const show = await buildEntryShow(first.app);
      const trainerCookie = await signIn(second, trainer);
      const stream = await openEventStream(secondUrl, trainerCookie);
      expect(stream.status).toBe(200);
      await stream.waitFor("ready");

      const res = await call(first.app, "PUT", `/api/shows/${show.id}/classes/class-1/entries`, {
        cookie: owner.cookie,
        body: { entries: [{ status: "HorseIsShowing", horseId: horse.id }] },
      });
      expect(res.statusCode).toBe(200);
      await stream.waitFor("notification", 1, 2000);
      stream.close();
    });

    it("publishes to every server's listeners, including its own", async () => {
      // The test before this one leaves events of its own in flight: this one looks for its own only.
      const mine: LiveEvent = { type: "notification", userIds: ["publishes-to-every-server"] };
      const seen: LiveEvent[] = [];
      const unsubscribe = first.app.deps.events.subscribe((e) => {
        if (JSON.stringify(e) === JSON.stringify(mine)) seen.push(e);
      });
      await second.deps.events.publish(mine);
      await expect.poll(() => seen.length, { timeout: 2000 }).toBe(1);
      expect(seen[0]).toEqual(mine);
      unsubscribe();
    });
  });
}

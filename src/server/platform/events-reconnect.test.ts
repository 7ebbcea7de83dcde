import Fastify from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { opsTexts } from "#domain/texts/ops.ts";
import { createVersionMirror } from "#server/db/version-mirror.ts";
import { registerErrorHandling } from "#server/http/error-handler.ts";
import { createEventBus } from "#server/platform/events.ts";
import { eventRoutes, SHUTDOWN_RETRY_MS } from "#server/platform/live-streams.ts";
import { createStreamLimit, LIVE_STREAMS_PER_USER } from "#server/platform/stream-limit.ts";
import { buildEntryShow, buildHorse } from "#tests/support/entries-factories.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { listen, openEventStream } from "#tests/support/sse.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/** A bare app with only the events route; the test sets the user's cursor and can hold a shutdown open. */
async function streamApp() {
  // As the app is built: requests during a shutdown reach their routes, and errors get our body.
  const app = Fastify({ return503OnClosing: false });
  registerErrorHandling(app);
  const cursor = { current: "v1" };
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
  let streams = () => -1;
  await app.register(eventRoutes, {
    bus,
    heartbeatMs: 60_000,
    sessionOf: async () => ({ sessionId: "s1", userId: "u1" }),
    limit: createStreamLimit(LIVE_STREAMS_PER_USER),
    cursorOf: async () => cursor.current,
    onStreams: (count) => {
      streams = count;
    },
  });
  // Holds the shutdown after the streams were told to go, while the server still listens.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // preClose hooks run down the plugin tree in order, so this one comes after the events route's.
  await app.register(async (child) => child.addHook("preClose", () => held));
  return { app, bus, cursor, base: await listen(app), streams: () => streams(), release };
}

describe("live streams across reconnects and shutdowns (ADR 021)", () => {
  it("gives every event the user's cursor as its id, and catches a reconnect up at once when it is behind", async () => {
    const { app, bus, cursor, base, release } = await streamApp();
    const first = await openEventStream(base);
    await first.waitFor("ready");
    expect(first.lastEventId).toBe("v1");
    cursor.current = "v2";
    await bus.publish({ type: "notification", userIds: ["u1"] });
    await first.waitFor("notification");
    expect(first.lastEventId).toBe("v2");
    first.close();

    const current = await openEventStream(base, undefined, { lastEventId: "v2" });
    await current.waitFor("ready");
    cursor.current = "v3";
    const behind = await openEventStream(base, undefined, { lastEventId: "v2" });
    await behind.waitFor("notification");
    expect(behind.events.slice(0, 2)).toEqual(["ready", "notification"]);
    expect(behind.lastEventId).toBe("v3");
    expect(current.events).toEqual(["ready"]);
    current.close();
    behind.close();
    release();
    await app.close();
  });

  it("tells open streams to reconnect soon when the server shuts down, and refuses new ones with 503", async () => {
    const { app, base, streams, release } = await streamApp();
    const stream = await openEventStream(base);
    await stream.waitFor("ready");
    expect(streams()).toBe(1);
    const closed = app.close();
    await stream.waitFor("reconnect");
    await stream.waitFor("<closed>");
    expect(stream.retry).toBeGreaterThan(0);
    expect(stream.retry).toBeLessThanOrEqual(SHUTDOWN_RETRY_MS);
    expect(streams()).toBe(0);

    const late = await fetch(`${base}/api/events`);
    expect(late.status).toBe(503);
    expect(await late.json()).toEqual({ error: { code: "UNAVAILABLE", message: opsTexts.shuttingDown } });
    release();
    await closed;
  });
});

describe("catch-up through the app", () => {
  let base: string;
  const t = buildTestApp();

  beforeAll(async () => {
    base = await listen(t.app);
  });

  it("sends a notification at once to a stream that reconnects after missing one", async () => {
    const owner = await signedInUser(t.app, { name: "Away Owner" });
    const trainer = await signedInUser(t.app, { name: "Away Trainer", roles: ["Owner", "Trainer"] });
    const horse = await buildHorse(t.app, { owners: [owner.id], trainers: [trainer.id] });
    const show = await buildEntryShow(t.app);
    const before = await openEventStream(base, trainer.cookie);
    await before.waitFor("ready");
    const seen = before.lastEventId!;
    before.close();

    const quiet = await openEventStream(base, trainer.cookie, { lastEventId: seen });
    await quiet.waitFor("ready");
    quiet.close();

    // While the trainer's phone is away, the owner enters the horse: the trainer is notified.
    const res = await call(t.app, "PUT", `/api/shows/${show.id}/classes/class-1/entries`, {
      cookie: owner.cookie,
      body: { entries: [{ status: "ImShowing", horseId: horse.id }] },
    });
    expect(res.statusCode).toBe(200);

    const back = await openEventStream(base, trainer.cookie, { lastEventId: seen });
    await back.waitFor("notification");
    expect(back.lastEventId).not.toBe(seen);
    expect(quiet.events).not.toContain("notification");
    back.close();
  });

  it("catches a first connect up from the version its page's badge was counted at (since)", async () => {
    const owner = await signedInUser(t.app, { name: "Early Owner" });
    const trainer = await signedInUser(t.app, { name: "Early Trainer", roles: ["Owner", "Trainer"] });
    const horse = await buildHorse(t.app, { owners: [owner.id], trainers: [trainer.id] });
    const show = await buildEntryShow(t.app);
    const badge = await call(t.app, "GET", "/api/notifications/unread-count", { cookie: trainer.cookie });
    expect(badge.statusCode).toBe(200);
    const { count, version } = badge.json() as { count: number; version: string };
    expect(version).toMatch(/^[0-9]+\.[0-9]+$/);

    // Between the page's read of its badge and its stream's start, the owner enters the horse.
    const res = await call(t.app, "PUT", `/api/shows/${show.id}/classes/class-1/entries`, {
      cookie: owner.cookie,
      body: { entries: [{ status: "ImShowing", horseId: horse.id }] },
    });
    expect(res.statusCode).toBe(200);
    const after = await call(t.app, "GET", "/api/notifications/unread-count", { cookie: trainer.cookie });
    expect(after.json()).toMatchObject({ count: count + 1 });

    const late = await openEventStream(base, trainer.cookie, { path: `/api/events?since=${version}` });
    await late.waitFor("notification");
    expect(late.events.slice(0, 2)).toEqual(["ready", "notification"]);
    const current = (after.json() as { version: string }).version;
    const upToDate = await openEventStream(base, trainer.cookie, { path: `/api/events?since=${current}` });
    await upToDate.waitFor("ready");
    // A catch-up would come before this next notification: one arrives, not two.
    const next = await call(t.app, "PUT", `/api/shows/${show.id}/classes/class-2/entries`, {
      cookie: owner.cookie,
      body: { entries: [{ status: "ImShowing", horseId: horse.id }] },
    });
    expect(next.statusCode).toBe(200);
    await upToDate.waitFor("notification");
    expect(upToDate.events).toEqual(["ready", "notification"]);
    late.close();
    upToDate.close();
  });

  it("refuses a since that is not a version, and any other parameter, with the error shape", async () => {
    const user = await signedInUser(t.app, { name: "Odd Query" });
    for (const query of [
      "since=abc",
      `since=${"1".repeat(70)}.1`,
      "since=1.2&x=1",
      "since=1.2.3",
      "since=-1.2",
    ]) {
      const stream = await openEventStream(base, user.cookie, { path: `/api/events?${query}` });
      expect(stream.status, query).toBe(400);
      expect(JSON.parse(stream.body), query).toEqual({
        error: { code: "BAD_REQUEST", message: opsTexts.badEventsQuery },
      });
    }
  });
});

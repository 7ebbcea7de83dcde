import { request } from "node:http";
import type { Socket } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { opsTexts } from "#domain/texts/ops.ts";
import { buildApp } from "#server/app.ts";
import { createVersionMirror } from "#server/db/version-mirror.ts";
import { registerErrorHandling } from "#server/http/error-handler.ts";
import { createEventBus } from "#server/platform/events.ts";
import { newId } from "#server/platform/ids.ts";
import { eventRoutes } from "#server/platform/live-streams.ts";
import {
  createStreamLimit,
  LIVE_STREAMS_PER_USER,
  STREAM_LIMIT_RETRY_AFTER_SECONDS,
} from "#server/platform/stream-limit.ts";
import { signedInUser, signIn } from "#tests/support/factories.ts";
import { call, createTestApp, type TestApp, testConfig, testEngine } from "#tests/support/server.ts";
import { buildRunningShow, signedInAdmin } from "#tests/support/show-day-factories.ts";
import { listen, openEventStream, type SseClient } from "#tests/support/sse.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

describe("createStreamLimit", () => {
  it.each([1, 2, 5])(
    "gives %i slots per person, each back once, and keeps no empty count",
    async (perUser) => {
      const limit = createStreamLimit(perUser);
      const taken = await Promise.all(Array.from({ length: perUser }, () => limit.acquire("a")));
      expect(taken.every((release) => release !== null)).toBe(true);
      expect(await limit.acquire("a")).toBeNull();
      const other = limit.take("b");
      expect(other).not.toBeNull();
      // Given back twice (the request's and the response's close both fire): one slot, not two.
      taken[0]?.();
      taken[0]?.();
      expect(await limit.held("a")).toBe(perUser - 1);
      const again = limit.take("a");
      expect(again).not.toBeNull();
      expect(limit.take("a")).toBeNull();
      for (const release of [...taken, again, other]) release?.();
      expect(limit.count("a")).toBe(0);
      expect(await limit.held("b")).toBe(0);
    },
  );
});

/** Opens `count` streams for `cookie`, alternating the two kinds, and waits until each is open. */
async function openMany(base: string, cookie: string, dayPath: string, count: number): Promise<SseClient[]> {
  const streams: SseClient[] = [];
  for (let i = 0; i < count; i++) {
    const stream = await openEventStream(base, cookie, i % 2 ? { path: dayPath } : {});
    expect(stream.status).toBe(200);
    await stream.waitFor("ready");
    streams.push(stream);
  }
  return streams;
}

function expectRefused(stream: SseClient): void {
  expect(stream.status).toBe(429);
  expect(stream.headers.get("content-type")).toContain("application/json");
  expect(stream.headers.get("retry-after")).toBe(String(STREAM_LIMIT_RETRY_AFTER_SECONDS));
  expect(JSON.parse(stream.body)).toEqual({
    error: { code: ERROR_CODES.tooManyRequests, message: opsTexts.tooManyStreams(LIVE_STREAMS_PER_USER) },
  });
}

describe("a person's open live streams, over real HTTP", () => {
  let base: string;
  let dayPath: string;
  const held = (userId: string) => t.app.deps.streamLimit.held(userId);
  const t = buildTestApp();

  beforeAll(async () => {
    base = await listen(t.app);
    const show = await buildRunningShow(t.app, await signedInAdmin(t.app), { classes: 1 });
    dayPath = `/api/shows/${show.show.id}/day/events`;
  });

  it("refuses one over the limit on either route (429, the error shape, Retry-After); a freed slot and another person are served", async () => {
    const user = await signedInUser(t.app);
    const streams = await openMany(base, user.cookie, dayPath, LIVE_STREAMS_PER_USER);
    expect(await held(user.id)).toBe(LIVE_STREAMS_PER_USER);
    expectRefused(await openEventStream(base, user.cookie));
    expectRefused(await openEventStream(base, user.cookie, { path: dayPath }));

    const other = await signedInUser(t.app);
    const others = await openMany(base, other.cookie, dayPath, 2);

    streams.shift()?.close();
    await expect.poll(() => held(user.id)).toBe(LIVE_STREAMS_PER_USER - 1);
    const next = await openEventStream(base, user.cookie, { path: dayPath });
    expect(next.status).toBe(200);
    await next.waitFor("ready");
    expectRefused(await openEventStream(base, user.cookie));

    for (const stream of [...streams, ...others, next]) stream.close();
    await expect.poll(async () => (await held(user.id)) + (await held(other.id))).toBe(0);
  });

  it("gives the slot back whenever the client closes its stream: nothing is held after 100 open/close cycles", async () => {
    const user = await signedInUser(t.app);
    for (let i = 0; i < 100; i++) {
      const stream = await openEventStream(base, user.cookie, i % 2 ? { path: dayPath } : {});
      expect(stream.status).toBe(200);
      await stream.waitFor("ready");
      stream.close();
    }
    await expect.poll(() => held(user.id)).toBe(0);
    const streams = await openMany(base, user.cookie, dayPath, LIVE_STREAMS_PER_USER);
    for (const stream of streams) stream.close();
    await expect.poll(() => held(user.id)).toBe(0);
  });

  it("counts a person's sessions together, and gives a session's slots back when it signs out", async () => {
    const user = await signedInUser(t.app);
    const laptop = await signIn(t.app, user);
    const streams = await openMany(base, user.cookie, dayPath, LIVE_STREAMS_PER_USER);
    expectRefused(await openEventStream(base, laptop));

    const out = await call(t.app, "POST", "/api/auth/sign-out", { cookie: user.cookie, body: {} });
    expect(out.statusCode).toBe(200);
    // The notification streams end on the session-ended event; the show-day ones likewise.
    await Promise.all(streams.map((stream) => stream.waitFor("<closed>")));
    await expect.poll(() => held(user.id)).toBe(0);
    const after = await openMany(base, laptop, dayPath, 2);
    for (const stream of after) stream.close();
  });

  it("gives every slot back when the app closes", async () => {
    const other = await createTestApp();
    const otherBase = await listen(other.app);
    const user = await signedInUser(other.app);
    const streams = await openMany(otherBase, user.cookie, "/api/events", 3);
    const limit = other.app.deps.streamLimit;
    expect(await limit.held(user.id)).toBe(3);
    await other.close();
    await Promise.all(streams.map((stream) => stream.waitFor("<closed>")));
    await expect.poll(() => limit.held(user.id)).toBe(0);
  });
});

describe("a client gone while its stream was being opened", () => {
  it("gets its slot back once the stream's cursor lookup answers", async () => {
    const app: FastifyInstance = Fastify();
    registerErrorHandling(app);
    const limit = createStreamLimit(1);
    let asked = () => {};
    const lookingUp = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let answer = (_cursor: string) => {};
    const cursor = new Promise<string>((resolve) => {
      answer = resolve;
    });
    await app.register(eventRoutes, {
      bus: createEventBus(
        {
          kind: "sqlite",
          db: undefined as never,
          pgPool: undefined,
          versions: createVersionMirror(),
          close: async () => {},
        },
        console,
      ),
      heartbeatMs: 60_000,
      sessionOf: async () => ({ sessionId: "s1", userId: "u1" }),
      limit,
      cursorOf: () => {
        asked();
        return cursor;
      },
    });
    const sockets: Socket[] = [];
    app.server.on("connection", (socket: Socket) => sockets.push(socket));
    const base = await listen(app);

    // One connection of its own (fetch may open a spare one, which would hold app.close() up).
    const client = request(`${base}/api/events`, { agent: false });
    client.on("error", () => {});
    client.end();
    await lookingUp;
    expect(await limit.held("u1")).toBe(1);
    const closed = new Promise((resolve) => sockets[0]?.once("close", resolve));
    client.destroy();
    await closed;
    answer("v1");
    await expect.poll(() => limit.held("u1")).toBe(0);
    await app.close();
  });
});

// Several app servers exist only on PostgreSQL (SQLite is one embedded process, which counts in memory).
if (testEngine === "postgres") {
  describe("two app servers on one PostgreSQL database (issue 31, item 6)", () => {
    const LIMIT = 4;
    let first: TestApp;
    let second: FastifyInstance;
    let firstUrl: string;
    let secondUrl: string;
    beforeAll(async () => {
      first = await createTestApp({ liveStreamsPerUser: LIMIT });
      firstUrl = await listen(first.app);
      second = await buildApp(
        testConfig({ database: first.app.deps.config.database, liveStreamsPerUser: LIMIT }),
      );
      secondUrl = await listen(second);
    });
    afterAll(async () => {
      await second.close();
      await first.close();
    });

    const refusedAt = (stream: SseClient) => {
      expect(stream.status).toBe(429);
      expect(JSON.parse(stream.body).error.message).toBe(opsTexts.tooManyStreams(LIMIT));
    };

    it("count one person's streams over both: the limit is reached at the limit, whichever server is asked", async () => {
      const user = await signedInUser(first.app);
      const elsewhere = await signIn(second, user);
      const here = await openMany(firstUrl, user.cookie, "/api/events", LIMIT / 2);
      const there = await openMany(secondUrl, elsewhere, "/api/events", LIMIT / 2);
      refusedAt(await openEventStream(firstUrl, user.cookie));
      refusedAt(await openEventStream(secondUrl, elsewhere));

      // A stream closed on one server frees a slot on the other.
      here.shift()?.close();
      await expect.poll(() => second.deps.streamLimit.held(user.id)).toBe(LIMIT - 1);
      const moved = await openEventStream(secondUrl, elsewhere);
      expect(moved.status).toBe(200);
      await moved.waitFor("ready");
      refusedAt(await openEventStream(firstUrl, user.cookie));

      // Another person is counted on their own.
      const other = await signedInUser(first.app);
      const theirs = await openMany(secondUrl, await signIn(second, other), "/api/events", 1);
      for (const stream of [...here, ...there, moved, ...theirs]) stream.close();
      await expect.poll(() => first.app.deps.streamLimit.held(user.id)).toBe(0);
    });

    it("give exactly the limit to takes racing on both servers", async () => {
      const user = await signedInUser(first.app);
      const limits = [first.app.deps.streamLimit, second.deps.streamLimit];
      for (let round = 0; round < 5; round++) {
        const takes = await Promise.all(
          Array.from({ length: 12 }, (_, i) => limits[i % 2]!.acquire(user.id)),
        );
        const given = takes.filter((release) => release !== null);
        expect(given).toHaveLength(LIMIT);
        expect(await first.app.deps.streamLimit.held(user.id)).toBe(given.length);
        for (const release of given) release?.();
        await expect.poll(() => second.deps.streamLimit.held(user.id)).toBe(0);
      }
    });

    it("forget a restarted server's earlier process at once, though its lease had not lapsed", async () => {
      const user = await signedInUser(first.app);
      const { db } = first.app.deps.db;
      const earlier = newId();
      const name = `restarted-${earlier}`;
      const now = new Date().toISOString();
      await db
        .insertInto("server_instance")
        .values({
          boot_id: earlier,
          name,
          started_at: now,
          lease_until: new Date(Date.now() + 60_000).toISOString(),
        })
        .execute();
      await db
        .insertInto("live_stream")
        .values({ user_id: user.id, boot_id: earlier, streams: LIMIT })
        .execute();
      expect(await first.app.deps.streamLimit.held(user.id)).toBe(LIMIT);
      const restarted = await buildApp(
        testConfig({ database: first.app.deps.config.database, liveStreamsPerUser: LIMIT, instance: name }),
      );
      try {
        expect(await restarted.deps.streamLimit.held(user.id)).toBe(0);
        await expect
          .poll(
            async () =>
              (await db.selectFrom("live_stream").select("boot_id").where("user_id", "=", user.id).execute())
                .length,
          )
          .toBe(0);
      } finally {
        await restarted.close();
      }
    });

    it("leave out the streams of a server that died: its lease lapsed, they stop counting", async () => {
      const user = await signedInUser(first.app);
      const { db } = first.app.deps.db;
      const dead = newId();
      const lapsed = new Date(Date.now() - 1_000).toISOString();
      await db
        .insertInto("server_instance")
        .values({ boot_id: dead, name: "dead-server:3009", started_at: lapsed, lease_until: lapsed })
        .execute();
      await db
        .insertInto("live_stream")
        .values({ user_id: user.id, boot_id: dead, streams: LIMIT })
        .execute();
      expect(await first.app.deps.streamLimit.held(user.id)).toBe(0);
      const streams = await openMany(firstUrl, user.cookie, "/api/events", LIMIT);
      refusedAt(await openEventStream(secondUrl, await signIn(second, user)));
      for (const stream of streams) stream.close();
    });
  });
}

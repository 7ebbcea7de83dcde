import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RingPatch } from "#domain/contracts/show-day.ts";
import { buildApp } from "#server/app.ts";
import { signedInUser, signIn } from "#tests/support/factories.ts";
import { call, createTestApp, type TestApp, testConfig, testEngine } from "#tests/support/server.ts";
import { buildRunningShow, signedInAdmin } from "#tests/support/show-day-factories.ts";
import { listen, openEventStream } from "#tests/support/sse.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/** Taps through one server, and checks a stream held on `watcher` gets the patch within a second. */
async function tapReaches(
  tapOn: FastifyInstance,
  watcherUrl: string,
  watcherCookie: string,
  admin: SignedInUser,
) {
  const show = await buildRunningShow(tapOn, admin, { classes: 3 });
  const stream = await openEventStream(watcherUrl, watcherCookie, {
    path: `/api/shows/${show.show.id}/day/events`,
  });
  expect(stream.status).toBe(200);
  await stream.waitFor("ready");
  const tappedAt = Date.now();
  const res = await call(tapOn, "POST", `/api/shows/${show.show.id}/ring/actions`, {
    cookie: admin.cookie,
    body: { kind: "start-session", sessionId: show.evening },
  });
  expect(res.statusCode).toBe(200);
  await stream.waitFor("ring", 1, 1000);
  expect(Date.now() - tappedAt).toBeLessThan(1000);
  const patch = RingPatch.parse(JSON.parse(stream.data.find((d) => d.name === "ring")!.data));
  expect(patch).toMatchObject({ showId: show.show.id, seq: 1, prevSeq: 0, undid: null });
  expect(patch.sessions).toEqual([
    { id: show.evening, status: "running", startedAt: expect.any(Number), finishedAt: null, delays: [] },
  ]);
  expect(patch.action.text).toBe("Evening started");
  stream.close();
  return show;
}

describe("the ring's live stream", () => {
  let url: string;
  let admin: SignedInUser;
  const t = buildTestApp();

  beforeAll(async () => {
    url = await listen(t.app);
    admin = await signedInAdmin(t.app);
  });

  it("is for signed-in people only (401), and 404 for a show that does not exist", async () => {
    const show = await buildRunningShow(t.app, admin, { classes: 1 });
    expect(
      (await openEventStream(url, undefined, { path: `/api/shows/${show.show.id}/day/events` })).status,
    ).toBe(401);
    expect(
      (await openEventStream(url, admin.cookie, { path: "/api/shows/no-such-show/day/events" })).status,
    ).toBe(404);
  });

  it("carries a steward's tap to another person's open screen within a second, and nothing of other shows", async () => {
    const watcher = await signedInUser(t.app, { name: "Wanda Watcher" });
    await tapReaches(t.app, url, watcher.cookie, admin);
    const quiet = await buildRunningShow(t.app, admin, { classes: 1 });
    const stream = await openEventStream(url, watcher.cookie, {
      path: `/api/shows/${quiet.show.id}/day/events`,
    });
    await stream.waitFor("ready");
    await tapReaches(t.app, url, watcher.cookie, admin);
    expect(stream.events.filter((e) => e === "ring")).toHaveLength(0);
    stream.close();
  });
});

// Several app servers exist only on PostgreSQL (SQLite is one embedded process).
if (testEngine === "postgres") {
  describe("two app servers on one PostgreSQL database", () => {
    let first: TestApp;
    let second: FastifyInstance;
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

    it("carries a tap made through one server to a stream held by the other within a second", async () => {
      const admin = await signedInAdmin(first.app);
      const watcher = await signedInUser(first.app, { name: "Other Server Watcher" });
      await tapReaches(first.app, secondUrl, await signIn(second, watcher), admin);
    });

    it("orders two stewards' taps on two servers: one applies, the stale one is refused", async () => {
      const admin = await signedInAdmin(first.app);
      const show = await buildRunningShow(first.app, admin, { classes: 3 });
      const base = `/api/shows/${show.show.id}/ring/actions`;
      await call(first.app, "POST", base, {
        cookie: admin.cookie,
        body: { kind: "start-session", sessionId: show.evening },
      });
      const cookie2 = await signIn(second, admin);
      const tap = { kind: "in-ring", sessionId: show.evening, classId: "class-1", expectedInRing: null };
      const [a, b] = await Promise.all([
        call(first.app, "POST", base, { cookie: admin.cookie, body: tap }),
        call(second, "POST", base, { cookie: cookie2, body: tap }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const rows = await first.app.deps.db.db
        .selectFrom("ring_action")
        .select("seq")
        .where("show_id", "=", show.show.id)
        .execute();
      expect(rows.map((r) => Number(r.seq)).sort()).toEqual([1, 2]);
    });
  });
}

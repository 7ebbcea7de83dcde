import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShowDay } from "#domain/contracts/show-day.ts";
import { zonedInstant } from "#domain/show-day/show-time.ts";
import { buildApp } from "#server/app.ts";
import { showDayVersion } from "#server/features/show-day/show-day.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { signedInUser, signIn } from "#tests/support/factories.ts";
import { call, createTestApp, type TestApp, testConfig, testEngine } from "#tests/support/server.ts";
import { buildRunningShow, signedInAdmin } from "#tests/support/show-day-factories.ts";
import { showDayWorld } from "#tests/support/show-day-world.ts";

/** The day view is cached per show and version (ADR 032): what a tap, a schedule change or a viewer's right changes. */
describe("the cached day view", () => {
  const { t, admin, steward, owner, stranger, show, act, day, call_ } = showDayWorld();

  it("changes after a steward's tap, for every viewer, and answers a revalidation with the new body", async () => {
    const before = await call(t.app, "GET", `/api/shows/${show.show.id}/day`, { cookie: owner.cookie });
    expect(before.statusCode).toBe(200);
    const etag = before.headers.etag as string;
    const again = await call(t.app, "GET", `/api/shows/${show.show.id}/day`, {
      cookie: owner.cookie,
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);

    expect((await act(steward, { kind: "start-session", sessionId: show.evening })).statusCode).toBe(200);
    expect((await act(steward, call_(1, null))).statusCode).toBe(200);
    const after = await call(t.app, "GET", `/api/shows/${show.show.id}/day`, {
      cookie: owner.cookie,
      headers: { "if-none-match": etag },
    });
    expect(after.statusCode).toBe(200);
    const seen = after.json<ShowDay>();
    expect(seen.ring.seq).toBe(before.json<ShowDay>().ring.seq + 2);
    expect(seen.ring.classes).toContainEqual(expect.objectContaining({ id: "class-1", status: "in-ring" }));
    expect((await day(stranger)).ring.seq).toBe(seen.ring.seq);
  });

  it("changes when the schedule changes (the show's revision)", async () => {
    const before = await day(owner);
    await t.app.deps.db.db
      .updateTable("show_session")
      .set({ name: "Evening Performance" })
      .where("id", "=", show.evening)
      .execute();
    // Written to the table directly: like the API's writes, it waits for its notice (ADR 057).
    await t.app.deps.db.versions.caughtUp();
    const after = await day(owner);
    expect(after.sessions.find((s) => s.id === show.evening)!.name).toBe("Evening Performance");
    expect(before.sessions.find((s) => s.id === show.evening)!.name).toBe("Evening");
  });

  it("never hands one viewer another's right to run the ring, whoever asked first", async () => {
    expect((await day(steward)).canRunRing).toBe(true);
    expect((await day(owner)).canRunRing).toBe(false);
    expect((await day(admin)).canRunRing).toBe(true);
    expect((await day(stranger)).canRunRing).toBe(false);
    const named = await call(t.app, "PUT", `/api/shows/${show.show.id}/stewards`, {
      cookie: admin.cookie,
      body: { userIds: [owner.id] },
    });
    expect(named.statusCode).toBe(200);
    expect((await day(owner)).canRunRing).toBe(true);
    expect((await day(steward)).canRunRing).toBe(false);
    expect((await day(stranger)).canRunRing).toBe(false);
  });

  it("moves to a new version at the show's midnight, and its day says which day it is", async () => {
    const me = (await call(t.app, "GET", "/api/me", { cookie: owner.cookie })).json<Viewer>();
    const at = (date: string, time: string) => zonedInstant(date, time, "America/Chicago")!;
    const version = async (now: number) =>
      (await showDayVersion(t.app.deps.db, me, show.show.id, now)).version;
    const evening = await version(at("2026-12-05", "23:59"));
    expect(await version(at("2026-12-05", "08:00"))).toBe(evening);
    const night = await version(at("2026-12-06", "00:01"));
    expect(night).not.toBe(evening);
    expect(await version(at("2026-12-05", "12:00"))).toBe(evening);
    const { load } = await showDayVersion(t.app.deps.db, me, show.show.id, at("2026-12-06", "00:01"));
    expect((await load()).today).toBe("2026-12-06");
  });

  it("is for signed-in people only, and 404 for a show that does not exist", async () => {
    expect((await call(t.app, "GET", `/api/shows/${show.show.id}/day`)).statusCode).toBe(401);
    const missing = await call(t.app, "GET", "/api/shows/no-such-show/day", { cookie: owner.cookie });
    expect(missing.statusCode).toBe(404);
    const encoded = await call(t.app, "GET", `/api/shows/${encodeURIComponent(`${show.show.id}'--`)}/day`, {
      cookie: owner.cookie,
    });
    expect(encoded.statusCode).toBe(404);
  });
});

// Several app servers exist only on PostgreSQL (SQLite is one embedded process).
if (testEngine === "postgres") {
  describe("the cached day view on two app servers", () => {
    let first: TestApp;
    let second: FastifyInstance;
    beforeAll(async () => {
      first = await createTestApp();
      second = await buildApp(testConfig({ database: first.app.deps.config.database }));
    });
    afterAll(async () => {
      await second.close();
      await first.close();
    });

    it("changes on the other server once a steward taps through the first", async () => {
      const admin = await signedInAdmin(first.app);
      const show = await buildRunningShow(first.app, admin, { classes: 3 });
      const watcher = await signIn(second, await signedInUser(first.app, { name: "Other Server Watcher" }));
      const path = `/api/shows/${show.show.id}/day`;
      const before = (await call(second, "GET", path, { cookie: watcher })).json<ShowDay>();
      expect(before.ring.sessions).toEqual([]);
      const tap = await call(first.app, "POST", `/api/shows/${show.show.id}/ring/actions`, {
        cookie: admin.cookie,
        body: { kind: "start-session", sessionId: show.evening },
      });
      expect(tap.statusCode).toBe(200);
      // The other server hears of the tap when its notice arrives, a few milliseconds after the tap's commit,
      // not before the tap is answered (ADR 057): a read straight after may still be the version before.
      await second.deps.db.versions.caughtUp();
      const after = (await call(second, "GET", path, { cookie: watcher })).json<ShowDay>();
      expect(after.ring.seq).toBe(before.ring.seq + 1);
      expect(after.ring.sessions).toEqual([expect.objectContaining({ id: show.evening, status: "running" })]);
    });
  });
}

import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import {
  createVersionMirror,
  VERSION_MIRROR_MAX_AGE_MS,
  type VersionNotice,
  type VersionNotices,
} from "#server/db/version-mirror.ts";
import { buildEntry, buildEntryShow } from "#tests/support/entries-factories.ts";
import { call, testEngine } from "#tests/support/server.ts";
import { buildRunningShow, signedInAdmin } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/** Notices a test sends by hand; markers come back when `echo` says so. */
function fakeNotices(opts: { echo: boolean }) {
  const listeners = new Set<(notice: VersionNotice) => void>();
  const marked: string[] = [];
  const notices: VersionNotices = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async mark(nonce) {
      marked.push(nonce);
      if (opts.echo) queueMicrotask(() => send({ kind: "changed", nonce }));
    },
  };
  const send = (notice: VersionNotice) => {
    for (const listener of listeners) listener(notice);
  };
  return { notices, send, marked };
}

const log = { warn: () => {} };

/** A version read that counts how often the database was asked. */
function counter() {
  let value = 1;
  const reads = { n: 0 };
  return {
    reads,
    bump: () => {
      value += 1;
    },
    load: async () => {
      reads.n += 1;
      return value;
    },
  };
}

describe("the version mirror", () => {
  it("reads through until it follows notices (SQLite, or before the app starts)", async () => {
    const mirror = createVersionMirror();
    const c = counter();
    await mirror.read("k", c.load);
    await mirror.read("k", c.load);
    expect(c.reads.n).toBe(2);
    expect(mirror.size).toBe(0);
    await expect(mirror.caughtUp()).resolves.toBeUndefined();
  });

  it("keeps an answer until a change notice, then reads the new one", async () => {
    const mirror = createVersionMirror();
    const { notices, send } = fakeNotices({ echo: true });
    mirror.follow(notices, log);
    const c = counter();
    expect(await mirror.read("k", c.load)).toBe(1);
    expect(await mirror.read("k", c.load)).toBe(1);
    expect(c.reads.n).toBe(1);
    c.bump();
    send({ kind: "changed", nonce: "" });
    expect(await mirror.read("k", c.load)).toBe(2);
    expect(c.reads.n).toBe(2);
  });

  it("does not keep a read that a change notice overtook", async () => {
    const mirror = createVersionMirror();
    const { notices, send } = fakeNotices({ echo: true });
    mirror.follow(notices, log);
    let release: (v: number) => void = () => {};
    const slow = mirror.read("k", () => new Promise<number>((r) => (release = r)));
    send({ kind: "changed", nonce: "" });
    release(1);
    expect(await slow).toBe(1);
    expect(mirror.size).toBe(0);
  });

  it("keeps no undefined answer (a show that does not exist yet)", async () => {
    const mirror = createVersionMirror();
    mirror.follow(fakeNotices({ echo: true }).notices, log);
    await mirror.read("k", async () => undefined);
    expect(mirror.size).toBe(0);
  });

  it.each([
    ["the LISTEN connection is lost", { kind: "lost" }, false],
    ["the LISTEN connection is back", { kind: "back" }, true],
  ] as const)(
    "forgets everything when %s, and keeps answers again only once it is up",
    async (_, notice, keeps) => {
      const mirror = createVersionMirror();
      const { notices, send } = fakeNotices({ echo: true });
      mirror.follow(notices, log);
      const c = counter();
      await mirror.read("k", c.load);
      expect(mirror.size).toBe(1);
      send(notice);
      expect(mirror.size).toBe(0);
      expect(mirror.trusted).toBe(keeps);
      await mirror.read("k", c.load);
      await mirror.read("k", c.load);
      expect(c.reads.n).toBe(keeps ? 2 : 3);
      expect(mirror.size).toBe(keeps ? 1 : 0);
    },
  );

  it("waits for nothing while the connection is down (a write is not held for a marker that cannot come)", async () => {
    const mirror = createVersionMirror();
    const { notices, send, marked } = fakeNotices({ echo: false });
    mirror.follow(notices, log);
    send({ kind: "lost" });
    await mirror.caughtUp();
    expect(marked).toEqual([]);
  });

  it("caughtUp resolves when its own marker comes back, and the marker forgets nothing", async () => {
    const mirror = createVersionMirror();
    const { notices, marked } = fakeNotices({ echo: true });
    mirror.follow(notices, log);
    await mirror.read("k", counter().load);
    await mirror.caughtUp();
    expect(marked).toHaveLength(1);
    expect(mirror.size).toBe(1);
  });

  it("reads through after a marker did not come back, until a notice arrives again", async () => {
    const mirror = createVersionMirror();
    const { notices, send } = fakeNotices({ echo: false });
    const warnings: string[] = [];
    mirror.follow(notices, { warn: (_: unknown, msg?: string) => void warnings.push(msg ?? "") });
    const c = counter();
    await mirror.read("k", c.load);
    vi.useFakeTimers();
    try {
      const waiting = mirror.caughtUp();
      await vi.advanceTimersByTimeAsync(2_000);
      await waiting;
    } finally {
      vi.useRealTimers();
    }
    expect(warnings).toEqual(["version mirror: a marker did not come back in time; reading through"]);
    expect(mirror.size).toBe(0);
    await mirror.read("k", c.load);
    expect(mirror.size).toBe(0);
    send({ kind: "changed", nonce: "" });
    await mirror.read("k", c.load);
    await mirror.read("k", c.load);
    expect(c.reads.n).toBe(3);
    expect(mirror.size).toBe(1);
  });

  it("keeps an answer at most its maximum age", async () => {
    let time = 0;
    const mirror = createVersionMirror(() => time);
    mirror.follow(fakeNotices({ echo: true }).notices, log);
    const c = counter();
    await mirror.read("k", c.load);
    time = VERSION_MIRROR_MAX_AGE_MS - 1;
    await mirror.read("k", c.load);
    expect(c.reads.n).toBe(1);
    time = VERSION_MIRROR_MAX_AGE_MS;
    await mirror.read("k", c.load);
    expect(c.reads.n).toBe(2);
  });

  it("stops keeping answers when it stops following", async () => {
    const mirror = createVersionMirror();
    const stop = mirror.follow(fakeNotices({ echo: true }).notices, log);
    const c = counter();
    await mirror.read("k", c.load);
    stop();
    expect(mirror.size).toBe(0);
    await mirror.read("k", c.load);
    expect(c.reads.n).toBe(2);
  });
});

// The mirror follows notices on PostgreSQL only (SQLite reads its versions in process).
if (testEngine === "postgres") {
  describe("the version mirror in the app, on PostgreSQL", () => {
    const t = buildTestApp();
    const owner = t.user({ name: "Mira Mirror" });
    const roster = () => call(t.app, "GET", "/api/roster", { cookie: owner.cookie });
    /** A connection of the test's own to the app's database. */
    const connect = async () => {
      const database = t.app.deps.config.database;
      if (database.kind !== "postgres") throw new Error("a PostgreSQL app");
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      return client;
    };

    it("answers every cached read again without asking the database, and a direct write's next read after its notice", async () => {
      const admin = await signedInAdmin(t.app);
      const running = await buildRunningShow(t.app, admin, { classes: 3 });
      const past = await buildShow(t.app, { startOffset: -30 });
      const month = new Date().toISOString().slice(0, 7);
      const reads = [
        "/api/roster",
        `/api/shows/${running.show.id}/day`,
        `/api/shows/${running.show.id}`,
        `/api/records/past-shows/${past.id}/classes`,
        "/api/standings",
        `/api/calendar?month=${month}`,
        "/api/shows?period=upcoming",
        "/api/notifications",
      ];
      const get = (path: string) => call(t.app, "GET", path, { cookie: owner.cookie });
      for (const path of reads) expect((await get(path)).statusCode, path).toBe(200);
      expect(t.app.deps.db.versions.size).toBeGreaterThanOrEqual(reads.length - 1);
      const locker = await connect();
      try {
        // Any read of a version's tables would wait for these locks.
        await locker.query("begin");
        await locker.query(
          "lock table cache_version, show, ring_counter, ring_steward in access exclusive mode",
        );
        for (const path of reads) {
          const held = new Promise<"held">((resolve) => setTimeout(() => resolve("held"), 3_000).unref());
          const again = await Promise.race([get(path), held]);
          expect(again, path).not.toBe("held");
          expect((again as Awaited<ReturnType<typeof get>>).statusCode, path).toBe(200);
        }
      } finally {
        await locker.query("rollback");
        await locker.end();
      }
      const first = await roster();
      const show = await buildEntryShow(t.app);
      await buildEntry(t.app, {
        userId: owner.id,
        showId: show.id,
        classId: "class-1",
        status: "Interested",
      });
      await t.app.deps.db.versions.caughtUp();
      const after = await roster();
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(after.body).toContain(show.name);
    });

    it("reads through while its LISTEN connection is down, and mirrors again once it is back", async () => {
      await roster();
      expect(t.app.deps.db.versions.size).toBeGreaterThan(0);
      const admin = await connect();
      try {
        const cut = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN ringside_versions%'",
        );
        expect(cut.rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      await expect.poll(() => t.app.deps.db.versions.size).toBe(0);
      expect(t.app.deps.db.versions.trusted).toBe(false);
      const show = await buildEntryShow(t.app, { name: "While Deaf Show" });
      await buildEntry(t.app, {
        userId: owner.id,
        showId: show.id,
        classId: "class-1",
        status: "Interested",
      });
      expect((await roster()).body).toContain("While Deaf Show");
      await expect
        .poll(async () => (await roster()) && t.app.deps.db.versions.size, { timeout: 5_000 })
        .toBeGreaterThan(0);
      expect(t.app.deps.db.versions.trusted).toBe(true);
    });
  });
}

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Me } from "#domain/contracts/auth.ts";
import { buildApp } from "#server/app.ts";
import { createSessionCache } from "#server/auth/session-cache.ts";
import { createVersionMirror } from "#server/db/version-mirror.ts";
import { singleCookie } from "#server/http/viewer.ts";
import { createEventBus } from "#server/platform/events.ts";
import { buildUser, signedInUser, signIn } from "#tests/support/factories.ts";
import { call, createTestApp, type TestApp, testConfig, testEngine } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const viewer = (id: string, name = `User ${id}`): Me => ({
  id,
  name,
  email: `${id}@example.test`,
  roles: ["Owner"],
  gender: null,
  dateOfBirth: null,
  photoId: null,
});

const memoryCache = (opts: { ttlMs?: number; maxEntries?: number } = {}) => {
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
  return { bus, cache: createSessionCache({ bus, log: console, ...opts }) };
};

const inAnHour = () => new Date(Date.now() + 3_600_000);

describe("the session cache on its own", () => {
  it("keeps a validated session for its time to live, and never past the session's own expiry", () => {
    const { cache } = memoryCache({ ttlMs: 1000 });
    cache.put("cookie-a", viewer("a"), inAnHour(), cache.ticket(), 0);
    expect(cache.get("cookie-a", 999)?.id).toBe("a");
    expect(cache.get("cookie-a", 1000)).toBeUndefined();
    expect(cache.size).toBe(0);

    const now = Date.now();
    cache.put("cookie-b", viewer("b"), new Date(now + 10), cache.ticket(), now);
    expect(cache.get("cookie-b", now + 9)?.id).toBe("b");
    expect(cache.get("cookie-b", now + 10)).toBeUndefined();
  });

  it("forgets every session of the named users and only theirs", async () => {
    const { cache } = memoryCache();
    cache.put("a-phone", viewer("a"), inAnHour(), cache.ticket());
    cache.put("a-laptop", viewer("a"), inAnHour(), cache.ticket());
    cache.put("b-phone", viewer("b"), inAnHour(), cache.ticket());
    await cache.forgetUsers(["a"]);
    expect(cache.get("a-phone")).toBeUndefined();
    expect(cache.get("a-laptop")).toBeUndefined();
    expect(cache.get("b-phone")?.id).toBe("b");
    await cache.forgetAll();
    expect(cache.size).toBe(0);
  });

  it("drops a lookup that raced with an invalidation instead of caching a revoked session", async () => {
    const { cache } = memoryCache();
    const ticket = cache.ticket();
    await cache.forgetUsers(["a"]);
    cache.put("a-phone", viewer("a"), inAnHour(), ticket);
    expect(cache.get("a-phone")).toBeUndefined();
  });

  it("applies invalidations other app servers send over the bus", async () => {
    const { bus, cache } = memoryCache();
    cache.put("a-phone", viewer("a"), inAnHour(), cache.ticket());
    cache.put("b-phone", viewer("b"), inAnHour(), cache.ticket());
    await bus.publishSessions({ userIds: ["a"], nonce: "from-another-server" });
    expect(cache.get("a-phone")).toBeUndefined();
    expect(cache.get("b-phone")?.id).toBe("b");
    await bus.publishSessions({ userIds: null, nonce: "listen-connection-came-back" });
    expect(cache.size).toBe(0);
  });

  it("stays bounded, evicting the oldest entry first", () => {
    const { cache } = memoryCache({ maxEntries: 2 });
    for (const id of ["a", "b", "c"]) cache.put(`${id}-phone`, viewer(id), inAnHour(), cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get("a-phone")).toBeUndefined();
    expect(cache.get("c-phone")?.id).toBe("c");
  });

  it("hands out viewers nobody can change by accident", () => {
    const { cache } = memoryCache();
    cache.put("a-phone", viewer("a"), inAnHour(), cache.ticket());
    const cached = cache.get("a-phone")!;
    expect(Object.isFrozen(cached)).toBe(true);
    expect(Object.isFrozen(cached.roles)).toBe(true);
  });

  it("reads the session cookie only when it appears exactly once", () => {
    expect(singleCookie("a=1; ringside.session_token=abc.def; b=2", "ringside.session_token")).toBe(
      "abc.def",
    );
    expect(
      singleCookie("ringside.session_token=x; ringside.session_token=y", "ringside.session_token"),
    ).toBeNull();
    expect(singleCookie("other=1", "ringside.session_token")).toBeNull();
    expect(singleCookie(undefined, "ringside.session_token")).toBeNull();
  });
});

/** Renames the user behind the application's back: a cached session keeps showing the old name. */
const renameInDatabase = (app: FastifyInstance, id: string, name: string) =>
  app.deps.db.db.updateTable("user").set({ name }).where("id", "=", id).execute();

const me = (app: FastifyInstance, cookie: string) => call(app, "GET", "/api/me", { cookie });

describe("the session cache in the app", () => {
  const t = buildTestApp();

  it("answers repeated requests from the cache until the user is forgotten", async () => {
    const user = await signedInUser(t.app, { name: "Cached Name" });
    expect((await me(t.app, user.cookie)).json().name).toBe("Cached Name");
    await renameInDatabase(t.app, user.id, "Changed Name");
    expect((await me(t.app, user.cookie)).json().name).toBe("Cached Name");
    await t.app.deps.sessions.forgetUsers([user.id]);
    expect((await me(t.app, user.cookie)).json().name).toBe("Changed Name");
  });

  it("refuses a signed-out cookie at once", async () => {
    const user = await signedInUser(t.app);
    expect((await me(t.app, user.cookie)).statusCode).toBe(200);
    expect(
      (await call(t.app, "POST", "/api/auth/sign-out", { cookie: user.cookie, body: {} })).statusCode,
    ).toBe(200);
    expect((await me(t.app, user.cookie)).statusCode).toBe(401);
  });

  it("refuses a deleted user's cookie at once, whether better-auth or our own code deletes them", async () => {
    const viaAuth = await signedInUser(t.app);
    const viaDb = await signedInUser(t.app);
    for (const u of [viaAuth, viaDb]) expect((await me(t.app, u.cookie)).statusCode).toBe(200);

    await (await t.app.deps.auth.$context).internalAdapter.deleteUser(viaAuth.id);
    expect((await me(t.app, viaAuth.cookie)).statusCode).toBe(401);

    await t.app.deps.db.db.deleteFrom("user").where("id", "=", viaDb.id).execute();
    await t.app.deps.sessions.forgetUsers([viaDb.id]);
    expect((await me(t.app, viaDb.cookie)).statusCode).toBe(401);
  });

  it("applies a role change at once once it is announced", async () => {
    const user = await signedInUser(t.app);
    expect((await call(t.app, "GET", "/api/barn", { cookie: user.cookie })).statusCode).toBe(403);
    await t.app.deps.db.db
      .updateTable("user")
      .set({ roles: "Owner,Trainer" })
      .where("id", "=", user.id)
      .execute();
    await t.app.deps.sessions.forgetUsers([user.id]);
    expect((await call(t.app, "GET", "/api/barn", { cookie: user.cookie })).statusCode).toBe(200);
  });

  it("never caches a request that carries the session cookie twice", async () => {
    const user = await signedInUser(t.app);
    const other = await buildUser(t.app);
    const otherCookie = await signIn(t.app, other);
    const doubled = `${user.cookie}; ${otherCookie}`;
    const before = t.app.deps.sessions.size;
    await me(t.app, doubled);
    expect(t.app.deps.sessions.size).toBe(before);
  });
});

// Several app servers only exist on PostgreSQL (SQLite is one embedded process), so this path is
// registered only when the suite runs against PostgreSQL.
if (testEngine === "postgres") {
  describe("two app servers on one PostgreSQL database", () => {
    let first: TestApp;
    let second: FastifyInstance;
    beforeAll(async () => {
      first = await createTestApp();
      second = await buildApp(testConfig({ database: first.app.deps.config.database }));
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      await first.close();
    });

    /** Signs in on the first server and proves both servers now answer that cookie from their caches. */
    async function cachedOnBoth(name: string) {
      const user = await signedInUser(first.app, { name });
      for (const app of [first.app, second]) expect((await me(app, user.cookie)).json().name).toBe(name);
      await renameInDatabase(first.app, user.id, `${name} (renamed)`);
      for (const app of [first.app, second]) expect((await me(app, user.cookie)).json().name).toBe(name);
      return user;
    }

    it("refuses a cookie signed out on one server at once on the other", async () => {
      const user = await cachedOnBoth("Signs Out");
      const out = await call(first.app, "POST", "/api/auth/sign-out", { cookie: user.cookie, body: {} });
      expect(out.statusCode).toBe(200);
      expect((await me(second, user.cookie)).statusCode).toBe(401);
      expect((await me(first.app, user.cookie)).statusCode).toBe(401);
    });

    it("refuses a deleted user's cookie at once on both servers", async () => {
      const viaAuth = await cachedOnBoth("Deleted By Auth");
      await (await first.app.deps.auth.$context).internalAdapter.deleteUser(viaAuth.id);
      for (const app of [first.app, second]) expect((await me(app, viaAuth.cookie)).statusCode).toBe(401);

      const viaDb = await cachedOnBoth("Deleted By Admin Code");
      await first.app.deps.db.db.deleteFrom("user").where("id", "=", viaDb.id).execute();
      await first.app.deps.sessions.forgetUsers([viaDb.id]);
      for (const app of [first.app, second]) expect((await me(app, viaDb.cookie)).statusCode).toBe(401);
    });

    it("shows a changed user on the other server once the change is announced", async () => {
      const user = await cachedOnBoth("Role Change");
      await second.deps.sessions.forgetUsers([user.id]);
      for (const app of [first.app, second]) {
        expect((await me(app, user.cookie)).json().name).toBe("Role Change (renamed)");
      }
    });
  });
}

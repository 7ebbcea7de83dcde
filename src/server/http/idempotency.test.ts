import { beforeAll, describe, expect, it } from "vitest";
import { KEY_IN_PROGRESS, KEY_LIFETIME_MS, KEY_REUSED, REPLAYED_HEADER } from "#server/http/idempotency.ts";
import { newId } from "#server/platform/ids.ts";
import { buildEntryShow, buildHorse, type TestShow } from "#tests/support/entries-factories.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildAppForTest, buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

let myHorse: { id: string };
let otherHorse: { id: string };
let show: TestShow;

const t = buildTestApp();
const me = t.user({ name: "Ida Idempotent" });
const other = t.user({ name: "Otto Other" });

beforeAll(async () => {
  myHorse = await buildHorse(t.app, { name: "Replay Mare", owners: [me.id] });
  otherHorse = await buildHorse(t.app, { name: "Other Gelding", owners: [other.id] });
  show = await buildEntryShow(t.app, {
    classes: Array.from({ length: 20 }, (_, i) => `Replay Class ${i + 1}`),
  });
});

let keyCounter = 0;
const freshKey = () => `test-key-${++keyCounter}-${newId()}`;

const record = (horseId: string, riderId: string, className = "Amateur Park Pleasure") => ({
  showName: "Replay Jubilee",
  className,
  showDate: "2025-04-12",
  placing: "1",
  horseId,
  riderId,
});

const postRecord = (user: SignedInUser, key: string | undefined, body: ReturnType<typeof record>) =>
  call(t.app, "POST", "/api/records", {
    cookie: user.cookie,
    body,
    ...(key ? { headers: { "idempotency-key": key } } : {}),
  });

async function count(
  table: "show_record" | "class_entry" | "idempotency_key",
  userColumn: string,
  userId: string,
) {
  const row = await t.app.deps.db.db
    .selectFrom(table)
    // biome-ignore lint/suspicious/noExplicitAny: the column differs per table; the test names it
    .where(userColumn as any, "=", userId)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Another server process on this database, its lease ending `leaseMs` from now (negative: lapsed). */
async function otherServer(leaseMs: number): Promise<string> {
  const bootId = newId();
  await t.app.deps.db.db
    .insertInto("server_instance")
    .values({
      boot_id: bootId,
      name: `other-${bootId}`,
      started_at: new Date().toISOString(),
      lease_until: new Date(Date.now() + leaseMs).toISOString(),
    })
    .execute();
  return bootId;
}

describe("Idempotency-Key", () => {
  it("applies a change once: the same key again answers the stored response and changes nothing", async () => {
    const before = await count("show_record", "owner_id", me.id);
    const key = freshKey();
    const first = await postRecord(me, key, record(myHorse.id, me.id));
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    const again = await postRecord(me, key, record(myHorse.id, me.id));
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await count("show_record", "owner_id", me.id)).toBe(before + 1);
  });

  it("without a key, the same request twice is two changes (nothing is deduplicated by content)", async () => {
    const before = await count("show_record", "owner_id", me.id);
    await postRecord(me, undefined, record(myHorse.id, me.id, "No Key Class"));
    await postRecord(me, undefined, record(myHorse.id, me.id, "No Key Class"));
    expect(await count("show_record", "owner_id", me.id)).toBe(before + 2);
  });

  it("keys belong to their user: another user's request with the same key is its own change", async () => {
    const key = freshKey();
    const mine = await postRecord(me, key, record(myHorse.id, me.id));
    const before = await count("show_record", "owner_id", other.id);
    const theirs = await postRecord(other, key, record(otherHorse.id, other.id));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().horse.id).toBe(otherHorse.id);
    expect(await count("show_record", "owner_id", other.id)).toBe(before + 1);
  });

  it("concurrent requests with one key make one change, and all answer with it", async () => {
    const before = await count("show_record", "owner_id", me.id);
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postRecord(me, key, record(myHorse.id, me.id, "Concurrent Class"))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.filter((a) => a.headers[REPLAYED_HEADER] === "true")).toHaveLength(5);
    expect(await count("show_record", "owner_id", me.id)).toBe(before + 1);
  });

  it("refuses a key reused for a different change, and leaves both alone", async () => {
    const key = freshKey();
    await postRecord(me, key, record(myHorse.id, me.id, "First Use"));
    const before = await count("show_record", "owner_id", me.id);
    const reused = await postRecord(me, key, record(myHorse.id, me.id, "Second Use"));
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ error: { code: "CONFLICT", message: KEY_REUSED } });
    expect(await count("show_record", "owner_id", me.id)).toBe(before);
  });

  it("a refusal is stored too: the replay of a change the server refused is the same refusal", async () => {
    const key = freshKey();
    const missing = newId();
    const first = await call(t.app, "POST", `/api/notifications/${missing}/read`, {
      cookie: me.cookie,
      headers: { "idempotency-key": key },
    });
    expect(first.statusCode).toBe(404);
    const again = await call(t.app, "POST", `/api/notifications/${missing}/read`, {
      cookie: me.cookie,
      headers: { "idempotency-key": key },
    });
    expect(again.statusCode).toBe(404);
    expect(again.headers[REPLAYED_HEADER]).toBe("true");
    expect(again.json()).toEqual(first.json());
  });

  it("class entry saves and removals replay without a second effect", async () => {
    const cls = show.classes[0]!;
    const url = `/api/shows/${show.id}/classes/${cls.id}/entries`;
    const body = { entries: [{ status: "Interested", horseId: null }] };
    const saveKey = freshKey();
    const saved = await call(t.app, "PUT", url, {
      cookie: me.cookie,
      body,
      headers: { "idempotency-key": saveKey },
    });
    expect(saved.statusCode).toBe(200);
    const removeKey = freshKey();
    const removed = await call(t.app, "DELETE", url, {
      cookie: me.cookie,
      headers: { "idempotency-key": removeKey },
    });
    expect(removed.json()).toEqual({ removed: 1 });
    // The save's replay (its answer was lost, say) must not put the removed entry back.
    const savedAgain = await call(t.app, "PUT", url, {
      cookie: me.cookie,
      body,
      headers: { "idempotency-key": saveKey },
    });
    expect(savedAgain.headers[REPLAYED_HEADER]).toBe("true");
    expect(savedAgain.json()).toEqual(saved.json());
    expect(await count("class_entry", "user_id", me.id)).toBe(0);
    const removedAgain = await call(t.app, "DELETE", url, {
      cookie: me.cookie,
      headers: { "idempotency-key": removeKey },
    });
    expect(removedAgain.json()).toEqual({ removed: 1 });
  });

  it("friend requests replay as the one request", async () => {
    const key = freshKey();
    const add = () =>
      call(t.app, "POST", "/api/friends", {
        cookie: me.cookie,
        body: { friendId: other.id },
        headers: { "idempotency-key": key },
      });
    const first = await add();
    expect(first.statusCode).toBe(200);
    const again = await add();
    expect(again.headers[REPLAYED_HEADER]).toBe("true");
    expect(again.json()).toEqual(first.json());
  });

  it("a key whose first request is still running makes the repeat wait, then tells it to retry", async () => {
    const key = freshKey();
    const body = record(myHorse.id, me.id, "Stuck Class");
    // A claim with no answer yet, as a request in flight on another server (alive: its lease runs) leaves it.
    const claimed = await postRecord(me, key, body);
    const other = await otherServer(60_000);
    await t.app.deps.db.db
      .updateTable("idempotency_key")
      .set({ status_code: null, body: null, created_at: new Date().toISOString(), boot_id: other })
      .where("user_id", "=", me.id)
      .where("key", "=", key)
      .execute();
    expect(claimed.statusCode).toBe(201);
    const waiting = await postRecord(me, key, body);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.message).toBe(KEY_IN_PROGRESS);
  }, 20_000);

  /**
   * Plants an unanswered claim of `body` under a fresh key, as a server that died mid-request leaves it.
   * Its fingerprint is learnt from a twin request under another key.
   */
  async function plantClaim(body: ReturnType<typeof record>, claim: { createdAt: Date; bootId?: string }) {
    const twinKey = freshKey();
    await postRecord(me, twinKey, body);
    const twin = await t.app.deps.db.db
      .selectFrom("idempotency_key")
      .select("fingerprint")
      .where("user_id", "=", me.id)
      .where("key", "=", twinKey)
      .executeTakeFirstOrThrow();
    const key = freshKey();
    await t.app.deps.db.db
      .insertInto("idempotency_key")
      .values({
        user_id: me.id,
        key,
        fingerprint: twin.fingerprint,
        status_code: null,
        body: null,
        created_at: claim.createdAt.toISOString(),
        ...(claim.bootId ? { instance: "dead-server:3001", boot_id: claim.bootId } : {}),
      })
      .execute();
    return key;
  }

  it("a claim of another server whose lease has lapsed (it died) is taken over at once (issue 31, item 5)", async () => {
    const body = record(myHorse.id, me.id, "Lapsed Lease Class");
    const key = await plantClaim(body, { createdAt: new Date(), bootId: await otherServer(-1_000) });
    const started = Date.now();
    const res = await postRecord(me, key, body);
    expect(res.statusCode).toBe(201);
    expect(res.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(4_000);
    const row = await t.app.deps.db.db
      .selectFrom("idempotency_key")
      .select(["status_code", "boot_id"])
      .where("user_id", "=", me.id)
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status_code: 201, boot_id: t.app.deps.instance.bootId });
  });

  it("a claim from before claims named their server is taken over once a minute has passed", async () => {
    const body = record(myHorse.id, me.id, "Abandoned Class");
    const key = await plantClaim(body, { createdAt: new Date(Date.now() - 5 * 60_000) });
    const res = await postRecord(me, key, body);
    expect(res.statusCode).toBe(201);
    expect(res.headers[REPLAYED_HEADER]).toBeUndefined();
  });

  it("refuses a malformed key before anything runs", async () => {
    const before = await count("show_record", "owner_id", me.id);
    for (const bad of ["short", "has space in it", "x".repeat(129), "slash/in/the/key"]) {
      const res = await call(t.app, "POST", "/api/records", {
        cookie: me.cookie,
        body: record(myHorse.id, me.id),
        headers: { "idempotency-key": bad },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("BAD_REQUEST");
    }
    expect(await count("show_record", "owner_id", me.id)).toBe(before);
  });

  it("as an attacker: no session, no Origin, a huge body; nothing is stored for any of them", async () => {
    const key = freshKey();
    const anonymous = await call(t.app, "POST", "/api/records", {
      body: record(myHorse.id, me.id),
      headers: { "idempotency-key": key },
    });
    expect(anonymous.statusCode).toBe(401);
    const noOrigin = await t.app.inject({
      method: "POST",
      url: "/api/records",
      headers: { cookie: me.cookie, "content-type": "application/json", "idempotency-key": key },
      payload: JSON.stringify(record(myHorse.id, me.id)),
    });
    expect(noOrigin.statusCode).toBe(403);
    const huge = await call(t.app, "POST", "/api/records", {
      cookie: me.cookie,
      body: { ...record(myHorse.id, me.id), className: "x".repeat(2 * 1024 * 1024) },
      headers: { "idempotency-key": key },
    });
    expect(huge.statusCode).toBe(413);
    const stored = await t.app.deps.db.db
      .selectFrom("idempotency_key")
      .select("key")
      .where("key", "=", key)
      .execute();
    expect(stored).toEqual([]);
    // Another user's key cannot be replayed by guessing it: the lookup is by the viewer's own id.
    const mine = await postRecord(me, key, record(myHorse.id, me.id));
    const guessed = await postRecord(other, key, record(myHorse.id, me.id));
    expect(guessed.statusCode).toBe(403);
    expect(guessed.json()).not.toEqual(mine.json());
  });
});

describe("Idempotency-Key expiry", () => {
  it("deletes keys older than their lifetime and keeps recent ones", async () => {
    const fresh = await buildAppForTest();
    const user = await signedInUser(fresh.app, { name: "Eve Expiry" });
    const horse = await buildHorse(fresh.app, { owners: [user.id] });
    const at = (ago: number) => new Date(Date.now() - ago).toISOString();
    await fresh.app.deps.db.db
      .insertInto("idempotency_key")
      .values([
        {
          user_id: user.id,
          key: "old-key-1234",
          fingerprint: "f",
          status_code: 200,
          body: "{}",
          created_at: at(KEY_LIFETIME_MS + 60_000),
        },
        {
          user_id: user.id,
          key: "recent-key-1234",
          fingerprint: "f",
          status_code: 200,
          body: "{}",
          created_at: at(60_000),
        },
      ])
      .execute();
    const res = await call(fresh.app, "POST", "/api/records", {
      cookie: user.cookie,
      body: { ...record(horse.id, user.id) },
      headers: { "idempotency-key": freshKey() },
    });
    expect(res.statusCode).toBe(201);
    const keys = await fresh.app.deps.db.db
      .selectFrom("idempotency_key")
      .select("key")
      .orderBy("key")
      .execute();
    expect(keys.map((k) => k.key)).not.toContain("old-key-1234");
    expect(keys.map((k) => k.key)).toContain("recent-key-1234");
  });
});

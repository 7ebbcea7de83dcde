import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { DatabaseConfig } from "#server/config.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from "#server/http/idempotency.ts";
import { newId } from "#server/platform/ids.ts";
import { buildEntryShow, type TestShow } from "#tests/support/entries-factories.ts";
import { buildUser, type TestUser } from "#tests/support/factories.ts";
import { signInAt } from "#tests/support/http-session.ts";
import { freePort } from "#tests/support/ports.ts";
import { sharedTestDatabase, testConfig, testEngine } from "#tests/support/server.ts";
import { type ServerProcess, startServerProcess } from "#tests/support/server-process.ts";

/**
 * Issue 31, item 5: a server killed with SIGKILL mid-request left its Idempotency-Key claimed, and the
 * phone's replay after the restart got 409 "still running" until the claim expired a minute later
 * (PostgreSQL: 46 of 71 replays). A real server process is killed while an entry save is in flight
 * (its claim stored, its change not committed), started again on the same address, and the replay with
 * the same key must apply once and answer normally.
 *
 * Holding the request in flight: on PostgreSQL the test holds an exclusive lock on `class_entry`, so the
 * save waits in the database (as behind any long writer) and can never commit. On SQLite the database
 * lives in the server's process, so the test freezes the process (SIGSTOP) again and again until it
 * finds the claim stored and the change not (a frozen process cannot commit), then kills it there.
 */
let database: DatabaseConfig;
let drop = async () => {};
let dataDir: string;
let env: Record<string, string>;
let inspector: Db;
let user: TestUser;
let show: TestShow;
let server: ServerProcess | null = null;

const CLASSES = 20;

beforeAll(async () => {
  ({ database, drop } = await sharedTestDatabase());
  // Users and a show, made through the data layer by a server of our own that is gone before the real one starts.
  const seeder = await buildApp(testConfig({ database }));
  user = await buildUser(seeder);
  show = await buildEntryShow(seeder, {
    classes: Array.from({ length: CLASSES }, (_, i) => `Crash Class ${i + 1}`),
  });
  await seeder.close();
  const port = await freePort();
  dataDir =
    database.kind === "sqlite" ? dirname(database.file) : mkdtempSync(join(tmpdir(), "ringside-crash-"));
  env = {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO: "0",
    AUTH_SECRET: "crash-test-secret-crash-test-secret-0123456789",
    DATA_DIR: dataDir,
    CLIENT_DIR: join(dataDir, "no-client"),
    ...(database.kind === "postgres" ? { DATABASE_URL: database.url } : {}),
  };
  inspector = openDatabase(database);
}, 60_000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
  await inspector?.close();
  await drop();
  if (database.kind === "postgres") rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function saveEntry(base: string, cookie: string, classId: string, key: string) {
  return fetch(`${base}/api/shows/${show.id}/classes/${classId}/entries`, {
    method: "PUT",
    headers: { cookie, origin: base, "content-type": "application/json", [IDEMPOTENCY_HEADER]: key },
    body: JSON.stringify({ entries: [{ status: "Interested" }] }),
  });
}

const claimOf = (key: string) =>
  inspector.db
    .selectFrom("idempotency_key")
    .select("status_code")
    .where("user_id", "=", user.id)
    .where("key", "=", key)
    .executeTakeFirst();

const entriesIn = async (classId: string) =>
  (
    await inspector.db
      .selectFrom("class_entry")
      .select("id")
      .where("user_id", "=", user.id)
      .where("show_id", "=", show.id)
      .where("class_id", "=", classId)
      .execute()
  ).length;

/** On PostgreSQL, an exclusive lock on `class_entry` held by a connection of the test's own. */
async function lockEntries(): Promise<() => Promise<void>> {
  if (database.kind !== "postgres") return async () => {};
  const locker = new pg.Client({ connectionString: database.url });
  await locker.connect();
  await locker.query("begin");
  await locker.query("lock table class_entry in access exclusive mode");
  return async () => {
    await locker.query("rollback");
    await locker.end();
  };
}

/**
 * Sends saves until one is killed in flight: its claim stored, its change not committed. Returns the
 * class and key of that save. A save that finished first (SQLite only) is simply followed by the next.
 */
async function killMidSave(
  running: ServerProcess,
  cookie: string,
): Promise<{ classId: string; key: string }> {
  for (let attempt = 1; attempt <= CLASSES; attempt++) {
    const classId = `class-${attempt}`;
    const key = `crash-${newId()}`;
    const answer = saveEntry(running.url, cookie, classId, key).then(
      (res) => res.status,
      () => null,
    );
    for (;;) {
      running.child.kill("SIGSTOP");
      const claim = await claimOf(key);
      if (
        claim &&
        claim.status_code === null &&
        (database.kind === "postgres" || (await entriesIn(classId)) === 0)
      ) {
        running.child.kill("SIGKILL");
        await running.exited;
        expect(await answer).toBeNull();
        return { classId, key };
      }
      running.child.kill("SIGCONT");
      if (claim && claim.status_code !== null) break;
      await sleep(1);
    }
    expect(await answer).toBe(200);
  }
  throw new Error(`no save of ${CLASSES} was caught in flight`);
}

describe(`a server killed mid-request (${testEngine})`, { timeout: 180_000 }, () => {
  it("lets the replay after its restart apply the change once and answer normally, not 409", async () => {
    server = await startServerProcess(env);
    const cookie = await signInAt(server.url, user);
    const unlock = await lockEntries();
    const { classId, key } = await killMidSave(server, cookie);
    await unlock();
    expect((await claimOf(key))?.status_code).toBeNull();
    expect(await entriesIn(classId)).toBe(0);

    server = await startServerProcess(env);
    const replay = await saveEntry(server.url, cookie, classId, key);
    expect(replay.status, await replay.clone().text()).toBe(200);
    expect(replay.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await replay.json()).toMatchObject({ entries: [{ classId, status: "Interested" }] });
    expect(await entriesIn(classId)).toBe(1);

    const again = await saveEntry(server.url, cookie, classId, key);
    expect(again.status).toBe(200);
    expect(again.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(await entriesIn(classId)).toBe(1);
  });
});

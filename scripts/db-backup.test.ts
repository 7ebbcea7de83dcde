import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { BackupError, backupSqlite, restoreSqlite } from "#server/db/backup.ts";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "#server/db/seed/demo-accounts.ts";
import { signIn } from "#tests/support/factories.ts";
import { call, testConfig } from "#tests/support/server.ts";

/**
 * db:backup and db:restore (issue 26 item 4): a backup taken by the real script while the server
 * saves entries holds every save acknowledged before it began, as one consistent prefix of them, and
 * restores into a database the server opens with exactly those saves.
 */
const dir = mkdtempSync(join(tmpdir(), "ringside-backup-"));
const dataDir = join(dir, "data");
const clientDir = join(dir, "client");
const file = join(dataDir, "ringside.sqlite");
const config = () =>
  testConfig({
    dataDir,
    database: { kind: "sqlite", file },
    demo: true,
    clientDir,
    validateResponses: false,
  });

function run(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, CLIENT_DIR: clientDir, DEMO: "1", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    output += c.toString();
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

let app: FastifyInstance;
let cookie: string;
let adminId: string;
/** Every class of every upcoming show where the demo admin has no entry yet, as `showId/classId`. */
let classes: string[];
beforeAll(async () => {
  mkdirSync(clientDir, { recursive: true });
  app = await buildApp(config());
  cookie = await signIn(app, { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD });
  adminId = ((await call(app, "GET", "/api/me", { cookie })).json() as { id: string }).id;
  const before = new Set(savedIn(file).keys());
  const shows = (await call(app, "GET", "/api/shows", { cookie })).json() as { shows: { id: string }[] };
  classes = [];
  for (const show of shows.shows) {
    const detail = (await call(app, "GET", `/api/shows/${show.id}`, { cookie })).json() as {
      classes: { id: string }[];
    };
    classes.push(...detail.classes.map((c) => `${show.id}/${c.id}`).filter((key) => !before.has(key)));
  }
});
afterAll(async () => {
  await app.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

/** The admin's own entries as `showId/classId` → status, read straight from a database file. */
function savedIn(databaseFile: string): Map<string, string> {
  const db = new Database(databaseFile, { readonly: true });
  try {
    const rows = db
      .prepare(
        "select show_id || '/' || class_id as key, status from class_entry where user_id = ? and created_by = user_id",
      )
      .all(adminId) as { key: string; status: string }[];
    return new Map(rows.map((r) => [r.key, r.status]));
  } finally {
    db.close();
  }
}

/**
 * The writer's n-th save (from 0) goes to class n mod N, Interested on even rounds over the classes
 * and WatchClass on odd ones, so every save changes something and the first k saves leave one state.
 */
const saveAt = (n: number) => ({
  key: classes[n % classes.length]!,
  status: Math.floor(n / classes.length) % 2 ? "WatchClass" : "Interested",
});
function stateAfter(k: number): Map<string, string> {
  const state = new Map<string, string>();
  for (let n = Math.max(0, k - classes.length); n < k; n++) {
    const { key, status } = saveAt(n);
    state.set(key, status);
  }
  return state;
}
const ours = (saved: Map<string, string>) => new Map([...saved].filter(([key]) => classes.includes(key)));
const same = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([key, status]) => b.get(key) === status);

describe("npm run db:backup and db:restore", { timeout: 60_000 }, () => {
  it("back up while entries are being saved, then restore exactly the saves the backup began after", async () => {
    const backup = join(dataDir, "backups", "during-writes.sqlite");
    let acked = 0;
    let stop = false;
    const writer = (async () => {
      for (let n = 0; !stop; n++) {
        const { key, status } = saveAt(n);
        const [showId, classId] = key.split("/");
        const res = await call(app, "PUT", `/api/shows/${showId}/classes/${classId}/entries`, {
          cookie,
          body: { entries: [{ status }] },
        });
        expect(res.statusCode).toBe(200);
        acked += 1;
      }
    })();
    await expect.poll(() => acked, { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    const ackedBefore = acked;
    const result = await run("db-backup", [backup]);
    const ackedAfter = acked;
    stop = true;
    await writer;
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`to ${backup}`);
    // The saves went on while the script ran: this was a backup during writes.
    expect(ackedAfter).toBeGreaterThan(ackedBefore);

    const copy = new Database(backup, { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    copy.close();
    const kept = ours(savedIn(backup));
    // One snapshot: the state after the first k saves, k at least the saves acknowledged before the
    // script began (and at most one more than were acknowledged when it ended).
    const k = Array.from({ length: ackedAfter + 2 - ackedBefore }, (_, i) => ackedBefore + i).find((c) =>
      same(stateAfter(c), kept),
    );
    expect(k, `backup matches no state from ${ackedBefore} to ${ackedAfter + 1} saves`).toBeDefined();

    const refused = await run("db-restore", [backup]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Stop the server");

    await app.close();
    const restored = await run("db-restore", [backup]);
    expect(restored.code, restored.output).toBe(0);
    expect(readdirSync(dataDir).some((f) => f.startsWith("ringside.sqlite.before-restore-"))).toBe(true);
    app = await buildApp(config());
    expect((await call(app, "GET", "/api/ready")).statusCode).toBe(200);
    await app.close();
    expect(same(ours(savedIn(file)), kept)).toBe(true);
  });

  it("never writes a backup inside the served folder, however the path is spelled", async () => {
    symlinkSync(clientDir, join(dir, "public-link"));
    for (const destination of [
      join(dir, "public-link", "backup.sqlite"),
      join(clientDir, "backup.sqlite"),
      join(clientDir, "assets", "new-folder", "backup.sqlite"),
      join(dataDir, "..", "client", "backup.sqlite"),
    ]) {
      await expect(backupSqlite({ file, destination, servedDirs: [clientDir] })).rejects.toThrow(
        /inside the served folder/,
      );
      expect(existsSync(destination)).toBe(false);
    }
    const script = await run("db-backup", [join(clientDir, "b.sqlite")]);
    expect(script.code).toBe(1);
    expect(readdirSync(clientDir)).toEqual([]);
  });

  it("refuses to restore what is not a Ringside backup", async () => {
    const notDb = join(dir, "not-a-db.sqlite");
    const other = new Database(notDb);
    other.exec("create table t (x)");
    other.close();
    await expect(restoreSqlite({ backup: notDb, file, now: new Date() })).rejects.toThrow(BackupError);
    await expect(restoreSqlite({ backup: join(dir, "missing"), file, now: new Date() })).rejects.toThrow(
      /no backup/,
    );
  });
});

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckpointResult } from "#server/db/checkpointer.ts";
import { BACKSTOP_PAGES } from "#server/db/checkpointer.ts";
import { type Db, openDatabase } from "#server/db/client.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const fileDatabase = (): { db: Db; file: string } => {
  const dir = mkdtempSync(join(tmpdir(), "ringside-checkpoint-"));
  dirs.push(dir);
  const file = join(dir, "ringside.sqlite");
  return { db: openDatabase({ kind: "sqlite", file }), file };
};

describe("SQLite checkpoints in a worker thread", () => {
  it("copies committed pages into the database file while the app's connection only writes", async () => {
    const { db, file } = fileDatabase();
    const { checkpointer } = db;
    expect(checkpointer).toBeDefined();
    const complete = new Promise<CheckpointResult>((done) =>
      checkpointer!.onCheckpoint((result) => {
        if (result.checkpointed === result.log) done(result);
      }),
    );
    const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      db.db,
    );
    expect(autocheckpoint.rows[0]?.wal_autocheckpoint).toBe(BACKSTOP_PAGES);

    await sql`create table t (id integer primary key, body text not null)`.execute(db.db);
    for (let i = 0; i < 50; i++) {
      await sql`insert into t (body) values (${"x".repeat(4000)})`.execute(db.db);
    }
    expect((await complete).checkpointed).toBeGreaterThan(0);
    // The data is in the database and the WAL goes with the last connection, as before.
    const count = await sql<{ n: number }>`select count(*) as n from t`.execute(db.db);
    expect(Number(count.rows[0]?.n)).toBe(50);
    await db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it("has no worker for a private in-memory database", async () => {
    const db = openDatabase({ kind: "sqlite", file: ":memory:" });
    expect(db.checkpointer).toBeUndefined();
    await db.close();
  });

  it("keeps a process that has nothing else to do alive until the database is closed", () => {
    const dir = mkdtempSync(join(tmpdir(), "ringside-checkpoint-"));
    dirs.push(dir);
    // The worker is unreferenced while it runs; closing must still finish before the process may end.
    const script = `
      import { openDatabase } from "#server/db/client.ts";
      const db = openDatabase({ kind: "sqlite", file: ${JSON.stringify(join(dir, "ringside.sqlite"))} });
      await db.close();
      console.log("closed");
    `;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(child.stderr).toBe("");
    expect(child.stdout.trim()).toBe("closed");
    expect(child.status).toBe(0);
  });
});

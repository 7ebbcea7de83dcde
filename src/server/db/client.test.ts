import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("SQLite statistics", () => {
  it("drops ANALYZE's sqlite_stat4 samples on open, keeps sqlite_stat1, and still answers", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ringside-stat4-"));
    dirs.push(dir);
    const file = join(dir, "ringside.sqlite");
    const raw = new Database(file);
    raw.exec("create table t (id integer primary key, owner text not null, body text)");
    raw.exec("create index t_owner on t (owner)");
    const insert = raw.prepare("insert into t (owner, body) values (?, ?)");
    for (let i = 0; i < 500; i++) insert.run(`owner-${i % 7}`, `row ${i}`);
    raw.exec("analyze");
    const tables = (conn: Database.Database) =>
      (
        conn.prepare("select name from sqlite_schema where name like 'sqlite_stat%' order by name").all() as {
          name: string;
        }[]
      ).map((r) => r.name);
    expect(tables(raw)).toEqual(["sqlite_stat1", "sqlite_stat4"]);
    raw.close();

    const db = openDatabase({ kind: "sqlite", file });
    try {
      const names = await sql<{ name: string }>`
        select name from sqlite_schema where name like 'sqlite_stat%' order by name`.execute(db.db);
      expect(names.rows.map((r) => r.name)).toEqual(["sqlite_stat1"]);
      const rows = await sql<{ n: number }>`select count(*) as n from t where owner = ${"owner-3"}`.execute(
        db.db,
      );
      expect(rows.rows[0]?.n).toBe(71);
    } finally {
      await db.close();
    }
  });
});

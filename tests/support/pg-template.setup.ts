import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";

/**
 * Vitest's global set-up for the PostgreSQL run: migrates one template database, and every test's fresh
 * database is copied from it (`freshDatabase`). A copy takes a fraction of the time of running every
 * migration's DDL again, once per app a test builds. The migrations themselves are still tested on an
 * empty database (src/server/db/migrate.test.ts).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.RINGSIDE_TEST_DB !== "postgres" || !base) return undefined;
  const name = `ringside_tpl_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const db = openDatabase({ kind: "postgres", url: url.toString() });
    try {
      await migrateToLatest(db);
    } finally {
      // A template may have no one connected while it is copied.
      await db.close();
    }
  } finally {
    await admin.end();
  }
  process.env.RINGSIDE_PG_TEMPLATE = name;
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { BENCH_SEASON_KEY } from "../server.ts";

/** One database engine the benchmark runs against, with its generated season. */
export interface Engine {
  label: "SQLite" | "PostgreSQL";
  /** SQLite: the folder holding ringside.sqlite (also the server's DATA_DIR on PostgreSQL). */
  dataDir: string;
  databaseUrl: string | undefined;
}

const generate = (dataDir: string, databaseUrl?: string) => {
  const env = { ...process.env };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/generate-season.ts", "--data-dir", dataDir],
    { stdio: "inherit", env },
  );
  if (result.status !== 0) throw new Error("generating the season failed");
};

/** The SQLite season in `dataDir`, generated unless a complete one is already there. */
export function sqliteEngine(dataDir: string): Engine {
  const file = resolve(dataDir, "ringside.sqlite");
  let complete = false;
  if (existsSync(file)) {
    const db = new Database(file, { readonly: true });
    try {
      complete = !!db.prepare("select 1 from app_meta where key = ?").get(BENCH_SEASON_KEY);
    } catch {
      complete = false;
    } finally {
      db.close();
    }
  }
  if (!complete) {
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`Generating the season into ${file} (once) …`);
    generate(dataDir);
  }
  return { label: "SQLite", dataDir, databaseUrl: undefined };
}

/**
 * The PostgreSQL season in the database `url` names, created and generated unless a complete one is
 * already there. Null when no PostgreSQL server answers.
 */
export async function postgresEngine(url: string, dataDir: string): Promise<Engine | null> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_PG_URL must name a plain database: ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const exists =
      (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
    let complete = false;
    if (exists) {
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        complete =
          (await db.query("select 1 from app_meta where key = $1", [BENCH_SEASON_KEY])).rowCount === 1;
      } catch {
        complete = false;
      } finally {
        await db.end();
      }
    }
    if (!complete) {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
      console.log(`Generating the season into PostgreSQL database ${name} (once) …`);
      generate(dataDir, url);
    }
  } finally {
    await client.end();
  }
  return { label: "PostgreSQL", dataDir, databaseUrl: url };
}

/** A fresh, empty database `name` on the server `url` points at (dropped first); null when none answers. */
export async function freshBenchDatabase(url: string, name: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

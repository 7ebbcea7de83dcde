import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import type { PublishLine } from "../../src/domain/contracts/results.ts";
import { DEFAULT_SCALE } from "../../src/domain/results/high-point.ts";
import { DIVISIONS } from "../../src/domain/shows/divisions.ts";
import { type Db, openDatabase } from "../../src/server/db/client.ts";
import { SeasonLoader } from "../../src/server/features/results/results.bulk.ts";
import type { ClassWrite } from "../../src/server/features/results/results.publish.ts";
import { insertBenchHorses } from "./results-fixtures.ts";

/**
 * The results bench's season (results-bench.ts): 350 shows × 200 classes × 8 placings by default
 * (RESULTS_BENCH_SHOWS), loaded by the season loader and kept in data-bench/results.sqlite and
 * `bench_results` on BENCH_PG_URL's server: a database whose `bench_seed` marker row names this season
 * is reused, so re-measuring does not reseed.
 */

export const SHOWS = Number(process.env.RESULTS_BENCH_SHOWS ?? 350);
export const CLASSES = 200;
export const PLACINGS = 8;
export const HORSES = 20_000;
export const OWNERS = 500;

const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/bench_results";

/** A deterministic generator, so both engines hold the same season. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface Season {
  horseIds: string[];
  divisions: string[];
  /** Seconds the seeding took; null when the database held the season already. */
  seedSeconds: number | null;
}

/** A class id's number (`c-12` → 12). */
const c0 = (id: string) => Number(id.slice(2));

/** What the seeded database holds; a database whose marker differs is seeded afresh. */
const SEED_MARK = `${SHOWS} shows × ${CLASSES} classes × ${PLACINGS} placings, ${HORSES} horses, ${OWNERS} owners, loader v1`;

async function seededMark(db: Db): Promise<string | null> {
  try {
    const { rows } = await sql<{ mark: string }>`select mark from bench_seed`.execute(db.db);
    return rows[0]?.mark ?? null;
  } catch {
    return null;
  }
}

/**
 * The season: reused when the database's marker row says it holds this season, else loaded through the
 * season loader (the write path's rows in bulk, results.bulk.ts; results.bulk.test.ts compares the two).
 */
export async function season(db: Db): Promise<Season> {
  const horseIds = Array.from({ length: HORSES }, (_, i) => `bench-horse-${i}`);
  const divisions = DIVISIONS.map((d) => d.id);
  if ((await seededMark(db)) === SEED_MARK) return { horseIds, divisions, seedSeconds: null };
  const t0 = performance.now();
  await seedSeason(db, horseIds, divisions);
  // A database that has run for a season has its statistics and (PostgreSQL) its visibility map and hint
  // bits; a bulk load just made has none until autovacuum comes round, which would then run during the reads.
  await sql.raw(db.kind === "postgres" ? "vacuum analyze" : "analyze").execute(db.db);
  // SQLite: the load's write-ahead log (hundreds of megabytes) goes into the database now, not in the
  // checkpointer's thread while the reads are timed.
  if (db.kind === "sqlite") await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.db);
  await sql`create table bench_seed (mark text not null)`.execute(db.db);
  await sql`insert into bench_seed (mark) values (${SEED_MARK})`.execute(db.db);
  return { horseIds, divisions, seedSeconds: (performance.now() - t0) / 1000 };
}

async function seedSeason(db: Db, horseIds: readonly string[], divisions: readonly string[]): Promise<void> {
  const created = new Date().toISOString();
  await insertBenchHorses(
    db,
    horseIds.map((id, i) => ({ id, name: `Bench Horse ${i}` })),
  );
  // The horses the publishing measurement places (the first 2,000) have owners, four horses each, so
  // each publication notifies its eight horses' owners as a show's would.
  const owners = Array.from({ length: OWNERS }, (_, j) => `bench-owner-${j}`);
  await db.db
    .insertInto("user")
    .values(
      owners.map((id, j) => ({
        id,
        name: `Bench Owner ${j}`,
        email: `${id}@example.test`,
        email_verified: db.kind === "postgres" ? true : 1,
        image: null,
        roles: "[]",
        gender: null,
        date_of_birth: null,
        photo_id: null,
        created_at: created,
        updated_at: created,
      })),
    )
    .execute();
  await db.db
    .insertInto("horse_owner")
    .values(horseIds.slice(0, 2000).map((horse_id, h) => ({ horse_id, user_id: owners[h % OWNERS] ?? "" })))
    .execute();
  const rand = random(22);
  const names = new Map(horseIds.map((id, i) => [id, `Bench Horse ${i}`]));
  const loader = new SeasonLoader(db);
  for (let s = 0; s < SHOWS; s++) {
    const showId = `bench-show-${s}`;
    const date = `2025-${String(1 + (s % 12)).padStart(2, "0")}-${String(1 + (s % 27)).padStart(2, "0")}`;
    const show = { id: showId, name: `Bench Show ${s}`, start_date: date, sanctioning_org: "WHOA" };
    await db.db
      .insertInto("show")
      .values({
        ...show,
        end_date: date,
        location: "Shelbyville, TN",
        is_ai_prediction: 0,
        created_at: created,
      })
      .execute();
    const classes = Array.from({ length: CLASSES }, (_, c) => ({
      show_id: showId,
      id: `c-${c}`,
      position: c,
      number: String(c + 1),
      name: `Bench Class ${c + 1}`,
      date: null,
      division_id: divisions[c % divisions.length] ?? null,
    }));
    await db.db.insertInto("show_class").values(classes).execute();
    await loader.addShow(
      classes.map((cls) => {
        const field = new Set<string>();
        while (field.size < PLACINGS)
          field.add(horseIds[Math.floor(rand() * 2000 + (c0(cls.id) % 9) * 2000)] ?? "");
        const lines: PublishLine[] = [...field].map((horseId, k) => ({
          lineNo: k + 1,
          placing: k + 1,
          horse: names.get(horseId) ?? "",
          rider: "",
          owner: "",
          horseId,
        }));
        return {
          show,
          cls,
          lines,
          names,
          scale: DEFAULT_SCALE,
          actorId: null,
          mode: { kind: "publish" },
          notify: false,
        } satisfies ClassWrite;
      }),
    );
    if ((s + 1) % 25 === 0) console.log(`  ${s + 1}/${SHOWS} shows loaded`);
  }
  await loader.finish();
}

/** The SQLite file, kept when it holds this season (its marker row), else started afresh. */
export async function sqliteDatabase(file: string): Promise<Db> {
  mkdirSync(dirname(file), { recursive: true });
  if (existsSync(file)) {
    const db = openDatabase({ kind: "sqlite", file });
    if ((await seededMark(db)) === SEED_MARK) return db;
    await db.close();
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  return openDatabase({ kind: "sqlite", file });
}

/** `bench_results`, kept when it holds this season (its marker row), else created afresh. */
export async function pgDatabase(): Promise<Db | null> {
  const url = new URL(pgUrl);
  url.pathname = "/bench_results";
  const fresh = await pgServerDatabase(false);
  if (!fresh) return null;
  const db = openDatabase({ kind: "postgres", url: url.toString() });
  if ((await seededMark(db)) === SEED_MARK) return db;
  await db.close();
  await pgServerDatabase(true);
  return openDatabase({ kind: "postgres", url: url.toString() });
}

/** Creates `bench_results` (afresh when `recreate`), through the server's `postgres` database; false without a server. */
async function pgServerDatabase(recreate: boolean): Promise<boolean> {
  const server = new URL(pgUrl);
  server.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: server.toString() });
  try {
    await admin.connect();
    if (recreate) await admin.query("drop database if exists bench_results with (force)");
    const { rowCount } = await admin.query("select 1 from pg_database where datname = 'bench_results'");
    if (!rowCount) await admin.query("create database bench_results");
  } catch {
    return false;
  } finally {
    await admin.end().catch(() => undefined);
  }
  return true;
}

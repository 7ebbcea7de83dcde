/**
 * Results and standings (issue 22): the issue's season of 350 shows × 200 classes × 8 placings (560,000
 * results), then, on each engine:
 * - a standings page of 50 rows, 10 callers at once: p99 ≤ 50 ms;
 * - a horse's standings (horse detail): p99 ≤ 10 ms;
 * - publishing one class's results (records, notifications, standings kept current): p99 ≤ 100 ms.
 * On a loaded machine the p99s measure the machine: the machine's load average is printed with them.
 * The season is loaded by the season loader (the write path's rows in bulk, results.bulk.ts, proved equal
 * to the write path by results.bulk.test.ts) and kept: a database whose `bench_seed` marker row names this
 * season is reused, so re-measuring does not reseed. RESULTS_BENCH_SHOWS makes a smaller season (which
 * replaces the kept one: the marker names the season);
 * RESULTS_BENCH_ENGINE=SQLite or PostgreSQL runs one engine. The reads call the services in process
 * (no HTTP), so the figures are the database's and the service's, not the network's.
 * Databases: data-bench/results.sqlite and `bench_results` on BENCH_PG_URL's server (skipped when none).
 * Runnable alone: node --import tsx bench/results-bench.ts
 */

import { existsSync, mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, resolve } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import type { PublishLine } from "../src/domain/contracts/results.ts";
import { DEFAULT_SCALE } from "../src/domain/results/high-point.ts";
import { DIVISIONS } from "../src/domain/shows/divisions.ts";
import { type Db, openDatabase } from "../src/server/db/client.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { SeasonLoader } from "../src/server/features/results/results.bulk.ts";
import { type ClassWrite, writeClassResults } from "../src/server/features/results/results.publish.ts";
import { getHorseResults } from "../src/server/features/results/results.service.ts";
import { getStandings } from "../src/server/features/results/standings.service.ts";
import type { BenchModule } from "./lib/module.ts";
import { type BenchSection, type BudgetCheck, mark, ms, percentile, table } from "./lib/report.ts";
import { insertBenchHorses, benchAdmin as viewer } from "./lib/results-fixtures.ts";

const SHOWS = Number(process.env.RESULTS_BENCH_SHOWS ?? 350);
const CLASSES = 200;
const PLACINGS = 8;
const HORSES = 20_000;
const OWNERS = 500;
/** Timed reads per measurement (the one-connection standings figure takes 500). */
const RUNS = 2000;
const BUDGET = { standingsP99: 50, horseP99: 10, publishP99: 100 } as const;
const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/bench_results";

/** A deterministic generator, so both engines hold the same season. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Season {
  horseIds: string[];
  divisions: string[];
  /** Seconds the seeding took; null when the database held the season already. */
  seedSeconds: number | null;
}

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
async function season(db: Db): Promise<Season> {
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

const c0 = (id: string) => Number(id.slice(2));

async function timed(runs: number, callers: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next < runs) {
        const i = next++;
        const t0 = performance.now();
        await fn(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

/**
 * Takes back what the previous run's publishing measurement published (a correction to no lines per
 * class, through the write path), then removes its show: a reused season stays the season it was.
 */
async function undoPublishShow(db: Db, showId: string): Promise<void> {
  const published = await db.db
    .selectFrom("result_class")
    .selectAll()
    .where("show_id", "=", showId)
    .execute();
  const show = { id: showId, name: "Bench Publish Show", start_date: "2025-12-01", sanctioning_org: "WHOA" };
  const classes = new Map(
    (await db.db.selectFrom("show_class").selectAll().where("show_id", "=", showId).execute()).map((c) => [
      c.id,
      c,
    ]),
  );
  for (const rc of published) {
    const cls = classes.get(rc.class_id);
    if (!cls) continue;
    await db.db.transaction().execute((trx) =>
      writeClassResults(trx, db.kind, {
        show,
        cls,
        lines: [],
        names: new Map(),
        scale: DEFAULT_SCALE,
        actorId: null,
        mode: { kind: "correct", version: Number(rc.version) },
        notify: false,
      }),
    );
  }
  // Its notifications would outlive the show (their show_id is set null), so they go first.
  await db.db.deleteFrom("notification").where("show_id", "=", showId).execute();
  await db.db.deleteFrom("show").where("id", "=", showId).execute();
}

async function measure(
  db: Db,
  label: string,
): Promise<{ rows: (string | number)[][]; budgets: BudgetCheck[] }> {
  const { horseIds, divisions, seedSeconds } = await season(db);
  const showId = "bench-show-publish";
  await undoPublishShow(db, showId);
  // The undo's writes reach the disk now, not while the reads are timed.
  await sql.raw(db.kind === "postgres" ? "checkpoint" : "pragma wal_checkpoint(TRUNCATE)").execute(db.db);
  const count = await db.db
    .selectFrom("result")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();

  const loadBefore = loadavg()[0] ?? 0;
  const firstPages = (i: number) =>
    getStandings(db, viewer, {
      year: 2025,
      org: "WHOA",
      division: divisions[i % divisions.length],
      page: 1 + (i % 5),
    });
  await timed(100, 10, firstPages);
  // 2,000 pages at 10 at once: one stall of the shared machine delays the 10 pages in flight, which in 500
  // would be the whole top 2 % and so the p99 by itself.
  const standings = await timed(RUNS, 10, firstPages);
  const standingsAlone = await timed(500, 1, firstPages);
  // Any page of a division (~6,000 horses, 120 pages): the deepest pages read past the rows above them.
  const groupSizes = new Map(
    (await db.db.selectFrom("standing_group").select(["division_id", "horses"]).execute()).map((g) => [
      g.division_id,
      Number(g.horses),
    ]),
  );
  const anyPage = await timed(RUNS, 10, (i) => {
    const division = divisions[i % divisions.length] ?? "";
    const pages = Math.max(1, Math.ceil((groupSizes.get(division) ?? 0) / 50));
    return getStandings(db, viewer, { year: 2025, org: "WHOA", division, page: 1 + ((i * 37) % pages) });
  });
  const horse = await timed(RUNS, 1, (i) => getHorseResults(db, horseIds[(i * 37) % 2000] ?? ""));
  // Publishing: one class at a time of a new show, each in its own transaction as the API does.
  await db.db
    .insertInto("show")
    .values({
      id: showId,
      name: "Bench Publish Show",
      start_date: "2025-12-01",
      end_date: "2025-12-01",
      location: "Shelbyville, TN",
      sanctioning_org: "WHOA",
      is_ai_prediction: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  const classes = Array.from({ length: 200 }, (_, c) => ({
    show_id: showId,
    id: `c-${c}`,
    position: c,
    number: String(c + 1),
    name: `Bench Class ${c + 1}`,
    date: null,
    division_id: divisions[c % divisions.length] ?? null,
  }));
  await db.db.insertInto("show_class").values(classes).execute();
  const names = new Map(horseIds.map((id, i) => [id, `Bench Horse ${i}`]));
  const publish = await timed(200, 1, (i) => {
    const cls = classes[i];
    if (!cls) return Promise.resolve();
    const lines: PublishLine[] = Array.from({ length: PLACINGS }, (_, k) => {
      const horseId = horseIds[(i * 11 + k * 101) % 2000] ?? "";
      return {
        lineNo: k + 1,
        placing: k + 1,
        horse: names.get(horseId) ?? "",
        rider: "",
        owner: "",
        horseId,
      };
    });
    return db.db.transaction().execute((trx) =>
      writeClassResults(trx, db.kind, {
        show: { id: showId, name: "Bench Publish Show", start_date: "2025-12-01", sanctioning_org: "WHOA" },
        cls,
        lines,
        names,
        scale: DEFAULT_SCALE,
        actorId: null,
        mode: { kind: "publish" },
      }),
    );
  });
  const notices = await db.db
    .selectFrom("notification")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("show_id", "=", showId)
    .executeTakeFirstOrThrow();
  const p = (xs: number[]) => percentile(xs, 99);
  const budgets: BudgetCheck[] = [
    {
      name: `standings page of 50 at 10 callers (${label})`,
      ok: p(standings) <= BUDGET.standingsP99,
      detail: `p99 ${ms(p(standings))} ms ≤ ${BUDGET.standingsP99} ms`,
    },
    {
      name: `a horse's standings (${label})`,
      ok: p(horse) <= BUDGET.horseP99,
      detail: `p99 ${ms(p(horse))} ms ≤ ${BUDGET.horseP99} ms`,
    },
    {
      name: `publish one class (${label})`,
      ok: p(publish) <= BUDGET.publishP99,
      detail: `p99 ${ms(p(publish))} ms ≤ ${BUDGET.publishP99} ms`,
    },
  ];
  return {
    rows: [
      [
        label,
        Number(count.n),
        seedSeconds === null ? "reused" : seedSeconds.toFixed(0),
        `${loadBefore.toFixed(1)} / ${(loadavg()[0] ?? 0).toFixed(1)}`,
        ms(percentile(standings, 50)),
        ms(p(standings)),
        ms(p(standingsAlone)),
        ms(p(anyPage)),
        ms(percentile(horse, 50)),
        ms(p(horse)),
        ms(percentile(publish, 50)),
        ms(p(publish)),
        Number(notices.n),
      ],
    ],
    budgets,
  };
}

/** The SQLite file, kept when it holds this season (its marker row), else started afresh. */
async function sqliteDatabase(file: string): Promise<Db> {
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
async function pgDatabase(): Promise<Db | null> {
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

export async function runResultsBench(): Promise<BenchSection> {
  const file = resolve(process.env.BENCH_DATA_DIR ?? "data-bench", "results.sqlite");
  const engines: [string, () => Promise<Db | null>][] = [
    ["SQLite", () => sqliteDatabase(file)],
    ["PostgreSQL", pgDatabase],
  ];
  const only = process.env.RESULTS_BENCH_ENGINE;
  const rows: (string | number)[][] = [];
  const budgets: BudgetCheck[] = [];
  for (const [label, open] of engines) {
    if (only && only !== label) continue;
    const db = await open();
    if (!db) {
      rows.push([label, "no server", "", "", "", "", "", "", "", "", "", "", ""]);
      continue;
    }
    console.log(`▶ results on ${label}`);
    await migrateToLatest(db);
    const measured = await measure(db, label);
    rows.push(...measured.rows);
    budgets.push(...measured.budgets);
    await db.close();
  }
  const body = [
    `Load average when done: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} (2 cores).`,
    "",
    `${SHOWS} shows × ${CLASSES} classes × ${PLACINGS} placings${SHOWS < 350 ? ` (the issue's season is 350 shows, 560,000 results: RESULTS_BENCH_SHOWS unset)` : ""}; "seed s" is "reused" for a database seeded by an earlier run. Standings: 2,000 pages 1–5 of the 24 divisions (~6,000 horses each), 10 callers at once after 100 to warm up, then 500 with one caller; "any page": 2,000 pages spread over the whole division, 10 callers. Horse: 2,000 views, one caller. Publish: 200 classes of a new show, one at a time, each notifying its horses' owners.`,
    "",
    table(
      [
        "engine",
        "results",
        "seed s",
        "load 1 min, start / end",
        "standings p50 ms",
        "standings p99 ms",
        "standings p99 ms, 1 connection",
        "any page p99 ms",
        "horse p50 ms",
        "horse p99 ms",
        "publish p50 ms",
        "publish p99 ms",
        "notifications written",
      ],
      rows,
    ),
    "",
    budgets.map((b) => `- ${mark(b.ok)} ${b.name}: ${b.detail}`).join("\n"),
  ].join("\n");
  return { title: "Results and standings (issue 22)", body, budgets };
}

export const resultsBench: BenchModule = {
  name: "results",
  perEngine: false,
  ownData: true,
  run: () => runResultsBench(),
};

if (process.argv[1] && resolve(process.argv[1]) === resolve("bench/results-bench.ts")) {
  runResultsBench()
    .then((section) => {
      console.log(`\n## ${section.title}\n\n${section.body}`);
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}

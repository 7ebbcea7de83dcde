/**
 * Results and standings (issue 22): a season of shows × classes × 8 placings published through the
 * app's own write path (standings kept by difference), then, on each engine:
 * - a standings page of 50 rows, 10 callers at once: p99 ≤ 50 ms;
 * - a horse's standings (horse detail): p99 ≤ 10 ms;
 * - publishing one class's results (records, notifications, standings kept current): p99 ≤ 100 ms.
 * On a loaded machine the p99s measure the machine: the machine's load average is printed with them.
 * The issue's season is 350 shows × 200 classes (560,000 results); RESULTS_BENCH_SHOWS sets how many
 * shows are made (default 35, a tenth, which runs in minutes on this 2-core machine). The reads call the
 * services in process (no HTTP), so the figures are the database's and the service's, not the network's.
 * Databases: data-bench/results.sqlite and `bench_results` on BENCH_PG_URL's server (skipped when none).
 * Runnable alone: node --import tsx bench/results-bench.ts
 */

import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import type { PublishLine } from "../src/domain/contracts/results.ts";
import { DIVISIONS } from "../src/domain/divisions.ts";
import { DEFAULT_SCALE } from "../src/domain/high-point.ts";
import { type Db, openDatabase } from "../src/server/db/client.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { horseNameColumns } from "../src/server/features/horses/horses.repository.ts";
import {
  getHorseResults,
  getStandings,
  writeClassResults,
} from "../src/server/features/results/results.service.ts";
import type { Viewer } from "../src/server/http/viewer.ts";
import type { BenchModule } from "./lib/module.ts";
import { type BenchSection, type BudgetCheck, mark, ms, percentile, table } from "./lib/report.ts";

const SHOWS = Number(process.env.RESULTS_BENCH_SHOWS ?? 35);
const CLASSES = 200;
const PLACINGS = 8;
const HORSES = 20_000;
const BUDGET = { standingsP99: 50, horseP99: 10, publishP99: 100 } as const;
const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/perf_bench_season";

const viewer: Viewer = {
  id: "bench-viewer",
  name: "Bench",
  email: "bench@example.test",
  roles: ["Admin"],
  gender: null,
  dateOfBirth: null,
  photoId: null,
};

/** A deterministic generator, so both engines hold the same season. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function seedSeason(db: Db): Promise<{ horseIds: string[]; divisions: string[] }> {
  const horseIds = Array.from({ length: HORSES }, (_, i) => `bench-horse-${i}`);
  const created = new Date().toISOString();
  for (let i = 0; i < horseIds.length; i += 500) {
    await db.db
      .insertInto("horse")
      .values(
        horseIds.slice(i, i + 500).map((id, k) => ({
          id,
          ...horseNameColumns(`Bench Horse ${i + k}`),
          gender: "Mare",
          date_of_birth: "2018-01-01",
          canters: 0,
          picture_id: null,
          created_at: created,
        })),
      )
      .execute();
  }
  const divisions = DIVISIONS.map((d) => d.id);
  const rand = random(22);
  const names = new Map(horseIds.map((id, i) => [id, `Bench Horse ${i}`]));
  for (let s = 0; s < SHOWS; s++) {
    const showId = `bench-show-${s}`;
    const date = `2025-${String(1 + (s % 12)).padStart(2, "0")}-${String(1 + (s % 27)).padStart(2, "0")}`;
    await db.db
      .insertInto("show")
      .values({
        id: showId,
        name: `Bench Show ${s}`,
        start_date: date,
        end_date: date,
        location: "Shelbyville, TN",
        sanctioning_org: "WHOA",
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
    // One show's classes in one transaction (seeding speed); each is written as a publish is.
    await db.db.transaction().execute(async (trx) => {
      for (const cls of classes) {
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
        await writeClassResults(trx, db.kind, {
          show: { id: showId, name: `Bench Show ${s}`, start_date: date, sanctioning_org: "WHOA" },
          cls,
          lines,
          names,
          scale: DEFAULT_SCALE,
          actorId: null as unknown as string,
          mode: { kind: "publish" },
        });
      }
    });
    if ((s + 1) % 5 === 0) console.log(`  ${s + 1}/${SHOWS} shows published`);
  }
  return { horseIds, divisions };
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

async function measure(
  db: Db,
  label: string,
): Promise<{ rows: (string | number)[][]; budgets: BudgetCheck[] }> {
  const t0 = performance.now();
  const { horseIds, divisions } = await seedSeason(db);
  const seedSeconds = (performance.now() - t0) / 1000;
  // A database that has run for a season has its statistics; a bulk load just made has none until autovacuum.
  await sql`analyze`.execute(db.db);
  const count = await db.db
    .selectFrom("result")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();

  const standings = await timed(500, 10, (i) =>
    getStandings(db, viewer, {
      year: 2025,
      org: "WHOA",
      division: divisions[i % divisions.length],
      page: 1 + (i % 5),
    }),
  );
  const horse = await timed(500, 1, (i) => getHorseResults(db, horseIds[(i * 37) % 2000] ?? ""));
  // Publishing: one class at a time of a new show, each in its own transaction as the API does.
  const showId = "bench-show-publish";
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
        actorId: null as unknown as string,
        mode: { kind: "publish" },
      }),
    );
  });
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
        seedSeconds.toFixed(0),
        ms(percentile(standings, 50)),
        ms(p(standings)),
        ms(percentile(horse, 50)),
        ms(p(horse)),
        ms(percentile(publish, 50)),
        ms(p(publish)),
      ],
    ],
    budgets,
  };
}

async function pgDatabase(): Promise<Db | null> {
  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
    await admin.query("drop database if exists bench_results");
    await admin.query("create database bench_results");
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(pgUrl);
  url.pathname = "/bench_results";
  return openDatabase({ kind: "postgres", url: url.toString() });
}

export async function runResultsBench(): Promise<BenchSection> {
  const file = resolve(process.env.BENCH_DATA_DIR ?? "data-bench", "results.sqlite");
  rmSync(file, { force: true });
  rmSync(`${file}-wal`, { force: true });
  rmSync(`${file}-shm`, { force: true });
  const engines: [string, Db][] = [["SQLite", openDatabase({ kind: "sqlite", file })]];
  const pgDb = await pgDatabase();
  if (pgDb) engines.push(["PostgreSQL", pgDb]);
  const rows: (string | number)[][] = [];
  const budgets: BudgetCheck[] = [];
  for (const [label, db] of engines) {
    console.log(`▶ results on ${label}`);
    await migrateToLatest(db);
    const measured = await measure(db, label);
    rows.push(...measured.rows);
    budgets.push(...measured.budgets);
    await db.close();
  }
  const { loadavg } = await import("node:os");
  const body = [
    `Load average when done: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} (2 cores).`,
    "",
    `${SHOWS} shows × ${CLASSES} classes × ${PLACINGS} placings${SHOWS < 350 ? ` (the issue's season is 350 shows, 560,000 results; RESULTS_BENCH_SHOWS=350 runs it)` : ""}.`,
    "",
    table(
      [
        "engine",
        "results",
        "seed s",
        "standings p50 ms",
        "standings p99 ms",
        "horse p50 ms",
        "horse p99 ms",
        "publish p50 ms",
        "publish p99 ms",
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

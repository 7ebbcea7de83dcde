/**
 * `npm run bench`: generates the season once per engine (1,500 shows, 250,000 classes, 20,000 users,
 * ~500,000 entries), then runs each benchmark module below and writes bench/RESULTS.md.
 *
 * Environment: BENCH_DATA_DIR (SQLite season, default data-bench), BENCH_PG_URL (PostgreSQL season,
 * default postgres://postgres@127.0.0.1:5432/perf_bench_season; skipped when no server answers),
 * BENCH_PORT (4361), BENCH_RESULTS (bench/RESULTS.md), CHROME_PATH (/usr/bin/chromium),
 * BENCH_ONLY (comma-separated module names, to run a subset).
 *
 * To add a benchmark: write a module (bench/lib/module.ts) and add it to MODULES.
 */
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { adminBench } from "./admin-bench.ts";
import { apiBench } from "./api-bench.ts";
import { bundleBench } from "./bundle-bench.ts";
import { crowdBench } from "./crowd-bench.ts";
import { hydrationBench } from "./hydration-bench.ts";
import { type Engine, postgresEngine, sqliteEngine } from "./lib/engines.ts";
import type { BenchModule } from "./lib/module.ts";
import { reasonFor } from "./lib/reasons.ts";
import { type BenchSection, mark } from "./lib/report.ts";
import { lighthouseBench } from "./lighthouse-bench.ts";
import { memoryBench } from "./memory-bench.ts";
import { ocrBench } from "./ocr-bench.ts";
import { opsBench } from "./ops-bench.ts";
import { pushBench } from "./push-bench.ts";
import { seasonPlanBench } from "./recommendations-bench.ts";
import { resultsBench } from "./results-bench.ts";
import { resultsPreviewBench } from "./results-preview-bench.ts";
import { seasonBench } from "./season-bench.ts";
import { showDayApiBench } from "./show-day-api-bench.ts";
import { showDayBench } from "./show-day-bench.ts";
import { stallsBench } from "./stalls-bench.ts";
import { startupBench } from "./startup-bench.ts";
import { watchersBench } from "./watchers-bench.ts";

const MODULES: BenchModule[] = [
  apiBench,
  seasonPlanBench,
  adminBench,
  memoryBench,
  startupBench,
  bundleBench,
  lighthouseBench,
  hydrationBench,
  ocrBench,
  pushBench,
  showDayBench,
  showDayApiBench,
  stallsBench,
  crowdBench,
  watchersBench,
  resultsBench,
  resultsPreviewBench,
  opsBench,
  seasonBench,
];

const dataDir = resolve(process.env.BENCH_DATA_DIR ?? "data-bench");
const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/perf_bench_season";
const port = Number(process.env.BENCH_PORT ?? 4361);
const resultsFile = resolve(process.env.BENCH_RESULTS ?? "bench/RESULTS.md");
const clientDir = resolve(process.env.CLIENT_DIR ?? "dist/client");
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());

async function main() {
  const started = performance.now();
  const modules = MODULES.filter((m) => !only || only.includes(m.name));
  // Modules with their own databases (the results bench's kept season) need no generated season.
  const needSeason = modules.some((m) => !m.ownData);
  const sqlite: Engine = needSeason
    ? sqliteEngine(resolve(dataDir, "sqlite"))
    : { label: "SQLite", dataDir: resolve(dataDir, "sqlite"), databaseUrl: undefined };
  const postgres = needSeason ? await postgresEngine(pgUrl, resolve(dataDir, "postgres")) : null;
  const engines: Engine[] = postgres ? [sqlite, postgres] : [sqlite];
  const notes: string[] =
    postgres || !needSeason ? [] : [`No PostgreSQL answered at ${pgUrl}: its tables are missing.`];

  const sections: BenchSection[] = [];
  const runModule = async (module: BenchModule, engine: Engine) => {
    const label = module.perEngine ? `${module.name} on ${engine.label}` : module.name;
    console.log(`▶ ${label}`);
    const t0 = performance.now();
    try {
      sections.push(await module.run({ engine, port, clientDir }));
    } catch (error) {
      console.error(error);
      notes.push(`${label} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    console.log(`  ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  };
  for (const engine of engines) {
    for (const module of modules.filter((m) => m.perEngine)) await runModule(module, engine);
  }
  for (const module of modules.filter((m) => !m.perEngine)) await runModule(module, sqlite);

  const budgets = sections.flatMap((s) => s.budgets);
  const failed = budgets.filter((b) => !b.ok);
  const commit = (() => {
    try {
      return execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim();
    } catch {
      return "unknown";
    }
  })();
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const report = [
    "# Benchmark results",
    "",
    `\`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}, ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} at the end, ${minutes} min. Load generator (autocannon) and server share the cores.`,
    "",
    `**${budgets.length - failed.length} of ${budgets.length} budgets met.**${failed.length ? " Not met:" : ""}`,
    ...failed.map((b) => {
      const why = reasonFor(b.name);
      return `- ${mark(false)} ${b.name}: ${b.detail}.${why ? ` Why: ${why.reason} What would meet it: ${why.remedy}` : ""}`;
    }),
    ...notes.map((n) => `- ${n}`),
    "",
    ...sections.flatMap((s) => [`## ${s.title}`, "", s.body, ""]),
  ].join("\n");
  writeFileSync(resultsFile, report);
  console.log(`\n${report}\nWritten to ${resultsFile}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The reads show day leans on (issue 33), on the demo data with its show running now, signed in as the
 * demo owner: the day view of today's show, standings, the month calendar, the roster, the planner's
 * upcoming shows and /api/me, each side by side with the bare health route measured right before it in
 * the same run. Budget: p99 ≤ 10 ms at 10 connections and ≥ 25 % of the health route's requests per
 * second, on both engines. Fresh demo databases: data-bench/show-day-api (SQLite) and
 * `bench_show_day_api` on BENCH_PG_URL's server.
 * Runnable alone: node --import tsx bench/show-day-api-bench.ts
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { format } from "date-fns";
import { freshBenchDatabase } from "./lib/engines.ts";
import { type LoadRequest, type LoadResult, load } from "./lib/load.ts";
import type { BenchModule } from "./lib/module.ts";
import { type BenchSection, type BudgetCheck, mark, ms, table } from "./lib/report.ts";
import { signInBench, startBenchServer } from "./server.ts";

const BUDGET = { p99: 10, share: 0.25 } as const;
const OWNER = { email: "owner@ringside.demo", password: "ringside-demo" };

interface Row {
  engine: string;
  name: string;
  result: LoadResult;
  health: LoadResult;
}

async function measureEngine(
  engine: string,
  opts: { port: number; dataDir: string; databaseUrl?: string },
): Promise<Row[]> {
  const server = await startBenchServer({ ...opts, demo: true, quiet: true });
  try {
    const { base } = server;
    const cookie = await signInBench(base, OWNER);
    const headers = { cookie, accept: "application/json", "accept-encoding": "gzip, deflate, br" };
    const shows = (await (await fetch(`${base}/api/shows?period=upcoming`, { headers })).json()) as {
      shows: { id: string; name: string }[];
    };
    const running = shows.shows.find((s) => s.name.startsWith("Eagleville"));
    if (!running) throw new Error("the demo has no show running today");
    const day = (await (await fetch(`${base}/api/shows/${running.id}/day`, { headers })).json()) as {
      runningToday: boolean;
    };
    if (!day.runningToday) throw new Error("the demo's show is not running today");
    const today = format(new Date(), "yyyy-MM-dd");
    const scenarios: [string, LoadRequest][] = [
      [`/api/shows/:id/day (today's show, running)`, { path: `/api/shows/${running.id}/day`, headers }],
      ["/api/standings", { path: "/api/standings", headers }],
      [
        `/api/calendar?month=${today.slice(0, 7)}`,
        { path: `/api/calendar?month=${today.slice(0, 7)}`, headers },
      ],
      ["/api/roster", { path: `/api/roster?today=${today}`, headers }],
      ["/api/shows?period=upcoming", { path: "/api/shows?period=upcoming", headers }],
      ["/api/me", { path: "/api/me", headers }],
    ];
    const health: LoadRequest = { path: "/api/health", headers: { accept: "application/json" } };
    const pid = server.server.pid;
    const rows: Row[] = [];
    for (const [name, request] of scenarios) {
      const adjacent = await load(base, health, { seconds: 3, pid });
      rows.push({ engine, name, result: await load(base, request, { pid }), health: adjacent });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

export async function runShowDayApiBench(port: number, pgUrl: string): Promise<Row[]> {
  const dataDir = resolve("data-bench/show-day-api");
  rmSync(dataDir, { recursive: true, force: true });
  const rows = await measureEngine("SQLite", { port, dataDir });
  const pgDb = await freshBenchDatabase(pgUrl, "bench_show_day_api");
  if (pgDb)
    rows.push(...(await measureEngine("PostgreSQL", { port, dataDir: `${dataDir}-pg`, databaseUrl: pgDb })));
  return rows;
}

export function showDayApiSection(rows: readonly Row[]): BenchSection {
  const budgets: BudgetCheck[] = [];
  const lines = rows.map(({ engine, name, result: r, health: h }) => {
    const share = r.rps / h.rps;
    const p99ok = r.p99 <= BUDGET.p99 && r.errors === 0;
    const shareOk = share >= BUDGET.share;
    budgets.push({
      name: `show-day reads on ${engine}: ${name}`,
      ok: p99ok && shareOk,
      detail: `p99 ${ms(r.p99)} ms (≤ ${BUDGET.p99}), ${(share * 100).toFixed(0)} % of health (≥ ${BUDGET.share * 100} %)`,
    });
    return [
      name,
      engine,
      r.rps.toFixed(0),
      h.rps.toFixed(0),
      `${share.toFixed(2)}× ${mark(shareOk)}`,
      ms(r.p50),
      `${ms(r.p99)} ${mark(p99ok)}`,
      Math.round(r.bytesPerRequest),
      r.cpuMsPerRequest === undefined ? "" : r.cpuMsPerRequest.toFixed(2),
      r.cpuMsPerRequest && h.cpuMsPerRequest ? `${(r.cpuMsPerRequest / h.cpuMsPerRequest).toFixed(1)}×` : "",
      r.errors,
    ];
  });
  return {
    title: "Show-day reads: the demo with its show running, signed in as the demo owner",
    body: `10 connections, 5 s per endpoint after 1 s of warm-up; "health" is the bare route measured for 3 s right before the endpoint, the share is the endpoint's req/s over it (budget ≥ ${BUDGET.share}×), p99 budget ≤ ${BUDGET.p99} ms; server CPU ms per request from /proc, and that cost over the health route's (it hardly moves with the machine's load, unlike req/s and p99).\n\n${table(
      [
        "endpoint",
        "engine",
        "req/s",
        "health req/s",
        "share",
        "p50",
        "p99",
        "bytes",
        "server CPU ms",
        "CPU × health",
        "errors",
      ],
      lines,
    )}`,
    budgets,
  };
}

export const showDayApiBench: BenchModule = {
  name: "show-day-api",
  perEngine: false,
  ownData: true,
  async run({ port }) {
    const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/perf_bench_season";
    return showDayApiSection(await runShowDayApiBench(port, pgUrl));
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const section = showDayApiSection(await runShowDayApiBench(Number(process.env.BENCH_PORT ?? 4361), pgUrl));
  console.log(`## ${section.title}\n\n${section.body}\n`);
}

/**
 * What operations cost per request (issue 26, ADR 021): the same server with the request log and the
 * Prometheus metrics off and on, on /api/me (a session lookup and nothing else, the cheapest personal
 * answer) and the bare health route. Each setting gets its own process on a fresh demo database, in
 * turn, three rounds; the figures are the medians. The log goes to /dev/null, about as cheap a sink as
 * a journal's pipe. CPU time per request is the figure that holds on a busy machine; req/s and p99 are
 * shown beside it. Budget: the log line and the metrics together add at most 15 µs of CPU per request
 * (a roster answer costs several hundred).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LoadResult, load } from "./lib/load.ts";
import type { BenchModule } from "./lib/module.ts";
import { mark, ms, table } from "./lib/report.ts";
import { signInBench, startBenchServer } from "./server.ts";

const ADDED_CPU_BUDGET_US = 15;
const ROUNDS = 3;
const TOKEN = "bench-metrics-token-0123";
const SETTINGS = [
  { name: "log off (warn), metrics off", env: { LOG_LEVEL: "warn" } },
  { name: "log off (warn), metrics on", env: { LOG_LEVEL: "warn", METRICS_TOKEN: TOKEN } },
  { name: "log on (info), metrics on", env: { LOG_LEVEL: "info", METRICS_TOKEN: TOKEN } },
] as const;
const ROUTES = ["/api/health", "/api/me"] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(port: number, env: Record<string, string>): Promise<LoadResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "ringside-ops-bench-"));
  const server = await startBenchServer({ port, dataDir, env: { ...env, DEMO: "1" }, quiet: true });
  try {
    const cookie = await signInBench(server.base, {
      email: "admin@ringside.demo",
      password: "ringside-demo",
    });
    const pid = server.server.pid;
    return [
      await load(server.base, { path: "/api/health" }, { pid, seconds: 8 }),
      await load(server.base, { path: "/api/me", headers: { cookie } }, { pid, seconds: 8 }),
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const opsBench: BenchModule = {
  name: "ops",
  perEngine: false,
  async run({ port }) {
    // results[setting][route] holds one LoadResult per round.
    const results = SETTINGS.map(() => ROUTES.map((): LoadResult[] => []));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [s, setting] of SETTINGS.entries()) {
        const [health, me] = await measure(port, setting.env);
        results[s]![0]!.push(health!);
        results[s]![1]!.push(me!);
      }
    }
    const cpuUs = (s: number, r: number) =>
      median(results[s]![r]!.map((x) => (x.cpuMsPerRequest ?? 0) * 1000));
    const rows = SETTINGS.flatMap((setting, s) =>
      ROUTES.map((route, r) => [
        setting.name,
        route,
        median(results[s]![r]!.map((x) => x.rps)).toFixed(0),
        ms(median(results[s]![r]!.map((x) => x.p99))),
        cpuUs(s, r).toFixed(1),
        results[s]![r]!.reduce((sum, x) => sum + x.errors, 0),
      ]),
    );
    const added = cpuUs(2, 1) - cpuUs(0, 1);
    const metricsAdded = cpuUs(1, 1) - cpuUs(0, 1);
    const ok = added <= ADDED_CPU_BUDGET_US;
    return {
      title: "Request log and metrics: cost per request",
      body: [
        `Medians of ${ROUNDS} rounds, 10 connections, 8 s per route after 1 s of warm-up; a fresh demo server per setting and round.`,
        "",
        table(["setting", "route", "req/s", "p99 ms", "CPU µs/request", "errors"], rows),
        "",
        `On /api/me the metrics add ${metricsAdded.toFixed(1)} µs of CPU per request and the metrics with the log line ${added.toFixed(1)} µs (${((added / cpuUs(0, 1)) * 100).toFixed(0)} %; budget ≤ ${ADDED_CPU_BUDGET_US} µs ${mark(ok)}).`,
      ].join("\n"),
      budgets: [
        {
          name: "request log + metrics, added CPU per request",
          ok,
          detail: `${added.toFixed(1)} µs ≤ ${ADDED_CPU_BUDGET_US} µs`,
        },
      ],
    };
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BENCH_PORT ?? 4361);
  const section = await opsBench.run({ port, clientDir: "", engine: undefined as never });
  console.log(`## ${section.title}\n\n${section.body}`);
}

/**
 * A crowd through nginx (issue 31 item 1): 5,000 signed-in phones hold live streams through the
 * cluster's nginx (deploy/nginx/, as `npm run cluster` runs it) in front of three production servers
 * on one PostgreSQL database, half on the running show's ring stream and half on their notifications,
 * while a steward taps "next class in the ring" through the same nginx. Budgets: every stream ready,
 * none refused or broken; the tap answered within 250 ms (p95) and 1 s (p99); each tap on every ring
 * stream within 2 s (p99). The same run as `npm run test:cluster`'s crowd phase (scripts/lib/crowd.ts).
 *
 * Needs nginx, PostgreSQL (BENCH_PG_URL's server) and `npm run build`. Runnable alone:
 * node --import tsx bench/crowd-bench.ts
 */
import { type CrowdResult, crowdProblems, crowdTable, runCrowd } from "../scripts/lib/crowd.ts";
import { prepareCrowd } from "../scripts/lib/crowd-setup.ts";
import { benchCluster } from "./lib/bench-cluster.ts";
import type { BenchModule } from "./lib/module.ts";
import { type BenchSection, mark, percentile } from "./lib/report.ts";

const CLIENTS = Number(process.env.CROWD_BENCH_CLIENTS ?? 5000);
const TAPS = 120;
const QUIET_TAPS = 20;
const TAP_GAP_MS = 250;
const BUDGET = { tapP95: 250, tapP99: 1000, deliveryP99: 2000 } as const;

export async function runCrowdBench(port: number, pgUrl: string): Promise<CrowdResult> {
  const { cluster, databaseUrl, stop } = await benchCluster({ port, pgUrl, name: "crowd", streams: CLIENTS });
  try {
    await cluster.start();
    const crowd = await prepareCrowd({
      databaseUrl,
      base: cluster.url,
      clients: CLIENTS,
      taps: QUIET_TAPS + TAPS,
    });
    return await runCrowd({
      base: cluster.url,
      clients: CLIENTS,
      ...crowd,
      quietTaps: QUIET_TAPS,
      taps: TAPS,
      tapGapMs: TAP_GAP_MS,
    });
  } finally {
    await stop();
  }
}

export function crowdSection(result: CrowdResult): BenchSection {
  const problems = crowdProblems(result);
  const tap95 = percentile(result.taps, 95);
  const tap = percentile(result.taps, 99);
  const delivery = percentile(result.deliveries, 99);
  return {
    title: `A crowd of ${result.clients} live clients through nginx`,
    body: [
      `nginx with deploy/nginx/'s settings (worker_processes auto, worker_connections 50,000) in front of three production servers on one PostgreSQL database, all on this machine; the streams are held by a second process, the taps (${TAP_GAP_MS} ms apart; ${QUIET_TAPS} before the crowd comes, for the machine's own figure, and ${TAPS} while it is connected) sent and timed by the first.`,
      "",
      crowdTable(result),
      ...(problems.length ? ["", ...problems.map((p) => `- ${p}`)] : []),
    ].join("\n"),
    budgets: [
      {
        name: `crowd: ${result.clients} live clients through nginx, none refused or broken`,
        ok: problems.length === 0,
        detail: problems.length ? problems.join("; ") : `${result.ready} of ${result.clients} ready`,
      },
      {
        name: "crowd: steward tap through nginx, p95",
        ok: tap95 <= BUDGET.tapP95,
        detail: `${tap95.toFixed(0)} ms ≤ ${BUDGET.tapP95} ms`,
      },
      {
        name: "crowd: steward tap through nginx, p99",
        ok: tap <= BUDGET.tapP99,
        detail: `${tap.toFixed(0)} ms ≤ ${BUDGET.tapP99} ms`,
      },
      {
        name: "crowd: tap to every ring stream, p99",
        ok: delivery <= BUDGET.deliveryP99,
        detail: `${delivery.toFixed(0)} ms ≤ ${BUDGET.deliveryP99} ms`,
      },
    ],
  };
}

export const crowdBench: BenchModule = {
  name: "crowd",
  perEngine: false,
  ownData: true,
  async run({ port }) {
    const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/perf_bench_season";
    return crowdSection(await runCrowdBench(port, pgUrl));
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const section = crowdSection(await runCrowdBench(Number(process.env.BENCH_PORT ?? 4361), pgUrl));
  console.log(`## ${section.title}\n\n${section.body}\n`);
  for (const b of section.budgets) console.log(`${mark(b.ok)} ${b.name}: ${b.detail}`);
}

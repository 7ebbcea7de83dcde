/**
 * The API under load on a generated season: each scenario's throughput and latency at 10
 * connections, against the bare health route measured right before it in the same run. Budgets (DESIGN.md,
 * issue 13): p99 ≤ 10 ms and at least a quarter of the health route's requests per second.
 */
import { format } from "date-fns";
import { type LoadRequest, type LoadResult, load } from "./lib/load.ts";
import type { BenchModule } from "./lib/module.ts";
import { type BudgetCheck, mark, ms, table } from "./lib/report.ts";
import { BENCH_OWNER, BENCH_USER, signInBench, startBenchServer } from "./server.ts";

const P99_BUDGET_MS = 10;
const RATIO_BUDGET = 0.25;
/** How many people save at once in the entry save scenario, one connection each. */
const SAVERS = 10;
/** /api/me is nothing but the session lookup: it should cost about what an anonymous request does. */
const ME_RATIO_BUDGET = 0.5;
/**
 * `BENCH_API_SCENARIOS=entry save` runs only the scenarios whose names contain one of the comma-separated
 * words (the bare route always runs): a focused run, such as an A/B of one change.
 */
const ONLY_SCENARIOS = process.env.BENCH_API_SCENARIOS?.split(",").map((s) => s.trim().toLowerCase());

interface Scenario {
  name: string;
  request: LoadRequest;
  /** Minimum share of the health route's req/s; absent for reference rows. */
  ratio?: number;
}

export const apiBench: BenchModule = {
  name: "api",
  perEngine: true,
  async run({ engine, port }) {
    const server = await startBenchServer({ port, dataDir: engine.dataDir, databaseUrl: engine.databaseUrl });
    try {
      const { base } = server;
      const cookie = await signInBench(base);
      // What a phone's browser sends: its session, JSON, and the encodings it can read.
      const headers = { cookie, accept: "application/json", "accept-encoding": "gzip, deflate, br" };
      const ownerHeaders = { ...headers, cookie: await signInBench(base, BENCH_OWNER) };
      const get = async <T>(path: string) => (await (await fetch(`${base}${path}`, { headers })).json()) as T;
      // The generator names its 600-class shows "... National Celebration <year>", the first one this year.
      const big = await get<{ shows: { id: string }[] }>(
        `/api/shows?name=${encodeURIComponent(`national celebration ${new Date().getFullYear()}`)}&limit=1`,
      );
      const bigId = big.shows[0]!.id;
      const detail = await fetch(`${base}/api/shows/${bigId}`, { headers });
      const classCount = ((await detail.json()) as { classes: unknown[] }).classes.length;
      const etag = detail.headers.get("etag");
      const today = format(new Date(), "yyyy-MM-dd");
      // Each round over the 200 classes flips the status, so every save changes something: a save
      // of the dialog as it was writes nothing, and would not measure a save.
      const save = (n: number) =>
        JSON.stringify({
          entries: [
            { status: Math.floor(n / 200) % 2 ? "WatchClass" : "Interested", horseId: null, riderId: null },
          ],
        });
      const saved = (n: number) => `/api/shows/${bigId}/classes/cel-${(n % 200) + 1}/entries`;
      // Ten people saving at once (the n-th save is person n % 10's, so each keeps to 20 of the classes
      // and every visit flips its status): what ten phones at a show do. One person saving from ten
      // connections at once is measured beside it, as a reference.
      const savers = await Promise.all(
        Array.from({ length: SAVERS }, (_, i) =>
          signInBench(base, { email: `rider${10000 + i}@season.test`, password: BENCH_USER.password }),
        ),
      );
      // The save scenarios must leave the season as they found it, or the next run's roster grows.
      const removeSaved = async () => {
        for (const cookie of [headers.cookie, ...savers]) {
          for (let n = 0; n < 200; n++) {
            await fetch(`${base}${saved(n)}`, {
              method: "DELETE",
              headers: { ...headers, cookie, origin: base },
            });
          }
        }
      };
      const rosterEntries = async (h: Record<string, string>) => {
        const roster = (await (await fetch(`${base}/api/roster?today=${today}`, { headers: h })).json()) as {
          sections: Record<string, { days: { classes: { entries: unknown[] }[] }[] }[]>;
        };
        return Object.values(roster.sections)
          .flat()
          .flatMap((card) => card.days.flatMap((d) => d.classes.flatMap((c) => c.entries))).length;
      };
      await removeSaved();
      const scenarios: Scenario[] = [
        {
          name: "health (bare route, no session)",
          request: { path: "/api/health", headers: { accept: "application/json" } },
        },
        {
          name: "/api/me (session lookup only)",
          request: { path: "/api/me", headers },
          ratio: ME_RATIO_BUDGET,
        },
        {
          name: `roster, typical owner (${await rosterEntries(ownerHeaders)} entries)`,
          request: { path: `/api/roster?today=${today}`, headers: ownerHeaders },
          ratio: RATIO_BUDGET,
        },
        {
          name: `roster, busy trainer (${await rosterEntries(headers)} entries)`,
          request: { path: `/api/roster?today=${today}`, headers },
          ratio: RATIO_BUDGET,
        },
        { name: "planner first page", request: { path: "/api/shows", headers }, ratio: RATIO_BUDGET },
        {
          name: `show detail (${classCount} classes)`,
          request: { path: `/api/shows/${bigId}`, headers },
          ratio: RATIO_BUDGET,
        },
        {
          name: `entry save (PUT, ${SAVERS} people, 200 classes in turn, each a change)`,
          request: {
            method: "PUT",
            path: saved,
            headers: { ...headers, "content-type": "application/json", origin: base },
            headersFor: (n) => ({ cookie: savers[n % SAVERS]! }),
            body: save,
          },
          ratio: RATIO_BUDGET,
        },
        {
          name: "entry save, one person from 10 connections at once",
          request: {
            method: "PUT",
            path: saved,
            headers: { ...headers, "content-type": "application/json", origin: base },
            body: save,
          },
        },
        { name: "notifications list", request: { path: "/api/notifications", headers }, ratio: RATIO_BUDGET },
      ];
      if (etag) {
        scenarios.push({
          name: "show detail revalidated (If-None-Match → 304)",
          request: { path: `/api/shows/${bigId}`, headers: { ...headers, "if-none-match": etag } },
        });
      }

      // The bare route is measured again right before every scenario and the ratio taken to that
      // measurement: on a shared machine the cores available change from minute to minute.
      const [healthScenario, ...all] = scenarios;
      const others = ONLY_SCENARIOS
        ? all.filter((s) => ONLY_SCENARIOS.some((word) => s.name.toLowerCase().includes(word)))
        : all;
      const results: [Scenario, LoadResult, LoadResult][] = [];
      const pid = server.server.pid;
      const health = await load(base, healthScenario!.request, { pid });
      results.push([healthScenario!, health, health]);
      for (const scenario of others) {
        const adjacent = await load(base, healthScenario!.request, { seconds: 3, pid });
        results.push([scenario, await load(base, scenario.request, { pid }), adjacent]);
      }
      await removeSaved();
      const budgets: BudgetCheck[] = [];
      const rows = results.map(([s, r, h]) => {
        const ratio = r.rps / h.rps;
        let verdict = "reference";
        if (s.ratio !== undefined) {
          const p99ok = r.p99 <= P99_BUDGET_MS && r.errors === 0;
          const ratioOk = ratio >= s.ratio;
          budgets.push({
            name: `${engine.label}: ${s.name}`,
            ok: p99ok && ratioOk,
            detail: `p99 ${ms(r.p99)} ms (≤ ${P99_BUDGET_MS}), ${(ratio * 100).toFixed(0)} % of health (≥ ${s.ratio * 100} %)`,
          });
          verdict = `p99 ≤ ${P99_BUDGET_MS} ms ${mark(p99ok)}, ≥ ${s.ratio * 100} % ${mark(ratioOk)}`;
        }
        return [
          s.name,
          r.rps.toFixed(0),
          ms(r.p50),
          ms(r.p99),
          h.rps.toFixed(0),
          `${(ratio * 100).toFixed(0)} %`,
          Math.round(r.bytesPerRequest),
          r.cpuMsPerRequest === undefined ? "" : r.cpuMsPerRequest.toFixed(2),
          h.cpuMsPerRequest && r.cpuMsPerRequest
            ? `${(r.cpuMsPerRequest / h.cpuMsPerRequest).toFixed(1)}×`
            : "",
          r.errors,
          verdict,
        ];
      });
      return {
        title: `API on ${engine.label}`,
        body: `10 connections, 5 s per scenario after 1 s of warm-up; latencies in ms; "health" is the bare route measured for 3 s right before the scenario, and "of health" the scenario's share of it; bytes per response on the wire (headers included, compressed when the server compresses); "server CPU" is the server process's CPU time per request (user + system, from /proc, 10 ms ticks over thousands of requests) and "× health" that cost against the health route's measured right before: unlike req/s and p99 these hardly move with the rest of the machine's load.\n\n${table(
          [
            "scenario",
            "req/s",
            "p50",
            "p99",
            "health req/s",
            "of health",
            "bytes",
            "server CPU ms",
            "× health",
            "errors",
            "budget",
          ],
          rows,
        )}`,
        budgets,
      };
    } finally {
      await server.stop();
    }
  },
};

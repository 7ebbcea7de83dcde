/**
 * Load benchmark for the planner and show-detail endpoints on a generated season
 * (scripts/generate-season.ts). Starts the production server as a child process on the dataset,
 * signs in as the bench user, then drives each endpoint with 10 concurrent keep-alive clients
 * (Node's fetch) and reports requests/s, p50/p99 latency and the response size.
 *
 *   node --import tsx scripts/generate-season.ts --data-dir /tmp/season
 *   node --import tsx bench/shows-bench.ts --data-dir /tmp/season
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/season node --import tsx bench/shows-bench.ts
 *
 * Options: --port (4351), --seconds per scenario (5), --concurrency (10).
 * Client and server share the machine's cores, so absolute figures are pessimistic.
 */
import { parseArgs } from "node:util";
import { BENCH_USER, startBenchServer } from "./server.ts";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "4351" },
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "10" },
    "data-dir": { type: "string", default: "./data-season" },
  },
});
const PORT = Number(args.port);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);

async function signIn(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

interface Result {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  bytes: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function run(name: string, path: string, cookie: string): Promise<Result> {
  const headers = { cookie, accept: "application/json" };
  const first = await fetch(`${BASE}${path}`, { headers });
  const bytes = (await first.arrayBuffer()).byteLength;
  if (!first.ok) throw new Error(`${name}: ${first.status}`);
  // Warm-up: JIT, statement caches, page cache.
  const warmUntil = performance.now() + 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < warmUntil) await (await fetch(`${BASE}${path}`, { headers })).arrayBuffer();
    }),
  );
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(`${BASE}${path}`, { headers });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    bytes,
    errors,
  };
}

async function main() {
  const { server } = await startBenchServer({ port: PORT, dataDir: args["data-dir"] });
  try {
    const cookie = await signIn();
    const get = async <T>(path: string) =>
      (await (await fetch(`${BASE}${path}`, { headers: { cookie } })).json()) as T;

    const facets = await get<{
      judges: { value: string; count: number }[];
      divisions: { value: string; count: number }[];
      orgs: { value: string; count: number }[];
    }>("/api/shows/facets");
    const topJudge = [...facets.judges].sort((a, b) => b.count - a.count)[0]!.value;
    const rareDivision = [...facets.divisions].sort((a, b) => a.count - b.count)[0]!.value;
    const first = await get<{ shows: { id: string }[]; nextCursor: string }>("/api/shows");
    // The generator names its 600-class shows "... National Celebration <year>", the first one this year.
    const big = await get<{ shows: { id: string }[] }>(
      `/api/shows?name=${encodeURIComponent(`national celebration ${new Date().getFullYear()}`)}&limit=1`,
    );
    const bigId = big.shows[0]!.id;
    const detail = await get<{ classes: unknown[] }>(`/api/shows/${bigId}`);

    const q = encodeURIComponent;
    const scenarios: [string, string][] = [
      ["health (reference, no session)", "/api/health"],
      ["me (reference, session lookup only)", "/api/me"],
      ["planner first page", "/api/shows"],
      ["planner next page (cursor)", `/api/shows?cursor=${q(first.nextCursor)}`],
      ["filter: name 'spring jubilee'", "/api/shows?name=spring%20jubilee"],
      ["filter: location 'tn'", "/api/shows?location=tn"],
      [`filter: judge '${topJudge}'`, `/api/shows?judge=${q(topJudge)}`],
      [`filter: division '${rareDivision}'`, `/api/shows?division=${q(rareDivision)}`],
      ["filter: division two-year-old + org WHOA", "/api/shows?division=two-year-old&org=WHOA"],
      [
        "filter: all kinds, past shows",
        `/api/shows?name=show&location=tn&judge=${q(topJudge)}&division=youth&org=WHOA&period=past`,
      ],
      ["filter: no match", "/api/shows?name=zzzz%20qqqq"],
      ["facets (upcoming)", "/api/shows/facets"],
      ["facets (past shows)", "/api/shows/facets?period=past"],
      [`show detail (${detail.classes.length} classes)`, `/api/shows/${bigId}`],
      ["calendar .ics", `/api/shows/${bigId}/calendar.ics`],
    ];
    const results: Result[] = [];
    for (const [name, path] of scenarios) results.push(await run(name, path, cookie));

    const engine = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
    console.log(`\n${engine}, ${CONCURRENCY} concurrent clients, ${SECONDS} s per scenario\n`);
    console.log("| scenario | req/s | p50 ms | p99 ms | max ms | bytes | errors |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const r of results) {
      console.log(
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(1)} | ${r.bytes} | ${r.errors} |`,
      );
    }
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

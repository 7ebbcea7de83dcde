/**
 * Cost of the planner and show-detail service calls themselves (queries + presenting, no HTTP, no session),
 * one call at a time on a generated season. Medians are robust to other work on the machine, which the
 * HTTP benchmark (shows-bench.ts) is not.
 *
 *   node --import tsx bench/shows-queries-bench.ts --data-dir /tmp/season
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/season node --import tsx bench/shows-queries-bench.ts
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ShowFacetsQuery, ShowListQuery } from "#domain/contracts/shows.ts";
import { openDatabase } from "#server/db/client.ts";
import { getShowDetail, getShowFacets, getShowPage, todayYmd } from "#server/features/shows/shows.service.ts";

const { values: args } = parseArgs({
  options: {
    "data-dir": { type: "string", default: "./data-season" },
    iterations: { type: "string", default: "300" },
  },
});
const ITERATIONS = Number(args.iterations);

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 20; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length / 2)]!, p99: samples[Math.floor(samples.length * 0.99)]! };
}

async function main() {
  const url = process.env.DATABASE_URL;
  const db = openDatabase(
    url ? { kind: "postgres", url } : { kind: "sqlite", file: resolve(args["data-dir"], "ringside.sqlite") },
  );
  const today = todayYmd();
  const list = (query: Record<string, string | string[]>) => ShowListQuery.parse(query);
  const facets = await getShowFacets(db, ShowFacetsQuery.parse({}), today);
  const topJudge = [...facets.judges].sort((a, b) => b.count - a.count)[0]!.value;
  const first = await getShowPage(db, list({}), today);
  const big = await getShowPage(
    db,
    list({ name: `national celebration ${new Date().getFullYear()}` }),
    today,
  );
  const bigId = big.shows[0]!.id;

  const cases: [string, () => Promise<unknown>][] = [
    ["planner first page", () => getShowPage(db, list({}), today)],
    ["planner next page", () => getShowPage(db, list({ cursor: first.nextCursor! }), today)],
    ["name 'spring jubilee'", () => getShowPage(db, list({ name: "spring jubilee" }), today)],
    ["location 'tn'", () => getShowPage(db, list({ location: "tn" }), today)],
    [`judge '${topJudge}'`, () => getShowPage(db, list({ judge: topJudge }), today)],
    [
      "division two-year-old + org WHOA",
      () => getShowPage(db, list({ division: "two-year-old", org: "WHOA" }), today),
    ],
    [
      "all filter kinds, past shows",
      () =>
        getShowPage(
          db,
          list({
            name: "show",
            location: "tn",
            judge: topJudge,
            division: "youth",
            org: "WHOA",
            period: "past",
          }),
          today,
        ),
    ],
    ["no match", () => getShowPage(db, list({ name: "zzzz qqqq" }), today)],
    ["facets (upcoming)", () => getShowFacets(db, ShowFacetsQuery.parse({}), today)],
    ["facets (past shows)", () => getShowFacets(db, ShowFacetsQuery.parse({ period: "past" }), today)],
    ["show detail, 600 classes", () => getShowDetail(db, bigId)],
  ];
  console.log(`\n${db.kind}, ${ITERATIONS} sequential calls each\n`);
  console.log("| call | p50 ms | p99 ms |\n|---|---:|---:|");
  for (const [name, fn] of cases) {
    const r = await time(fn);
    console.log(`| ${name} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`);
  }
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

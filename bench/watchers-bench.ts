/**
 * Watchers without an account (issue 35, "Scale"; ADRs 044 and 046): 10,000 anonymous watchers through
 * the cluster's nginx (deploy/nginx/, as `npm run cluster` runs it) in front of three production servers
 * on one PostgreSQL database, half on the show's public ring board stream and half spread over 500 horse
 * links' streams, each watcher from its own address (127.20.x.y: the app limits public streams and
 * requests per address, and sees the address nginx forwards). The app servers' memory (RSS) and CPU time
 * are read from /proc before the crowd comes, while it sits idle over a hold (10 minutes), and while a
 * steward taps "next class in the ring"; each tap's arrival is timed on every stream.
 * Budgets: every stream ready, none refused or broken; each tap on every stream within 1 s (p95) and
 * 2 s (p99), none missed; memory flat over the hold.
 *
 * Needs nginx, PostgreSQL (BENCH_PG_URL's server) and `npm run build`. Runnable alone:
 * node --import tsx bench/watchers-bench.ts
 * Environment: WATCHERS_BENCH_CLIENTS (10000), WATCHERS_BENCH_HOLD_MS (600000), WATCHERS_BENCH_LINKS (500),
 * WATCHERS_BENCH_TAPS (60), WATCHERS_BENCH_TAP_GAP_MS (500), WATCHERS_BENCH_PER_ADDRESS (watchers sharing
 * an address, 1).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import {
  type CrowdResult,
  crowdProblems,
  deliveriesOf,
  streamsProcess,
  tapRing,
} from "../scripts/lib/crowd.ts";
import type { StreamTarget } from "../scripts/lib/crowd-streams.ts";
import { prepareWatchers } from "../scripts/lib/watchers-setup.ts";
import { benchCluster } from "./lib/bench-cluster.ts";
import type { BenchModule } from "./lib/module.ts";
import {
  type MemoryTrend,
  memoryTrend,
  type ProcessSample,
  parentPidOf,
  sampleProcesses,
} from "./lib/proc.ts";
import { type BenchSection, mark, percentile, table } from "./lib/report.ts";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CLIENTS = env("WATCHERS_BENCH_CLIENTS", 10_000);
const HOLD_MS = env("WATCHERS_BENCH_HOLD_MS", 600_000);
const LINKS = env("WATCHERS_BENCH_LINKS", 500);
const TAPS = env("WATCHERS_BENCH_TAPS", 60);
const TAP_GAP_MS = env("WATCHERS_BENCH_TAP_GAP_MS", 500);
const PER_ADDRESS = env("WATCHERS_BENCH_PER_ADDRESS", 1);
/** Taps before the crowd comes: the machine's own figure. */
const QUIET_TAPS = 10;
/** Samples over the hold, its first at its start and its last at its end. */
const HOLD_SAMPLES = 21;
/** After the last stream opened, before the hold: the opening's garbage collected, the heartbeats begun. */
const SETTLE_MS = Math.min(30_000, HOLD_MS / 2);
/** Without the crowd, to know what the servers cost doing nothing. */
const BASELINE_MS = 15_000;
const BUDGET = { deliveryP95: 1000, deliveryP99: 2000, growth: 0.1 } as const;

const sum = (a: Record<string, number>, b: Record<string, number>) => {
  const out = { ...a };
  for (const [k, n] of Object.entries(b)) out[k] = (out[k] ?? 0) + n;
  return out;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The address watcher `i` connects from: one of 127.20.0.1–127.20.255.250 per PER_ADDRESS watchers. */
export function watcherAddress(i: number, perAddress = PER_ADDRESS): string {
  const k = Math.floor(i / perAddress);
  return `127.20.${Math.floor(k / 250)}.${(k % 250) + 1}`;
}

interface Sample extends ProcessSample {
  /** ms since the hold began (negative before it). */
  at: number;
  /** The app servers' V8 heap in use (their /metrics). */
  heapBytes: number;
  nginxRssBytes: number;
  load: number;
}

export interface WatchersResult
  extends Pick<
    CrowdResult,
    | "clients"
    | "ready"
    | "refused"
    | "failed"
    | "broken"
    | "openMs"
    | "quietTaps"
    | "taps"
    | "tapFailures"
    | "deliveries"
    | "missed"
  > {
  links: number;
  addresses: number;
  holdMs: number;
  /** Without the crowd: at the start and the end of BASELINE_MS. */
  baseline: [Sample, Sample];
  /** Over the hold, from its start to its end. */
  hold: Sample[];
  /** Just before the first tap with the crowd and just after the last. */
  tapping: [Sample, Sample];
  /** Just before the first tap without the crowd and just after the last. */
  quietTapping: [Sample, Sample];
  /** With the first tenth of the crowd connected and settled. */
  tenth: { sample: Sample; ready: number };
  trend: MemoryTrend;
  uptime: string[];
  /** Open files of each nginx worker at the hold's start: how the kernel shared the connections out. */
  nginxFiles: number[];
}

/** nginx's workers: the children of the master whose pid the cluster's nginx wrote. */
function nginxWorkers(dir: string): number[] {
  const master = Number(readFileSync(join(dir, "nginx.pid"), "utf8").trim());
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return parentPidOf(readFileSync(`/proc/${d}/stat`, "utf8")) === master;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function heapInUse(urls: string[]): Promise<number> {
  const heaps = await Promise.all(
    urls.map(async (url) => {
      const text = await fetch(`${url}/metrics`).then((r) => r.text());
      return Number(text.match(/^nodejs_heap_size_used_bytes (\S+)$/m)?.[1] ?? 0);
    }),
  );
  return heaps.reduce((a, b) => a + b, 0);
}

const uptime = () =>
  `${new Date().toISOString().slice(11, 19)} UTC: ${execFileSync("uptime", { encoding: "utf8" }).trim()}`;

/** Open files of each process (its sockets, for an nginx worker). */
const openFiles = (pids: readonly number[]) => pids.map((pid) => readdirSync(`/proc/${pid}/fd`).length);

export async function runWatchersBench(port: number, pgUrl: string): Promise<WatchersResult> {
  // The stream process holds one file per watcher, the app servers a third of them each, and an nginx
  // worker two per watcher it took: half of them each for its two workers (one per core), as the kernel
  // shares them out here (the run states each worker's open files).
  const { cluster, databaseUrl, dir, stop } = await benchCluster({
    port,
    pgUrl,
    name: "watchers",
    streams: CLIENTS / 2,
  });
  const log = (line: string) => console.log(`  watchers: ${line}`);
  const crowd = streamsProcess();
  try {
    await cluster.start();
    const uptimes = [uptime()];
    const watched = await prepareWatchers({
      databaseUrl,
      base: cluster.url,
      links: LINKS,
      taps: QUIET_TAPS + TAPS,
    });
    log(`made a public board and ${LINKS} horse links`);
    const pids = cluster.servers.map((s) => s.process!.pid!);
    const urls = cluster.servers.map((_, i) => cluster.serverUrl(i));
    const workers = nginxWorkers(dir);
    let holdStart = 0;
    const sample = async (): Promise<Sample> => ({
      ...sampleProcesses(pids),
      at: performance.now() - holdStart,
      heapBytes: await heapInUse(urls),
      nginxRssBytes: sampleProcesses(workers).rssBytes,
      load: loadavg()[0]!,
    });
    const tapOpts = { base: cluster.url, steward: watched.steward, ring: watched.ring, tapGapMs: TAP_GAP_MS };
    const q0 = await sample();
    const quiet = await tapRing(tapOpts, watched.ring.inRing, QUIET_TAPS);
    const quietTapping: [Sample, Sample] = [q0, await sample()];
    await sleep(2000);
    const before = await sample();
    await sleep(BASELINE_MS);
    const baseline: [Sample, Sample] = [before, await sample()];

    const targets: StreamTarget[] = Array.from({ length: CLIENTS }, (_, i) => ({
      path: i % 2 === 0 ? watched.boardStream : watched.linkStreams[Math.floor(i / 2) % LINKS]!,
      ring: true,
      localAddress: watcherAddress(i),
    }));
    log(`opening ${CLIENTS} streams`);
    // A tenth first: the memory per watcher is measured between it and the whole crowd, both after an
    // opening's garbage was collected (before any crowd, a server still holds its start's garbage).
    const tenth = Math.ceil(CLIENTS / 10);
    const first = await crowd.open({
      base: cluster.url,
      targets: targets.slice(0, tenth),
      clients: tenth,
      burst: 100,
    });
    await sleep(SETTLE_MS);
    const tenthSample = await sample();
    const rest = await crowd.open({
      base: cluster.url,
      targets: targets.slice(tenth),
      clients: CLIENTS - tenth,
      burst: 100,
    });
    const opened = {
      ready: first.ready + rest.ready,
      readyRing: first.readyRing + rest.readyRing,
      refused: sum(first.refused, rest.refused),
      failed: sum(first.failed, rest.failed),
      ms: first.ms + rest.ms,
    };
    log(`${opened.ready} ready in ${(opened.ms / 1000).toFixed(1)} s; settling ${SETTLE_MS / 1000} s`);
    uptimes.push(uptime());
    await sleep(SETTLE_MS);
    holdStart = performance.now();
    const hold: Sample[] = [await sample()];
    const nginxFiles = openFiles(workers);
    for (let i = 1; i < HOLD_SAMPLES; i++) {
      await sleep(holdStart + (i * HOLD_MS) / (HOLD_SAMPLES - 1) - performance.now());
      hold.push(await sample());
      const s = hold.at(-1)!;
      log(`hold ${(s.at / 1000).toFixed(0)} s: RSS ${(s.rssBytes / 2 ** 20).toFixed(0)} MB, load ${s.load}`);
    }
    uptimes.push(uptime());
    const t0 = await sample();
    const { sent, times, failures } = await tapRing(tapOpts, quiet.current, TAPS);
    const tapping: [Sample, Sample] = [t0, await sample()];
    uptimes.push(uptime());
    await sleep(5000);
    const report = await crowd.report();
    const { deliveries, missed } = deliveriesOf(sent, report, opened.readyRing);
    return {
      clients: CLIENTS,
      links: LINKS,
      addresses: Math.ceil(CLIENTS / PER_ADDRESS),
      ready: opened.ready,
      refused: opened.refused,
      failed: opened.failed,
      broken: report.broken,
      openMs: opened.ms,
      holdMs: HOLD_MS,
      baseline,
      hold,
      tapping,
      quietTapping,
      tenth: { sample: tenthSample, ready: first.ready },
      quietTaps: quiet.times,
      taps: times,
      tapFailures: [...quiet.failures, ...failures],
      deliveries,
      missed,
      trend: memoryTrend(
        hold.map((s) => ({ at: s.at, bytes: s.rssBytes })),
        // The crowd's memory: per watcher (from a tenth to all of it) times the watchers.
        ((hold[0]!.rssBytes - tenthSample.rssBytes) * opened.ready) / Math.max(opened.ready - first.ready, 1),
        BUDGET.growth,
      ),
      uptime: uptimes,
      nginxFiles,
    };
  } finally {
    crowd.kill();
    await stop();
  }
}

const list = (tally: Record<string, number>) =>
  Object.entries(tally)
    .map(([what, n]) => `${n} × ${what}`)
    .join(", ") || "none";

/** The figures a run comes to: memory per watcher, CPU per 1,000, and what went wrong. */
export function watchersFigures(r: WatchersResult) {
  const [b0, b1] = r.baseline;
  const h0 = r.hold[0]!;
  const hN = r.hold.at(-1)!;
  const [t0, t1] = r.tapping;
  const [q0, q1] = r.quietTapping;
  const seconds = (a: Sample, b: Sample) => (b.at - a.at) / 1000;
  const rate = (a: Sample, b: Sample) => (b.cpuSeconds - a.cpuSeconds) / seconds(a, b);
  const baselineCores = rate(b0, b1);
  const idleCores = rate(h0, hN);
  const tapCores = rate(t0, t1);
  const quietTapCores = rate(q0, q1);
  const thousands = Math.max(r.ready, 1) / 1000;
  /** CPU ms of one tap, over what the servers cost between taps (without the crowd, with it idle). */
  const quietTapMs = (((quietTapCores - baselineCores) * seconds(q0, q1)) / r.quietTaps.length) * 1000;
  const crowdTapMs = (((tapCores - idleCores) * seconds(t0, t1)) / r.taps.length) * 1000;
  const problems = crowdProblems(r);
  const t = r.tenth.sample;
  /** The watchers that came after the first tenth. */
  const more = Math.max(r.ready - r.tenth.ready, 1);
  return {
    problems,
    /** Bytes of app-server RSS per watcher, at the hold's start and its end. */
    rssPerWatcher: (h0.rssBytes - t.rssBytes) / more,
    rssPerWatcherEnd: (hN.rssBytes - t.rssBytes) / more,
    /** Against the servers before any crowd, which still held garbage of their start. */
    rssPerWatcherFromNone: (h0.rssBytes - b1.rssBytes) / Math.max(r.ready, 1),
    heapPerWatcher: (h0.heapBytes - t.heapBytes) / more,
    nginxPerWatcher: (h0.nginxRssBytes - t.nginxRssBytes) / more,
    /** Share of one core per 1,000 watchers, over what the servers cost without them. */
    idlePerThousand: (idleCores - baselineCores) / thousands,
    /** Share of one core per 1,000 watchers while the steward taps, over the same taps without them. */
    tapPerThousand: (tapCores - quietTapCores) / thousands,
    quietTapMs,
    crowdTapMs,
    /** CPU ms per tap per 1,000 watchers: what the crowd adds to a tap. */
    tapMsPerThousand: (crowdTapMs - quietTapMs) / thousands,
    quietTapCores,
    baselineCores,
    idleCores,
    tapCores,
  };
}

export function watchersSection(r: WatchersResult): BenchSection {
  const f = watchersFigures(r);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const p = (l: number[]) =>
    `${ms(percentile(l, 50))} / ${ms(percentile(l, 95))} / ${ms(percentile(l, 99))} / ${ms(l.at(-1) ?? 0)}`;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const core = (share: number) => `${(share * 100).toFixed(2)} % of a core`;
  const [, b1] = r.baseline;
  const h0 = r.hold[0]!;
  const hN = r.hold.at(-1)!;
  const delivery95 = percentile(r.deliveries, 95);
  const delivery99 = percentile(r.deliveries, 99);
  const minutes = (r.holdMs / 60_000).toFixed(1);
  const rows: [string, string][] = [
    [
      "watchers asked for (half on the board, half over the horse links)",
      `${r.clients} from ${r.addresses} addresses, ${r.links} links`,
    ],
    ["ready", String(r.ready)],
    [
      "refused / failed before ready / broken while held",
      `${list(r.refused)} / ${list(r.failed)} / ${list(r.broken)}`,
    ],
    ["time to open them all (100 at a time)", `${(r.openMs / 1000).toFixed(1)} s`],
    [
      "app servers' RSS, three together: no crowd / the crowd at the hold's start / its end",
      `${mb(b1.rssBytes)} / ${mb(h0.rssBytes)} / ${mb(hN.rssBytes)} (a tenth of the crowd: ${mb(r.tenth.sample.rssBytes)})`,
    ],
    [
      "app servers' RSS per idle watcher, from a tenth of the crowd to all of it: hold start / hold end",
      `${kib(f.rssPerWatcher)} / ${kib(f.rssPerWatcherEnd)}`,
    ],
    ["the same from no crowd to all of it (hold start)", kib(f.rssPerWatcherFromNone)],
    ["V8 heap in use per idle watcher (hold start)", kib(f.heapPerWatcher)],
    [
      `RSS over the ${minutes} min hold (${r.hold.length} samples): min / max; least-squares slope`,
      `${mb(r.trend.min)} / ${mb(r.trend.max)}; ${(r.trend.perMinute / 2 ** 20).toFixed(2)} MB/min, ${(r.trend.growth * 100).toFixed(1)} % of the crowd's memory over the hold`,
    ],
    ["nginx workers' RSS per watcher", kib(f.nginxPerWatcher)],
    ["nginx workers' open files at the hold's start (two per watcher they took)", r.nginxFiles.join(" / ")],
    [
      "app servers' CPU, three together: no crowd, idle / tapping; the crowd idle / tapping",
      `${core(f.baselineCores)} / ${core(f.quietTapCores)}; ${core(f.idleCores)} / ${core(f.tapCores)}`,
    ],
    ["app servers' CPU per 1,000 idle watchers (heartbeats every 25 s)", core(f.idlePerThousand)],
    [
      `app servers' CPU per 1,000 watchers while tapping (${r.taps.length} taps ${TAP_GAP_MS} ms apart)`,
      core(f.tapPerThousand),
    ],
    [
      "app servers' CPU per tap: no crowd / with the crowd; what 1,000 watchers add",
      `${f.quietTapMs.toFixed(0)} ms / ${f.crowdTapMs.toFixed(0)} ms; ${f.tapMsPerThousand.toFixed(1)} ms`,
    ],
    [`steward taps through nginx, no crowd (${r.quietTaps.length}), p50 / p95 / p99 / max`, p(r.quietTaps)],
    [`steward taps through nginx with the crowd (${r.taps.length}), p50 / p95 / p99 / max`, p(r.taps)],
    ["tap to its event on each stream, p50 / p95 / p99 / max", p(r.deliveries)],
    ["tap events missed", String(r.missed)],
  ];
  return {
    title: `${r.clients} anonymous watchers through nginx`,
    body: [
      `nginx with deploy/nginx/'s settings in front of three production servers on one PostgreSQL database, all on this machine; the streams held by a second process, each watcher on its own connection from its own address; memory and CPU time of the app servers read from /proc. The machine's load (uptime):`,
      "",
      ...r.uptime.map((u) => `- ${u}`),
      "",
      table(["figure", "value"], rows),
      ...(f.problems.length ? ["", ...f.problems.map((x) => `- ${x}`)] : []),
    ].join("\n"),
    budgets: [
      {
        name: `watchers: ${r.clients} anonymous watchers through nginx, none refused or broken`,
        ok: f.problems.length === 0,
        detail: f.problems.length ? f.problems.join("; ") : `${r.ready} of ${r.clients} ready`,
      },
      {
        name: "watchers: tap to every stream, p95",
        ok: delivery95 <= BUDGET.deliveryP95,
        detail: `${delivery95.toFixed(0)} ms ≤ ${BUDGET.deliveryP95} ms`,
      },
      {
        name: "watchers: tap to every stream, p99",
        ok: delivery99 <= BUDGET.deliveryP99,
        detail: `${delivery99.toFixed(0)} ms ≤ ${BUDGET.deliveryP99} ms`,
      },
      { name: "watchers: no tap missed", ok: r.missed === 0, detail: `${r.missed} missed` },
      {
        name: `watchers: memory flat over the ${minutes} min hold`,
        ok: r.trend.flat,
        detail: `${(r.trend.growth * 100).toFixed(1)} % ≤ ${BUDGET.growth * 100} % of the crowd's ${mb(f.rssPerWatcher * r.ready)} (${kib(f.rssPerWatcher)} per watcher)`,
      },
    ],
  };
}

export const watchersBench: BenchModule = {
  name: "watchers",
  perEngine: false,
  ownData: true,
  async run({ port }) {
    const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/perf_bench_season";
    return watchersSection(await runWatchersBench(port, pgUrl));
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const result = await runWatchersBench(Number(process.env.BENCH_PORT ?? 4361), pgUrl);
  const section = watchersSection(result);
  console.log(`## ${section.title}\n\n${section.body}\n`);
  for (const b of section.budgets) console.log(`${mark(b.ok)} ${b.name}: ${b.detail}`);
}

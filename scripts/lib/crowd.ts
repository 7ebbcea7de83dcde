/**
 * A crowd at a show (issue 31): thousands of signed-in phones holding live streams through nginx, half
 * on the show's ring stream (`/api/shows/:id/day/events`) and half on their notification stream
 * (`/api/events`), while a steward taps "next class in the ring" through the same nginx. Used by
 * `npm run test:cluster` (which fails when any stream is refused or broken) and the crowd bench.
 *
 * The streams live in a process of their own (crowd-streams.ts); this one sends and times the taps.
 */
import { fork } from "node:child_process";
import { resolve } from "node:path";
import { percentile } from "../../bench/lib/report.ts";
import { openFileLimit } from "./cluster.ts";
import type { Opened, OpenMessage, Report } from "./crowd-streams.ts";

export interface CrowdRing {
  showId: string;
  /** The running session and its classes in running order; `inRing` is the class in the ring now. */
  sessionId: string;
  order: string[];
  inRing: string;
}

export interface CrowdOptions {
  /** nginx's address. */
  base: string;
  clients: number;
  /** Cookies of the people holding the streams, each used for a ring and a notification stream in turn. */
  people: string[];
  /** Cookie of an admin or ring steward of the show. */
  steward: string;
  ring: CrowdRing;
  /** Taps before the crowd comes: the figure to compare with. */
  quietTaps: number;
  /** Taps while the crowd is connected. */
  taps: number;
  tapGapMs: number;
  /** Streams asked for at once (default 100). */
  burst?: number;
}

export interface CrowdResult {
  clients: number;
  ready: number;
  readyRing: number;
  refused: Record<string, number>;
  failed: Record<string, number>;
  broken: Record<string, number>;
  /** Time to open every stream, in ms. */
  openMs: number;
  /** Steward taps through nginx before the crowd came, ms, sorted. */
  quietTaps: number[];
  /** Steward taps through nginx while the crowd is connected, ms, sorted. */
  taps: number[];
  /** Taps answered other than 200. */
  tapFailures: string[];
  /** From sending a tap to its ring event arriving on a stream, ms, sorted. */
  deliveries: number[];
  /** Ring events a ready ring stream never received. */
  missed: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const total = (tally: Record<string, number>) => Object.values(tally).reduce((a, b) => a + b, 0);

/**
 * Why this machine cannot hold `clients` streams, or null. Node raises its own soft limit to the hard
 * one, and nginx and the app servers inherit it from this process, so the hard limit decides: the
 * stream process needs one file per stream, and an nginx worker two per stream (client and app
 * server) should the kernel hand it every connection.
 */
export function openFileShortfall(clients: number): string | null {
  const { hard } = openFileLimit();
  const needed = 2 * clients + 1000;
  if (hard >= needed) return null;
  return `this machine's hard limit on open files (ulimit -Hn) is ${hard}; ${clients} live clients need ${needed} (two per stream in one nginx worker, and headroom). Raise it (ulimit -Hn, or LimitNOFILE for a service) or ask for fewer clients (at most ${Math.floor((hard - 1000) / 2)} here).`;
}

/** The process holding a crowd's streams (crowd-streams.ts), driven over IPC. */
export function streamsProcess() {
  const child = fork(resolve("scripts/lib/crowd-streams.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = <T extends { kind: string }>(kind: T["kind"]) =>
    new Promise<T>((done, fail) => {
      const on = (m: { kind: string }) => {
        if (m.kind !== kind) return;
        child.off("message", on);
        child.off("exit", exited);
        done(m as T);
      };
      const exited = (code: number | null) => fail(new Error(`the stream process exited with ${code}`));
      child.on("message", on);
      child.once("exit", exited);
    });
  return {
    async open(message: Omit<OpenMessage, "kind">): Promise<Opened> {
      const answer = next<Opened>("opened");
      child.send({ kind: "open", ...message } satisfies OpenMessage);
      return answer;
    },
    async report(): Promise<Report> {
      const answer = next<Report>("report");
      child.send({ kind: "report" });
      return answer;
    },
    kill: () => child.kill(),
  };
}

/** Who taps, where, and how far apart. */
export type TapOptions = Pick<CrowdOptions, "base" | "steward" | "ring" | "tapGapMs">;

/** A steward tapping "next class in the ring" through nginx, `count` times; each tap timed. */
export async function tapRing(opts: TapOptions, from: string, count: number) {
  const { ring } = opts;
  /** When each ring event (by its seq) was asked for, epoch ms. */
  const sent = new Map<number, number>();
  const times: number[] = [];
  const failures: string[] = [];
  let current = from;
  for (let i = 0; i < count; i++) {
    const next = ring.order[ring.order.indexOf(current) + 1];
    if (!next) throw new Error(`the session has no class after ${current}: give it more classes`);
    const sentAt = Date.now();
    const t0 = performance.now();
    const res = await fetch(`${opts.base}/api/shows/${ring.showId}/ring/actions`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: opts.base, cookie: opts.steward },
      body: JSON.stringify({
        kind: "in-ring",
        sessionId: ring.sessionId,
        classId: next,
        expectedInRing: current,
      }),
    });
    const body = await res.text();
    times.push(performance.now() - t0);
    if (res.status === 200) {
      sent.set((JSON.parse(body) as { ring: { seq: number } }).ring.seq, sentAt);
      current = next;
    } else {
      failures.push(`${res.status} ${body.slice(0, 200)}`);
    }
    await sleep(opts.tapGapMs);
  }
  return { sent, times: times.sort((a, b) => a - b), failures, current };
}

/**
 * Taps the ring `quietTaps` times with no crowd (the machine's own figure), opens the crowd's streams,
 * taps `taps` times more through nginx, then closes the streams.
 */
export async function runCrowd(opts: CrowdOptions): Promise<CrowdResult> {
  const { ring } = opts;
  const ringPath = `/api/shows/${ring.showId}/day/events`;
  const targets = opts.people.flatMap((cookie) => [
    { path: ringPath, cookie, ring: true },
    { path: "/api/events", cookie, ring: false },
  ]);
  const quiet = await tapRing(opts, ring.inRing, opts.quietTaps);
  const crowd = streamsProcess();
  try {
    const opened = await crowd.open({
      base: opts.base,
      targets,
      clients: opts.clients,
      burst: opts.burst ?? 100,
    });
    await sleep(1000);
    const { sent, times: taps, failures } = await tapRing(opts, quiet.current, opts.taps);
    const tapFailures = [...quiet.failures, ...failures];
    await sleep(2500);
    const report = await crowd.report();
    const { deliveries, missed } = deliveriesOf(sent, report, opened.readyRing);
    return {
      clients: opts.clients,
      ready: opened.ready,
      readyRing: opened.readyRing,
      refused: opened.refused,
      failed: opened.failed,
      broken: report.broken,
      openMs: opened.ms,
      quietTaps: quiet.times,
      taps,
      tapFailures,
      deliveries,
      missed,
    };
  } finally {
    crowd.kill();
  }
}

/**
 * From each tap (its ring event's seq, sent at epoch ms) to its event's arrival on each stream, ms, sorted;
 * and how many of the `ready` ring streams never received a tap's event.
 */
export function deliveriesOf(
  sent: ReadonlyMap<number, number>,
  report: Pick<Report, "arrivals">,
  ready: number,
): { deliveries: number[]; missed: number } {
  const arrivals = new Map(report.arrivals);
  const deliveries: number[] = [];
  let missed = 0;
  for (const [seq, at] of sent) {
    const times = arrivals.get(seq) ?? [];
    missed += Math.max(0, ready - times.length);
    for (const t of times) deliveries.push(t - at);
  }
  return { deliveries: deliveries.sort((a, b) => a - b), missed };
}

/** What went wrong with a crowd run, for a test to fail on; empty when every stream held. */
export function crowdProblems(
  result: Pick<CrowdResult, "clients" | "ready" | "refused" | "failed" | "broken" | "tapFailures" | "missed">,
): string[] {
  const problems: string[] = [];
  const list = (tally: Record<string, number>) =>
    Object.entries(tally)
      .map(([what, n]) => `${n} × ${what}`)
      .join(", ");
  if (total(result.refused)) problems.push(`streams refused: ${list(result.refused)}`);
  if (total(result.failed)) problems.push(`streams failed before they were ready: ${list(result.failed)}`);
  if (total(result.broken)) problems.push(`streams broken while held: ${list(result.broken)}`);
  if (result.ready !== result.clients) problems.push(`${result.ready} of ${result.clients} streams ready`);
  if (result.tapFailures.length) problems.push(`taps failed: ${result.tapFailures.join("; ")}`);
  if (result.missed) problems.push(`${result.missed} ring events never reached a ready ring stream`);
  return problems;
}

/** The run's figures as a Markdown table. */
export function crowdTable(result: CrowdResult): string {
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const p = (list: number[]) =>
    `${ms(percentile(list, 50))} / ${ms(percentile(list, 95))} / ${ms(percentile(list, 99))} / ${ms(list.at(-1) ?? 0)}`;
  const rows: [string, string][] = [
    ["live clients asked for (half ring stream, half notification stream)", String(result.clients)],
    ["ready", `${result.ready} (ring ${result.readyRing})`],
    ["refused (an answer other than 200)", String(total(result.refused))],
    ["failed before ready (reset, no answer …)", String(total(result.failed))],
    ["broken while held", String(total(result.broken))],
    ["time to open them all", `${(result.openMs / 1000).toFixed(1)} s`],
    [
      `steward taps through nginx, no crowd yet (${result.quietTaps.length}), p50 / p95 / p99 / max`,
      p(result.quietTaps),
    ],
    [
      `steward taps through nginx with the crowd (${result.taps.length}), p50 / p95 / p99 / max`,
      p(result.taps),
    ],
    ["tap to ring event on each stream, p50 / p95 / p99 / max", p(result.deliveries)],
    ["ring events missed", String(result.missed)],
  ];
  return ["| figure | value |", "| --- | ---: |", ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join("\n");
}

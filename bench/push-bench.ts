/**
 * Web Push fan-out (issue 27): one class alert to 500 subscribed devices (25 people × 20 devices) on a
 * local push service stand-in that checks and decrypts every message, while 10 connections keep asking
 * the API for the notification list. Budgets: every device reached ≤ 5 s after the alert is created,
 * and the API's p99 during that time ≤ 50 ms. A fresh database per engine (not the season: devices
 * would otherwise be left in it). Runs alone too: node --import tsx bench/push-bench.ts
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startPushService } from "#tests/support/push-service.ts";
import { cpuMs } from "./lib/load.ts";
import type { BenchModule } from "./lib/module.ts";
import { type BenchSection, mark, ms, percentile, table } from "./lib/report.ts";

const PEOPLE = 25;
const DEVICES_EACH = 20;
const DEVICES = PEOPLE * DEVICES_EACH;
const ROUNDS = 3;
const FANOUT_BUDGET_MS = 5_000;
const P99_BUDGET_MS = 50;
const CONNECTIONS = 10;

interface Round {
  fanoutMs: number;
  /** The server's CPU time over the round (API requests included). */
  serverCpuMs: number;
  /** How long the server's event loop was held up, p99 and worst, during the round. */
  loopP99: number;
  loopMax: number;
  /** API latencies while the round's messages were going out. */
  p99: number;
  requests: number;
  errors: number;
}

export interface PushFigures {
  label: string;
  baselineP99: number;
  /** A fan-out with no API load: its time and the server's CPU time for it. */
  alone: { fanoutMs: number; serverCpuMs: number };
  rounds: Round[];
  /** Messages the stand-in checked and decrypted (after each round's clock stopped). */
  checked: number;
  rejected: number;
}

async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const name = `perf_bench_push_${process.pid}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

function startServer(port: number, dataDir: string, databaseUrl: string | undefined) {
  const base = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "bench/push-server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO: "0",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      PUBLIC_URL: base,
      AUTH_RATE_LIMIT_MAX: "100000",
      LOG_LEVEL: "warn",
      PUSH_ALLOW_PRIVATE_ENDPOINTS: "1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" }),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = (type: string) =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (m: { type?: string }) => {
        if (m.type !== type) return;
        child.off("message", onMessage);
        resolve();
      };
      child.on("message", onMessage);
      child.once("exit", (code) => reject(new Error(`push bench server exited (${code})`)));
    });
  const reply = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const onMessage = (m: { type?: string }) => {
        if (m.type !== type) return;
        child.off("message", onMessage);
        resolve(m as T);
      };
      child.on("message", onMessage);
    });
  return { base, child, next, reply };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The API under load for `seconds`, every response with the time it arrived. */
function apiLoad(base: string, cookie: string, seconds: number) {
  const samples: { at: number; ms: number; ok: boolean }[] = [];
  const instance = autocannon({
    url: `${base}/api/notifications`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie, accept: "application/json", "accept-encoding": "gzip, br" },
  });
  instance.on("response", (_c: unknown, status: number, _b: number, time: number) => {
    samples.push({ at: performance.now(), ms: time, ok: status < 400 });
  });
  return { done: instance, samples };
}

export async function runPushBench(label: string, port: number, databaseUrl?: string): Promise<PushFigures> {
  const service = await startPushService({ deferChecks: true });
  const dataDir = mkdtempSync(join(tmpdir(), "ringside-push-bench-"));
  const database = databaseUrl ? await freshPostgres(databaseUrl) : null;
  const server = startServer(port, dataDir, database?.url);
  try {
    await server.next("ready");
    const { base } = server;
    const people: { id: string; cookie: string }[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const res = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({
          name: `Push Bench ${i}`,
          email: `push-bench-${i}@bench.test`,
          password: "bench-password",
          role: "Owner",
        }),
      });
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      people.push({ id: (await json<{ user: { id: string } }>(res)).user.id, cookie });
    }
    const headers = (cookie: string) => ({ cookie, origin: base, "content-type": "application/json" });
    const { publicKey } = await json<{ publicKey: string }>(
      await fetch(`${base}/api/push/config`, { headers: headers(people[0]!.cookie) }),
    );
    for (const person of people) {
      for (let d = 0; d < DEVICES_EACH; d++) {
        await json(
          await fetch(`${base}/api/push/devices`, {
            method: "POST",
            headers: headers(person.cookie),
            body: JSON.stringify({ ...service.subscribe(publicKey).json, timeZone: "America/Chicago" }),
          }),
        );
      }
    }
    const reader = people[0]!.cookie;

    const baseline = apiLoad(base, reader, 4);
    await baseline.done;
    const baselineP99 = percentile(
      baseline.samples.map((s) => s.ms).sort((a, b) => a - b),
      99,
    );

    /** One class alert to everyone's devices: from its creation until the last device was reached. */
    const fanOut = async (n: number) => {
      const before = service.accepted();
      const cpu0 = cpuMs(server.child.pid!);
      const t0 = performance.now();
      server.child.send({ type: "class-alert", userIds: people.map((p) => p.id), n });
      await service.waitFor(() => service.accepted() >= before + DEVICES, 60_000);
      return { t0, t1: performance.now(), serverCpuMs: cpuMs(server.child.pid!) - cpu0 };
    };
    // Alone first: what one fan-out costs the server, with nothing else asking.
    const alone = await fanOut(29);
    service.checkDeferred();

    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const loadRun = apiLoad(base, reader, 9);
      await new Promise((r) => setTimeout(r, 1500));
      const { t0, t1, serverCpuMs } = await fanOut(30 + round);
      const loop = server.reply<{ p99: number; max: number }>("loop-delay");
      server.child.send({ type: "loop-delay" });
      const { p99: loopP99, max: loopMax } = await loop;
      await loadRun.done;
      service.checkDeferred();
      const during = loadRun.samples.filter((s) => s.at >= t0 && s.at <= t1);
      rounds.push({
        fanoutMs: t1 - t0,
        serverCpuMs,
        loopP99,
        loopMax,
        p99: percentile(
          during.map((s) => s.ms).sort((a, b) => a - b),
          99,
        ),
        requests: during.length,
        errors: during.filter((s) => !s.ok).length,
      });
    }
    return {
      label,
      baselineP99,
      alone: { fanoutMs: alone.t1 - alone.t0, serverCpuMs: alone.serverCpuMs },
      rounds,
      checked: service.received.length,
      rejected: service.rejected.length,
    };
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
    await service.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function pushSection(figures: PushFigures): BenchSection {
  const worstFanout = Math.max(...figures.rounds.map((r) => r.fanoutMs));
  const worstP99 = Math.max(...figures.rounds.map((r) => r.p99));
  const budgets = [
    {
      name: `push fan-out of one class alert to ${DEVICES} devices (${figures.label})`,
      ok:
        worstFanout <= FANOUT_BUDGET_MS &&
        figures.rejected === 0 &&
        figures.checked === (ROUNDS + 1) * DEVICES,
      detail: `${ms(worstFanout)} ms ≤ ${FANOUT_BUDGET_MS} ms, ${figures.rejected} refused by the push service`,
    },
    {
      name: `API p99 during the push fan-out (${figures.label})`,
      ok: worstP99 <= P99_BUDGET_MS,
      detail: `${ms(worstP99)} ms ≤ ${P99_BUDGET_MS} ms`,
    },
  ];
  const body = [
    table(
      [
        "Round",
        "All devices reached (ms)",
        "Server CPU meanwhile (ms)",
        "Event loop held up, p99 / max (ms)",
        "GET /api/notifications p99 meanwhile (ms)",
        "Requests meanwhile",
        "Errors",
      ],
      figures.rounds.map((r, i) => [
        i + 1,
        ms(r.fanoutMs),
        ms(r.serverCpuMs),
        `${ms(r.loopP99)} / ${ms(r.loopMax)}`,
        ms(r.p99),
        r.requests,
        r.errors,
      ]),
    ),
    "",
    `${DEVICES} devices (${PEOPLE} people × ${DEVICES_EACH}), ${CONNECTIONS} connections on the API; the same list's p99 without a fan-out: ${ms(figures.baselineP99)} ms. A fan-out with no API load: ${ms(figures.alone.fanoutMs)} ms, ${ms(figures.alone.serverCpuMs)} ms of server CPU (${((figures.alone.serverCpuMs / DEVICES) * 1000).toFixed(0)} µs a device). The stand-in answered each push at once and checked it (VAPID, headers) and decrypted it after the round's clock stopped, as a remote push service's work would not weigh on this machine: ${figures.checked} checked, ${figures.rejected} refused. ${budgets.map((b) => `${mark(b.ok)} ${b.detail}`).join("; ")}.`,
  ].join("\n");
  return { title: `Web Push fan-out, ${figures.label}`, body, budgets };
}

export const pushBench: BenchModule = {
  name: "push",
  perEngine: true,
  async run({ engine, port }) {
    return pushSection(await runPushBench(engine.label, port, engine.databaseUrl));
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BENCH_PORT ?? 3651);
  const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const engines = (process.env.BENCH_PUSH_ENGINES ?? "SQLite,PostgreSQL").split(",");
  for (const [label, url] of [
    ["SQLite", undefined],
    ["PostgreSQL", pgUrl],
  ] as const) {
    if (!engines.includes(label)) continue;
    const section = pushSection(await runPushBench(label, port, url));
    console.log(`## ${section.title}\n\n${section.body}\n`);
  }
}

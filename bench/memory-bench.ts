/**
 * Server memory: resident set size after each of three identical load runs, following one warm-up
 * run that fills the bounded caches (it must stay flat: growth from the first measured run to the
 * third ≤ 10 %), and the cost of 500 idle live-notification streams (Server-Sent Events) held open
 * at once (< 50 MB).
 */
import { readFileSync } from "node:fs";
import { type ClientRequest, request } from "node:http";
import { format } from "date-fns";
import { load } from "./lib/load.ts";
import type { BenchModule } from "./lib/module.ts";
import { mark, mib, table } from "./lib/report.ts";
import { signInBench, startBenchServer } from "./server.ts";

const RUNS = 3;
const GROWTH_BUDGET = 0.1;
const STREAMS = 500;
const STREAMS_BUDGET_BYTES = 50 * 1024 * 1024;

/** Resident set size of a process, from /proc (Linux). */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
}

const settle = () => new Promise((r) => setTimeout(r, 1500));

/** Opens one live stream and resolves once the server has sent its `ready` event. */
function openStream(base: string, cookie: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/events`, {
      headers: { cookie, accept: "text/event-stream" },
      agent: false,
    });
    req.on("response", (res) => {
      if (res.statusCode !== 200) reject(new Error(`stream refused: ${res.statusCode}`));
      res.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("event: ready")) resolve(req);
      });
    });
    req.on("error", reject);
    req.end();
  });
}

export const memoryBench: BenchModule = {
  name: "memory",
  perEngine: true,
  async run({ engine, port }) {
    const server = await startBenchServer({ port, dataDir: engine.dataDir, databaseUrl: engine.databaseUrl });
    const pid = server.server.pid!;
    try {
      const { base } = server;
      const cookie = await signInBench(base);
      const headers = { cookie, accept: "application/json", "accept-encoding": "gzip, deflate, br" };
      const today = format(new Date(), "yyyy-MM-dd");
      const paths = [`/api/roster?today=${today}`, "/api/shows", "/api/notifications", "/api/me"];
      const samples: number[] = [rss(pid)];
      await load(base, { path: (n) => paths[n % paths.length]!, headers }, { seconds: 6, warmSeconds: 0 });
      for (let run = 0; run < RUNS; run++) {
        await load(base, { path: (n) => paths[n % paths.length]!, headers }, { seconds: 6, warmSeconds: 0 });
        await settle();
        samples.push(rss(pid));
      }
      const growth = (samples[RUNS]! - samples[1]!) / samples[1]!;

      const before = rss(pid);
      const streams: ClientRequest[] = [];
      for (let i = 0; i < STREAMS; i += 50) {
        streams.push(...(await Promise.all(Array.from({ length: 50 }, () => openStream(base, cookie)))));
      }
      await settle();
      const withStreams = rss(pid);
      for (const s of streams) s.destroy();
      const streamCost = withStreams - before;

      const flat = growth <= GROWTH_BUDGET;
      const cheap = streamCost < STREAMS_BUDGET_BYTES;
      return {
        title: `Memory on ${engine.label}`,
        body: table(
          ["measurement", "RSS", "budget"],
          [
            ["after start-up and sign-in (before a 6 s warm-up run)", mib(samples[0]!), ""],
            ...samples
              .slice(1)
              .map((s, i) => [`after load run ${i + 1} (6 s, roster/planner/notifications/me)`, mib(s), ""]),
            [
              "growth from run 1 to run 3",
              `${(growth * 100).toFixed(1)} %`,
              `≤ ${GROWTH_BUDGET * 100} % ${mark(flat)}`,
            ],
            [
              `${STREAMS} idle live streams (SSE) held open`,
              `${streamCost >= 0 ? "+" : ""}${mib(streamCost)}`,
              `< 50 MB ${mark(cheap)}`,
            ],
          ],
        ),
        budgets: [
          {
            name: `${engine.label}: RSS flat across ${RUNS} load runs`,
            ok: flat,
            detail: `${(growth * 100).toFixed(1)} % growth`,
          },
          { name: `${engine.label}: ${STREAMS} idle SSE streams`, ok: cheap, detail: `+${mib(streamCost)}` },
        ],
      };
    } finally {
      await server.stop();
    }
  },
};

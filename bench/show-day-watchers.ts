/**
 * The 2,000 ring watchers of bench/show-day-bench.ts, in a process of their own, so the steward's taps
 * are timed by a process that is not busy reading two thousand streams. Driven over IPC: `watch` opens
 * the streams (answers `ready`), `report` answers when each ring event arrived on each stream (epoch ms).
 */
import { request } from "node:http";

interface Watch {
  kind: "watch";
  targets: { base: string; cookie: string }[];
  showId: string;
  clients: number;
}

const arrivals = new Map<number, number[]>();
const open: { destroy(): void }[] = [];

function watch(base: string, showId: string, cookie: string): Promise<void> {
  return new Promise((done, fail) => {
    const req = request(`${base}/api/shows/${showId}/day/events`, {
      headers: { cookie, accept: "text/event-stream" },
      agent: false,
    });
    let ready = false;
    req.on("response", (res) => {
      if (res.statusCode !== 200) fail(new Error(`stream refused: ${res.statusCode}`));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const now = Date.now();
        for (const m of chunk.matchAll(/event: ring\ndata: \{[^\n]*?"seq":(\d+)/g)) {
          const seq = Number(m[1]);
          arrivals.set(seq, [...(arrivals.get(seq) ?? []), now]);
        }
        if (!ready && chunk.includes("event: ready")) {
          ready = true;
          done();
        }
      });
    });
    req.on("error", (e) => (ready ? undefined : fail(e)));
    req.end();
    open.push(req);
  });
}

process.on("message", async (message: Watch | { kind: "report" }) => {
  if (message.kind === "watch") {
    for (let i = 0; i < message.clients; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, message.clients - i) }, (_, j) => {
          const t = message.targets[(i + j) % message.targets.length]!;
          return watch(t.base, message.showId, t.cookie);
        }),
      );
    }
    process.send?.({ kind: "ready" });
  } else {
    for (const req of open) req.destroy();
    process.send?.({ kind: "report", arrivals: [...arrivals] });
  }
});

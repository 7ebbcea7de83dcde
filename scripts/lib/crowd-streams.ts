/**
 * The crowd's live streams (scripts/lib/crowd.ts), in a process of their own so the steward's taps
 * are timed by a process that is not busy reading thousands of streams. Driven over IPC: `open` opens
 * the streams in bursts, each on its own connection as a phone's would be, and answers `opened` with
 * what happened to each (ready, refused with a status, failed with an error); `report` answers with
 * the streams that broke after they were ready and when each ring event arrived (epoch ms), then
 * closes every stream.
 */
import { type ClientRequest, request } from "node:http";

export interface OpenMessage {
  kind: "open";
  base: string;
  /**
   * Stream paths with the cookie to send (none for a public page's stream), used round-robin; `ring` marks
   * a show's ring stream; `localAddress` is the address to connect from (any 127.x.y.z on Linux), so a
   * crowd of watchers comes from many addresses as phones do.
   */
  targets: StreamTarget[];
  clients: number;
  /** Streams asked for at once. */
  burst: number;
}

export interface StreamTarget {
  path: string;
  cookie?: string;
  ring: boolean;
  localAddress?: string;
}

export interface Opened {
  kind: "opened";
  ready: number;
  /** Of which ring streams. */
  readyRing: number;
  /** Answers other than 200, by status. */
  refused: Record<string, number>;
  /** Streams that failed before `ready` (reset, refused connection …), by error code. */
  failed: Record<string, number>;
  ms: number;
}

export interface Report {
  kind: "report";
  /** Streams that ended or broke after `ready`, by what ended them. */
  broken: Record<string, number>;
  arrivals: [number, number[]][];
}

/** A stream not ready by then counts as failed (a proxy out of connections may never answer). */
const ANSWER_WITHIN_MS = 30_000;
const arrivals = new Map<number, number[]>();
const broken: Record<string, number> = {};
const open: ClientRequest[] = [];
let closing = false;

const count = (tally: Record<string, number>, key: string) => {
  tally[key] = (tally[key] ?? 0) + 1;
};

type Outcome = { ready: true } | { refused: number } | { failed: string };

function stream(base: string, { path, cookie, localAddress }: StreamTarget): Promise<Outcome> {
  return new Promise((done) => {
    let settled: Outcome | null = null;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = outcome;
      done(outcome);
    };
    // A stream that broke after `ready` is counted; one already refused or failed was counted then.
    const lost = (why: string) => {
      if (closing) return;
      if (!settled) settle({ failed: why });
      else if ("ready" in settled) count(broken, why);
    };
    const req = request(`${base}${path}`, {
      headers: { ...(cookie ? { cookie } : {}), accept: "text/event-stream" },
      agent: false,
      ...(localAddress ? { localAddress } : {}),
    });
    const late = setTimeout(() => {
      if (settled) return;
      settle({ failed: `no answer in ${ANSWER_WITHIN_MS / 1000} s` });
      req.destroy();
    }, ANSWER_WITHIN_MS);
    late.unref();
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        settle({ refused: res.statusCode ?? 0 });
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const now = Date.now();
        for (const m of chunk.matchAll(/event: ring\ndata: \{[^\n]*?"seq":(\d+)/g)) {
          const seq = Number(m[1]);
          const list = arrivals.get(seq);
          if (list) list.push(now);
          else arrivals.set(seq, [now]);
        }
        if (!settled && chunk.includes("event: ready")) settle({ ready: true });
      });
      res.on("end", () => lost("ended by the server"));
      res.on("error", (e: NodeJS.ErrnoException) => lost(e.code ?? e.message));
    });
    req.on("error", (e: NodeJS.ErrnoException) => lost(e.code ?? e.message));
    req.end();
    open.push(req);
  });
}

process.on("message", async (message: OpenMessage | { kind: "report" }) => {
  if (message.kind === "open") {
    const started = performance.now();
    const answer: Opened = { kind: "opened", ready: 0, readyRing: 0, refused: {}, failed: {}, ms: 0 };
    for (let i = 0; i < message.clients; i += message.burst) {
      const burst = Array.from(
        { length: Math.min(message.burst, message.clients - i) },
        (_, j) => message.targets[(i + j) % message.targets.length]!,
      );
      const outcomes = await Promise.all(burst.map((t) => stream(message.base, t)));
      for (const [j, o] of outcomes.entries()) {
        if ("ready" in o) {
          answer.ready += 1;
          if (burst[j]!.ring) answer.readyRing += 1;
        } else if ("refused" in o) count(answer.refused, String(o.refused));
        else count(answer.failed, o.failed);
      }
    }
    answer.ms = performance.now() - started;
    process.send?.(answer);
  } else {
    closing = true;
    for (const req of open) req.destroy();
    const report: Report = { kind: "report", broken, arrivals: [...arrivals] };
    process.send?.(report, () => process.exit(0));
  }
});

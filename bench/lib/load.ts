import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { percentile } from "./report.ts";

export interface LoadRequest {
  method?: "GET" | "PUT" | "POST" | "DELETE";
  /** A fixed path, or one per request (the n-th request gets `path(n)`). */
  path: string | ((n: number) => string);
  headers?: Record<string, string>;
  /** Headers of the n-th request, added to `headers` (each request its own session, say). */
  headersFor?: (n: number) => Record<string, string>;
  /** A fixed body, or one per request (the n-th request gets `body(n)`, with `path(n)`). */
  body?: string | ((n: number) => string);
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** Responses that were not 2xx or 3xx, plus socket errors and timeouts. */
  errors: number;
  /** Response bytes on the wire, headers included, per request. */
  bytesPerRequest: number;
  /**
   * Server CPU time (user + system) per request in ms, when the server's pid was given: unlike
   * latency and throughput it hardly changes with what else the machine is running.
   */
  cpuMsPerRequest?: number;
}

/** CPU time a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Drives one request shape with autocannon: `connections` keep-alive clients, one request in flight
 * each, for `seconds`, after `warmSeconds` of the same load that is thrown away (JIT, caches).
 * Latencies are kept at full precision from autocannon's per-response event.
 */
export async function load(
  base: string,
  request: LoadRequest,
  opts: { connections?: number; seconds?: number; warmSeconds?: number; pid?: number | undefined } = {},
): Promise<LoadResult> {
  const connections = opts.connections ?? 10;
  let n = 0;
  const shape = () => {
    const { path, body, headersFor } = request;
    return {
      method: request.method ?? "GET",
      ...(request.headers ? { headers: request.headers } : {}),
      ...(typeof body === "string" ? { body } : {}),
      setupRequest: (req: { path?: string; body?: string; headers?: Record<string, string> }) => {
        const i = n++;
        return {
          ...req,
          ...(headersFor ? { headers: { ...req.headers, ...headersFor(i) } } : {}),
          path: typeof path === "function" ? path(i) : path,
          ...(typeof body === "function" ? { body: body(i) } : {}),
        };
      },
    };
  };
  const run = (seconds: number) =>
    autocannon({ url: base, connections, duration: seconds, requests: [shape()] });

  if ((opts.warmSeconds ?? 1) > 0) await run(opts.warmSeconds ?? 1);
  const latencies: number[] = [];
  let bad = 0;
  const cpuBefore = opts.pid ? cpuMs(opts.pid) : 0;
  const instance = run(opts.seconds ?? 5);
  instance.on("response", (_client: unknown, status: number, _bytes: number, time: number) => {
    latencies.push(time);
    if (status >= 400) bad += 1;
  });
  const result = await instance;
  const cpu = opts.pid ? cpuMs(opts.pid) - cpuBefore : undefined;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    requests: latencies.length,
    errors: bad + result.errors + result.timeouts,
    bytesPerRequest:
      latencies.length > 0 ? (result.throughput.average * result.duration) / latencies.length : 0,
    ...(cpu !== undefined && latencies.length > 0 ? { cpuMsPerRequest: cpu / latencies.length } : {}),
  };
}

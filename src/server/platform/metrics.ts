import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { AppConfig } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { proxyTrust } from "#server/http/request-log.ts";

/**
 * Prometheus metrics (prom-client, ADR 021): requests and their latency per route pattern and status,
 * open live streams, queue depths, the PostgreSQL pool, and Node's own (event-loop lag, heap, GC).
 * Labels are route patterns, methods and statuses only: no URL, user or id ever becomes a label.
 *
 * Nothing is recorded unless someone may read it (METRICS_ALLOW or METRICS_TOKEN), so a server
 * without a Prometheus pays nothing per request.
 */
export interface Metrics {
  /** Counts an answer; the route is the pattern that ran, or null when none matched. */
  observe(method: string, route: string | null, status: number, seconds: number): void;
  /** Reports `depth()` as `ringside_queue_depth{queue=name}` at each scrape. */
  trackQueue(name: string, depth: () => number): void;
  /** Reports `count()` as `ringside_live_streams` at each scrape. */
  trackLiveStreams(count: () => number): void;
  render(): Promise<{ contentType: string; body: string }>;
}

/** Seconds; from a cached answer (~0.2 ms) to the 10-s shutdown limit. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NO_ROUTE = "(no route)";

export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "ringside_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "ringside_http_request_duration_seconds",
    help: "Time from receiving a request to sending its answer, by method and route pattern",
    labelNames: ["method", "route"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // prom-client hashes the label values on every call; a request looks its two series up once per
  // route, method and status instead (ADR 021 measures the difference).
  const series = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();

  const queues = new Map<string, () => number>();
  new Gauge({
    name: "ringside_queue_depth",
    help: "Jobs waiting or running, by queue",
    labelNames: ["queue"],
    registers: [registry],
    collect() {
      for (const [queue, depth] of queues) this.set({ queue }, depth());
    },
  });
  let liveStreams = () => 0;
  new Gauge({
    name: "ringside_live_streams",
    help: "Open live-update streams (GET /api/events) on this server",
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });
  const pool = db.pgPool;
  if (pool) {
    new Gauge({
      name: "ringside_db_pool_connections",
      help: "PostgreSQL pool connections: total open, idle, and queries waiting for one",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
    new Gauge({
      name: "ringside_db_pool_max",
      help: "PostgreSQL pool size limit",
      registers: [registry],
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
    // The cached reads' versions kept in process (ADR 057): 0 while it reads every version from the database.
    const versions = db.versions;
    new Gauge({
      name: "ringside_version_mirror_trusted",
      help: "1 while this server keeps the cached reads' versions (their notices arrive), 0 while it reads them through",
      registers: [registry],
      collect() {
        this.set(versions.trusted ? 1 : 0);
      },
    });
    new Gauge({
      name: "ringside_version_mirror_entries",
      help: "Versions this server keeps for its cached reads",
      registers: [registry],
      collect() {
        this.set(versions.size);
      },
    });
  }

  return {
    observe(method, route, status, seconds) {
      const key = `${method} ${route ?? NO_ROUTE} ${status}`;
      let found = series.get(key);
      if (!found) {
        const labels = { method, route: route ?? NO_ROUTE };
        found = { count: requests.labels({ ...labels, status }), time: latency.labels(labels) };
        series.set(key, found);
      }
      found.count.inc();
      found.time.observe(seconds);
    },
    trackQueue: (name, depth) => void queues.set(name, depth),
    trackLiveStreams(count) {
      liveStreams = count;
    },
    render: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

/** Who may read /metrics: an allowed client address, or the bearer token. */
export interface MetricsAccess {
  allowed(address: string): boolean;
  tokenDigest: Buffer | null;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

export function metricsAccess(config: AppConfig["metrics"]): MetricsAccess {
  return {
    allowed: proxyTrust(config.allow),
    tokenDigest: config.token ? digest(config.token) : null,
  };
}

/** Whether anyone at all may read metrics; when nobody may, none are recorded. */
export const metricsEnabled = (config: AppConfig["metrics"]) => config.allow.length > 0 || !!config.token;

/**
 * The policy for GET /metrics. `address` is the client as Fastify resolved it: the socket's address,
 * or X-Forwarded-For's only when the socket is a trusted proxy, so a forged header from anyone else
 * changes nothing. The token is compared in constant time.
 */
export function canReadMetrics(access: MetricsAccess, address: string, authorization: string | undefined) {
  if (access.allowed(address)) return true;
  if (!access.tokenDigest || !authorization?.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(authorization.slice("Bearer ".length)), access.tokenDigest);
}

/** Records every answer when metrics are on. */
export function registerMetricsHook(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", (request, reply, done) => {
    metrics.observe(
      request.method,
      request.routeOptions.url ?? null,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

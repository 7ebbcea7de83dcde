import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { opsTexts } from "#domain/texts/ops.ts";
import { canReadMetrics, metricsAccess } from "#server/platform/metrics.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call, createTestApp, testEngine } from "#tests/support/server.ts";
import { listen, openEventStream } from "#tests/support/sse.ts";
import { buildAppForTest, buildTestApp } from "#tests/support/test-app.ts";
import { checkReadiness } from "./health.service.ts";

const TOKEN = "scrape-token-0123456789";
const PROXY = "10.0.0.2";
const PROMETHEUS = "10.9.0.5";

describe("/api/health and /api/ready", () => {
  const t = buildTestApp();

  it("are both up on a migrated database", async () => {
    expect((await call(t.app, "GET", "/api/health")).json()).toEqual({
      status: "ok",
      database: t.app.deps.db.kind,
    });
    const ready = await call(t.app, "GET", "/api/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "ok", migrations: "done" });
  });

  it("is not ready while a migration this server knows has not run", async () => {
    const other = await buildAppForTest();
    await sql`delete from kysely_migration where name = '009-offline'`.execute(other.app.deps.db.db);
    const ready = await call(other.app, "GET", "/api/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "unavailable", database: "ok", migrations: "pending" });
  });

  it("stays alive but not ready when the database cannot be reached, and says no more than that", async () => {
    const other = await createTestApp();
    try {
      await other.app.deps.db.db.destroy();
      expect((await call(other.app, "GET", "/api/health")).statusCode).toBe(200);
      const ready = await call(other.app, "GET", "/api/ready");
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "unavailable", database: "unreachable", migrations: "unknown" });
    } finally {
      await other.app.close().catch(() => undefined);
    }
  });

  it("is draining once shutdown has begun, without asking the database", async () => {
    const failing = { db: { kind: "sqlite", db: null } } as never;
    const answer = await checkReadiness(failing, { draining: true, migrated: true }, () => {
      throw new Error("not called");
    });
    expect(answer.status).toBe("draining");
  });
});

describe("canReadMetrics", () => {
  const access = metricsAccess({ allow: [PROMETHEUS, "192.168.50.0/24"], token: TOKEN });
  it.each([
    [PROMETHEUS, undefined, true],
    ["192.168.50.77", undefined, true],
    ["192.168.51.1", undefined, false],
    ["198.51.100.7", `Bearer ${TOKEN}`, true],
    ["198.51.100.7", `Bearer ${TOKEN}x`, false],
    ["198.51.100.7", TOKEN, false],
    ["198.51.100.7", undefined, false],
  ])("%s with %s → %s", (address, authorization, expected) => {
    expect(canReadMetrics(access, address, authorization)).toBe(expected);
  });

  it("refuses everyone when nothing is configured", () => {
    const none = metricsAccess({ allow: [], token: undefined });
    expect(canReadMetrics(none, "127.0.0.1", undefined)).toBe(false);
    expect(canReadMetrics(none, "127.0.0.1", "Bearer ")).toBe(false);
  });
});

describe("/metrics", () => {
  const t = buildTestApp({ trustProxy: [PROXY], metrics: { allow: [PROMETHEUS], token: TOKEN } });

  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });

  it("is refused to an unknown address, also when it forges X-Forwarded-For or comes through the proxy", async () => {
    for (const [address, headers] of [
      ["198.51.100.7", {}],
      ["198.51.100.7", { "x-forwarded-for": PROMETHEUS }],
      [PROXY, { "x-forwarded-for": "203.0.113.50" }],
      ["198.51.100.7", { authorization: "Bearer wrong-token-0123456789" }],
    ] as const) {
      const res = await scrape(address, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: "FORBIDDEN", message: opsTexts.metricsRefused } });
    }
  });

  it("is refused to an unknown address however the path is spelled", async () => {
    for (const url of ["/%6detrics", "/metrics?format=json", "/METRICS", "/metrics/"]) {
      const res = await t.app.inject({ method: "GET", url, remoteAddress: "198.51.100.7" });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain("ringside_http_requests_total");
    }
  });

  it("counts requests per route pattern and reports streams, queues, the pool and event-loop lag, naming nobody", async () => {
    const user = await signedInUser(t.app, { name: "Metric Person", email: "metric.person@example.test" });
    await call(t.app, "GET", "/api/me", { cookie: user.cookie });
    await call(t.app, "GET", "/api/me", { cookie: user.cookie });
    await call(t.app, "GET", `/api/horses/${user.id}`, { cookie: user.cookie });
    await call(t.app, "GET", `/api/nothing-here/${user.email}`);
    const base = await listen(t.app);
    const stream = await openEventStream(base, user.cookie);
    await stream.waitFor("ready");

    const res = await scrape(PROMETHEUS);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/ringside_http_requests_total\{method="GET",route="\/api\/me",status="200"\} 2\n/);
    expect(text).toMatch(
      /ringside_http_requests_total\{method="GET",route="\/api\/horses\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(
      /ringside_http_requests_total\{method="GET",route="\(no route\)",status="404"\} \d+\n/,
    );
    expect(text).toMatch(
      /ringside_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/me"\}/,
    );
    expect(text).toMatch(/ringside_live_streams 1\n/);
    expect(text).toMatch(/ringside_queue_depth\{queue="calendar"\} 0\n/);
    expect(text).toMatch(/ringside_queue_depth\{queue="document"\} 0\n/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    if (testEngine === "postgres") {
      expect(text).toMatch(/ringside_db_pool_connections\{state="total"\} \d+/);
      expect(text).toMatch(/ringside_version_mirror_trusted 1\n/);
      expect(text).toMatch(/ringside_version_mirror_entries \d+\n/);
    } else expect(text).not.toContain("ringside_version_mirror");
    for (const personal of [user.id, user.email, user.name, "metric.person"])
      expect(text).not.toContain(personal);
    stream.close();

    const byToken = await scrape("198.51.100.7", { authorization: `Bearer ${TOKEN}` });
    expect(byToken.statusCode).toBe(200);
  });

  it("is refused to everyone, and records nothing, when nobody is configured", async () => {
    const plain = await buildAppForTest();
    expect(plain.app.deps.metrics).toBeNull();
    const res = await plain.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(403);
  });
});

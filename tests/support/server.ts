import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp } from "#server/app.ts";
import type { AppConfig, DatabaseConfig } from "#server/config.ts";
import { LIVE_STREAMS_PER_USER } from "#server/platform/stream-limit.ts";

export const TEST_ORIGIN = "http://localhost:3000";

/** Which engine this run tests: SQLite in memory, or PostgreSQL when RINGSIDE_TEST_DB=postgres. */
export const testEngine = process.env.RINGSIDE_TEST_DB === "postgres" ? "postgres" : "sqlite";

export async function freshDatabase(): Promise<{ database: DatabaseConfig; drop: () => Promise<void> }> {
  if (testEngine === "sqlite")
    return { database: { kind: "sqlite", file: ":memory:" }, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("RINGSIDE_TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `ringside_t_${randomBytes(6).toString("hex")}`;
  // Copied from the run's migrated template when there is one (pg-template.setup.ts).
  const template = process.env.RINGSIDE_PG_TEMPLATE;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(
    `create database ${name}${template && /^ringside_tpl_[0-9a-f]+$/.test(template) ? ` template ${template}` : ""}`,
  );
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    database: { kind: "postgres", url: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 3000,
    // Each app a test builds is a server of its own, even on one database and port.
    instance: `test-${randomBytes(6).toString("hex")}`,
    host: "127.0.0.1",
    dataDir: "/tmp/ringside-test-unused",
    database: { kind: "sqlite", file: ":memory:" },
    demo: false,
    demoReachable: false,
    publicUrl: TEST_ORIGIN,
    authSecret: "test-secret-test-secret-test-secret-0123456789",
    smtpUrl: undefined,
    mailFrom: "Ringside <no-reply@ringside.test>",
    authRateLimitMax: 1000,
    trustProxy: false,
    logLevel: "silent",
    metrics: { allow: [], token: undefined },
    clientDir: undefined,
    ai: { provider: "rules" },
    liveStreamsPerUser: LIVE_STREAMS_PER_USER,
    validateResponses: true,
    importAllowPrivateUrls: false,
    push: { vapidKeys: null, subject: "mailto:push@ringside.test", allowPrivateEndpoints: false },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A fresh server on a fresh, private database. One per test file (or per test where state matters). */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Parameters<typeof buildApp>[1] = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const app = await buildApp(testConfig({ database, ...overrides }), options);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * A fresh database that several app servers (or one server after another) can open: a temporary
 * SQLite file, or a fresh PostgreSQL database.
 */
export async function sharedTestDatabase(): Promise<{ database: DatabaseConfig; drop: () => Promise<void> }> {
  if (testEngine !== "sqlite") return freshDatabase();
  const dir = join(tmpdir(), `ringside-shared-${randomBytes(6).toString("hex")}`);
  return {
    database: { kind: "sqlite", file: join(dir, "ringside.sqlite") },
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * How long a test gives one server to hear of another's write (ADR 057): PostgreSQL sends each server's LISTEN
 * connection its notice at the commit, but when a busy machine runs that connection's backend is the OS's
 * choice, so an in-process next request can come first. Well below VERSION_MIRROR_MAX_AGE_MS (5 s), so an
 * answer that shows the write came through the notice, not through the bound.
 */
export const OTHER_SERVER_NOTICE_MS = 2_000;

/** Two app servers on one fresh database, as a deployment with several servers behind a load balancer has. */
export async function createSharedTestApps(overrides: Partial<AppConfig> = {}): Promise<{
  apps: [FastifyInstance, FastifyInstance];
  close(): Promise<void>;
}> {
  const { database, drop } = await sharedTestDatabase();
  const first = await buildApp(testConfig({ ...overrides, database }));
  const second = await buildApp(testConfig({ ...overrides, database }));
  await Promise.all([first.ready(), second.ready()]);
  return {
    apps: [first, second],
    async close() {
      await first.close();
      await second.close();
      await drop();
    },
  };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Sends a request as a browser on our own page would: JSON, with Origin, with the given session cookie. */
export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready to send back. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const raw = response.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

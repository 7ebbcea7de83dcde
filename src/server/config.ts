import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import type { HeavyLimits } from "#server/platform/heavy/heavy-pools.ts";
import {
  defaultVapidSubject,
  type VapidKeys,
  vapidKeyProblem,
  vapidSubjectProblem,
} from "#server/platform/push/vapid.ts";
import { LIVE_STREAMS_PER_USER } from "#server/platform/stream-limit.ts";

/** Failed sign-ins, sign-ups and magic-link requests one client address may make per window (ADR 007). */
export const DEFAULT_ADDRESS_LIMIT = 100;

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
    error: "must be one of 1, 0, true, false, yes, no, on, off",
  })
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: "must be a number" }).int().min(0).max(65535).default(3000),
  INSTANCE: z
    .string()
    .regex(/^[A-Za-z0-9._:@-]{1,200}$/, {
      error: "must be 1 to 200 letters, digits, '.', '_', ':', '@' or '-'",
    })
    .optional(),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  DEMO: flag.optional(),
  PUBLIC_URL: z.url({ error: "must be an absolute URL such as https://ringside.example.com" }).optional(),
  AUTH_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: "must be an smtp:// or smtps:// URL" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("Ringside <no-reply@ringside.local>"),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(DEFAULT_ADDRESS_LIMIT),
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({
          code: "custom",
          message: "must be 1/0 (true/false) or a comma-separated list of proxy addresses",
        });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  METRICS_ALLOW: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseAddressList(v);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: "must be a comma-separated list of addresses or CIDRs" });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).max(512).optional(),
  CLIENT_DIR: z.string().min(1).default("dist/client"),
  SSR_ENTRY: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AI_BASE_URL: z.url({ error: "must be an absolute URL such as http://127.0.0.1:11434/v1" }).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_API_KEY: z.string().min(1).max(500).optional(),
  AI_TIMEOUT_MS: z.coerce.number({ error: "must be a number" }).int().min(100).max(300_000).default(30_000),
  AI_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(1)
    .max(10_000)
    .default(20),
  LIVE_STREAMS_PER_USER: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(1)
    .max(1_000_000)
    .default(LIVE_STREAMS_PER_USER),
  VALIDATE_RESPONSES: flag.optional(),
  IMPORT_ALLOW_PRIVATE_URLS: flag.optional(),
  VAPID_PUBLIC_KEY: z.string().max(200).optional(),
  VAPID_PRIVATE_KEY: z.string().max(200).optional(),
  VAPID_SUBJECT: z.string().max(500).optional(),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: flag.optional(),
});

/**
 * The AI provider behind class recommendations (and, later, show prediction and image extraction): the
 * built-in rules engine, or an OpenAI-compatible LLM when AI_BASE_URL and AI_MODEL are both set.
 */
export type AiConfig =
  | { provider: "rules" }
  | {
      provider: "llm";
      baseUrl: string;
      model: string;
      apiKey: string | undefined;
      /** A whole call, retries included, is abandoned after this long. */
      timeoutMs: number;
      /** LLM calls each user may start per minute (in-process count). */
      rateLimitPerMinute: number;
    };

/** Web Push (issue 27, ADR 022). */
export interface PushConfig {
  /** From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; null: made at the first start and kept in the database. */
  vapidKeys: VapidKeys | null;
  /** The contact push services see in each VAPID token. */
  subject: string;
  /** Push to http:// and to loopback or private addresses (the tests' local push service). */
  allowPrivateEndpoints: boolean;
}

export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export interface AppConfig {
  port: number;
  /**
   * This server's stable name among the servers on one database (INSTANCE, else host:port): the same
   * after a restart, different from every other server's (ADR 029).
   */
  instance: string;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  demo: boolean;
  /**
   * Demo mode on a server others can reach (PUBLIC_URL not loopback, or DEMO=1 with a non-loopback
   * HOST or behind a proxy, TRUST_PROXY): the app shows a warning banner.
   */
  demoReachable: boolean;
  publicUrl: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Per client address and window: failed sign-ins, sign-ups and magic-link requests allowed (ADR 007). */
  authRateLimitMax: number;
  /** Fastify's trustProxy: whether (or from which proxies) X-Forwarded-For names the client. */
  trustProxy: boolean | string[];
  logLevel: string;
  /** Who may read /metrics: client addresses/CIDRs, and/or a bearer token. Neither: nobody (ADR 021). */
  metrics: { allow: string[]; token: string | undefined };
  /** Where the built SPA lives; absent in API-only tests. */
  clientDir: string | undefined;
  /**
   * The server-rendering bundle (`vite build --ssr`, ADR 019); without it pages are sent for the browser
   * to render. Absent in API-only tests.
   */
  ssrEntry?: string | undefined;
  ai: AiConfig;
  /** Live streams one person may hold open on this app server, both kinds together (ADR 020). */
  liveStreamsPerUser: number;
  /** Check every response against its zod schema (the test suite); production skips the cost. */
  validateResponses: boolean;
  /** Calendar import by URL may fetch from loopback and private networks (tests, an intranet calendar). */
  importAllowPrivateUrls: boolean;
  push: PushConfig;
  /** Deadlines, heap and queue sizes of the heap-input workers; tests shorten them (ADR 017). */
  heavyLimits?: Partial<HeavyLimits>;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment. Throws ConfigError with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  // Demo mode lets anyone sign in as the admin: on by itself only for a server nobody else is meant to reach.
  const demo = e.DEMO ?? (!e.DATABASE_URL && isLoopbackUrl(publicUrl));
  const database: DatabaseConfig = e.DATABASE_URL
    ? { kind: "postgres", url: e.DATABASE_URL }
    : { kind: "sqlite", file: resolve(dataDir, "ringside.sqlite") };
  // A demo listens on this machine only, unless HOST says otherwise; a reachable HOST must be meant.
  const host = e.HOST ?? (demo ? "127.0.0.1" : "0.0.0.0");
  if (demo && e.DEMO === undefined && !isLoopbackHost(host)) {
    throw new ConfigError(
      `Invalid configuration:\n  HOST: ${host} lets other machines reach a demo server, where anyone can sign in as the admin; set DEMO=1 to mean it (the app then shows a banner) or DEMO=0 for real use`,
    );
  }
  // Behind a proxy the server is reached by whoever reaches the proxy, which the app cannot see.
  const trustProxy = e.TRUST_PROXY ?? false;
  const behindProxy = trustProxy !== false;
  if (demo && e.DEMO === undefined && behindProxy) {
    throw new ConfigError(
      "Invalid configuration:\n  TRUST_PROXY: a demo server behind a proxy can be reached by whoever reaches the proxy, where anyone can sign in as the admin with the demo password; set DEMO=1 to mean it (the app then shows a banner) or DEMO=0 for real use",
    );
  }
  let authSecret = e.AUTH_SECRET;
  if (!authSecret) {
    if (!demo) throw new ConfigError("Invalid configuration:\n  AUTH_SECRET: is required outside demo mode");
    authSecret = readOrCreateSecret(dataDir);
  }
  return {
    port: e.PORT,
    instance: e.INSTANCE ?? `${hostname()}:${e.PORT}`,
    host,
    dataDir,
    database,
    demo,
    demoReachable: demo && (behindProxy || !isLoopbackUrl(publicUrl) || !isLoopbackHost(host)),
    publicUrl,
    authSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    metrics: { allow: e.METRICS_ALLOW ?? [], token: e.METRICS_TOKEN },
    clientDir: resolve(e.CLIENT_DIR),
    ssrEntry: resolve(e.SSR_ENTRY ?? join(e.CLIENT_DIR, "..", "ssr", "entry-server.js")),
    ai: aiConfig(e),
    liveStreamsPerUser: e.LIVE_STREAMS_PER_USER,
    validateResponses: e.VALIDATE_RESPONSES ?? false,
    importAllowPrivateUrls: e.IMPORT_ALLOW_PRIVATE_URLS ?? false,
    push: pushConfig(e, publicUrl),
  };
}

/** VAPID_*: both keys or neither, a matching P-256 pair; a subject push services accept. */
function pushConfig(e: z.output<typeof EnvSchema>, publicUrl: string): PushConfig {
  const problem =
    vapidKeyProblem(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY) ??
    (e.VAPID_SUBJECT === undefined ? null : vapidSubjectProblem(e.VAPID_SUBJECT));
  if (problem) throw new ConfigError(`Invalid configuration:\n  ${problem}`);
  return {
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    subject: e.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, e.MAIL_FROM),
    allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS ?? false,
  };
}

/** AI_* settings: both AI_BASE_URL and AI_MODEL switch the LLM on; one without the other is a mistake. */
function aiConfig(e: z.output<typeof EnvSchema>): AiConfig {
  if (!e.AI_BASE_URL && !e.AI_MODEL) return { provider: "rules" };
  if (!e.AI_BASE_URL || !e.AI_MODEL) {
    const missing = e.AI_BASE_URL ? "AI_MODEL" : "AI_BASE_URL";
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: is required when the other AI_ setting is set`,
    );
  }
  return {
    provider: "llm",
    baseUrl: e.AI_BASE_URL.replace(/\/$/, ""),
    model: e.AI_MODEL,
    apiKey: e.AI_API_KEY,
    timeoutMs: e.AI_TIMEOUT_MS,
    rateLimitPerMinute: e.AI_RATE_LIMIT_PER_MINUTE,
  };
}

/** Demo mode lets anyone sign in as the admin: main logs this whenever others can reach the server. */
export function demoWarning(config: AppConfig): string | null {
  if (!config.demo || !config.demoReachable) return null;
  const where = !isLoopbackHost(config.host)
    ? `${config.publicUrl} (listening on ${config.host})`
    : config.trustProxy !== false
      ? `${config.publicUrl} (behind a proxy)`
      : config.publicUrl;
  return `DEMO MODE on ${where}: anyone who can reach it can sign in with the demo accounts' published password, the admin's included. Set DEMO=0 (or unset DEMO) for real use.`;
}

/** localhost, 127.0.0.0/8 or ::1: an address only this machine can reach. */
export function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname.replace(/^\[|\]$/g, ""));
}

/** A host name or address only this machine can reach: `localhost`, 127.0.0.0/8, ::1 (also IPv4-mapped). */
export function isLoopbackHost(host: string): boolean {
  if (host === "localhost") return true;
  return ipaddr.isValid(host) && isIP(host) !== 0 && ipaddr.process(host).range() === "loopback";
}

function parseTrustProxy(value: string): boolean | string[] | null {
  const v = value.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(v)) return true;
  if (["0", "false", "no", "off"].includes(v)) return false;
  return parseAddressList(v);
}

/** `10.0.0.1, 10.0.0.0/8, ::1` → the list; null when any item is not an address or CIDR. */
function parseAddressList(value: string): string[] | null {
  const list = value
    .trim()
    .toLowerCase()
    .split(",")
    .map((a) => a.trim());
  const valid = list.every((a) => {
    const [address, bits, ...rest] = a.split("/");
    if (rest.length || !address || !isIP(address)) return false;
    return bits === undefined || /^\d{1,3}$/.test(bits);
  });
  return valid ? list : null;
}

function readOrCreateSecret(dataDir: string): string {
  const file = resolve(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

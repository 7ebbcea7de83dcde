/**
 * What every benchmark shares: the production server started on a generated season
 * (scripts/generate-season.ts), and the account that generator creates.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { keepBenchShowLive } from "./lib/live-show.ts";

/**
 * app_meta key the season generator writes last: its presence means the dataset is complete.
 * Change it when the generator changes, so every benchmark regenerates its season.
 */
export const BENCH_SEASON_KEY = "bench-season-2";

/** The busy trainer of the generated season (about 240 roster entries). */
export const BENCH_USER = { email: "bench@ringside.test", password: "bench-password", name: "Bench User" };
/** A typical owner of the generated season (a few dozen roster entries). */
export const BENCH_OWNER = {
  email: "owner@ringside.test",
  password: "bench-password",
  name: "Typical Owner",
};

/** The compiled server when `npm run build` has made one, else the TypeScript sources through tsx. */
export function serverArgs(): string[] {
  return existsSync("dist/server/main.js")
    ? ["dist/server/main.js"]
    : ["--import", "tsx", "src/server/main.ts"];
}

export interface BenchServer {
  base: string;
  server: ChildProcess;
  /** Milliseconds from spawning the process to the first healthy /api/health. */
  startMs: number;
  stop(): Promise<void>;
}

/**
 * Starts the production server on `dataDir` (SQLite) or `databaseUrl` (PostgreSQL, else the
 * DATABASE_URL of the environment) and resolves once /api/health answers.
 */
export async function startBenchServer(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string | undefined;
  clientDir?: string;
  /** The server-rendering bundle; by default the one built beside `clientDir` (dist/ssr). */
  ssrEntry?: string;
  /**
   * Seed the demo data (its users, and a show running today) instead of starting empty. Either way the
   * database has a show running now once the server answers (keepBenchShowLive).
   */
  demo?: boolean;
  /** Settings on top of the bench's own (LOG_LEVEL, METRICS_TOKEN, DEMO …). */
  env?: Record<string, string>;
  /** Send the server's standard output to /dev/null (its request log at LOG_LEVEL=info). */
  quiet?: boolean;
}): Promise<BenchServer> {
  const base = `http://localhost:${opts.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    HOST: "127.0.0.1",
    DATA_DIR: resolve(opts.dataDir),
    DEMO: opts.demo ? "1" : "0",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    PUBLIC_URL: base,
    AUTH_RATE_LIMIT_MAX: "100000",
    // The benches play thousands of people with a handful of accounts, each holding many live streams.
    LIVE_STREAMS_PER_USER: "100000",
    LOG_LEVEL: "warn",
    CLIENT_DIR: opts.clientDir ? resolve(opts.clientDir) : "/nonexistent",
    SSR_ENTRY: resolve(
      opts.ssrEntry ?? join(opts.clientDir ?? "/nonexistent", "..", "ssr", "entry-server.js"),
    ),
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  Object.assign(env, opts.env);
  const busy = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${opts.port} is already in use: set BENCH_PORT to a free one`);
  const started = performance.now();
  const server = spawn(process.execPath, serverArgs(), {
    env,
    stdio: ["ignore", opts.quiet ? "ignore" : "inherit", "inherit"],
  });
  const exited = new Promise<void>((done) => server.once("exit", () => done()));
  const stop = async () => {
    if (server.exitCode === null) server.kill("SIGTERM");
    await exited;
  };
  const deadline = started + 60_000;
  while (performance.now() < deadline && server.exitCode === null) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        const startMs = performance.now() - started;
        // Once the server has migrated the database: a show is running now, whatever the hour.
        await keepBenchShowLive({
          dataDir: opts.dataDir,
          databaseUrl: opts.databaseUrl ?? process.env.DATABASE_URL,
          steward: BENCH_USER.email,
          showing: [BENCH_USER.email, BENCH_OWNER.email],
        });
        return { base, server, startMs, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await stop();
  throw new Error("the bench server did not become healthy");
}

/**
 * The cookies `signInBench` returned, for a browser context: every one the sign-in set, since the session's
 * is not always the first (a known-device cookie may come before it; with the first alone a page redirects
 * to the sign-in screen).
 */
export const browserCookies = (cookie: string, base: string) =>
  cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });

/** Signs a generated account in (the bench user by default) and returns the cookie header to send back. */
export async function signInBench(
  base: string,
  account: { email: string; password: string } = BENCH_USER,
): Promise<string> {
  let failure = "";
  // A loaded machine has been seen to fail one sign-in right after start-up; a benchmark should not stop on it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    if (res.ok) {
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    }
    failure = `${res.status} ${await res.text()}`;
    console.warn(`sign-in as ${account.email} failed (${failure}); retrying`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`sign-in failed: ${failure}`);
}

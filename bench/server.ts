/**
 * What every benchmark shares: the production server started on a generated season
 * (scripts/generate-season.ts), and the account that generator creates.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

export const BENCH_USER = { email: "bench@ringside.test", password: "bench-password", name: "Bench User" };

/** Starts `src/server/main.ts` on `dataDir` (or DATABASE_URL) and resolves once /api/health answers. */
export async function startBenchServer(opts: {
  port: number;
  dataDir: string;
  clientDir?: string;
}): Promise<{ base: string; server: ChildProcess }> {
  const base = `http://localhost:${opts.port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      DATA_DIR: resolve(opts.dataDir),
      DEMO: "0",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      PUBLIC_URL: base,
      AUTH_RATE_LIMIT_MAX: "1000",
      LOG_LEVEL: "warn",
      CLIENT_DIR: opts.clientDir ? resolve(opts.clientDir) : "/nonexistent",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, server };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill();
  throw new Error("the bench server did not become healthy");
}

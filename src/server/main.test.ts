import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

/** Starts the real entry point and resolves with its address once it listens. */
function start(env: Record<string, string>): Promise<{ url: string; output: () => string }> {
  let output = "";
  child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve({ url: match[1]!, output: () => output });
    };
    child!.stdout!.on("data", onData);
    child!.stderr!.on("data", onData);
    child!.on("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

const exited = (p: ChildProcess) =>
  new Promise<number | null>((resolve) => p.on("exit", (code) => resolve(code)));

// Each test starts a real process through tsx: seconds on a quiet machine, far more beside other work.
describe("the server process", { timeout: 60_000 }, () => {
  it("serves the demo database and shuts down cleanly on SIGTERM, closing the database", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "ringside-main-"));
    const server = await start({ DATA_DIR: dataDir, CLIENT_DIR: join(dataDir, "no-client") });
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toEqual({ status: "ok", database: "sqlite" });

    const done = exited(child!);
    child!.kill("SIGTERM");
    expect(await done).toBe(0);
    expect(server.output()).toContain("SIGTERM received");
    // A cleanly closed SQLite connection checkpoints and removes its write-ahead log.
    const wal = join(dataDir, "ringside.sqlite-wal");
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });

  it("warns at start when demo mode is on for a reachable address", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "ringside-main-"));
    const server = await start({
      DATA_DIR: dataDir,
      CLIENT_DIR: join(dataDir, "no-client"),
      DEMO: "1",
      PUBLIC_URL: "https://club.example.com",
    });
    await expect.poll(() => server.output()).toContain("DEMO MODE on https://club.example.com");
    const config = await fetch(`${server.url}/api/config`);
    expect(await config.json()).toMatchObject({ demo: true, demoReachable: true });
  });

  it("refuses to start with an invalid setting and names it", async () => {
    await expect(start({ PORT: "not-a-port" })).rejects.toThrow(/PORT: must be a number/);
  });
});

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "#server/db/seed/demo-accounts.ts";

// Inside the project, so the packages left external resolve from node_modules as in production.
const OUT_DIR = join("dist", `server-test-${process.pid}`);
let child: ChildProcess | undefined;
let base = "";

beforeAll(async () => {
  const built = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/build-server.ts", join(OUT_DIR, "main.js")],
    {
      encoding: "utf8",
    },
  );
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  const dataDir = mkdtempSync(join(tmpdir(), "ringside-compiled-"));
  // A fixed port, so the allowed Origin (PUBLIC_URL) is known before the server listens.
  const port = String(20_000 + Math.floor(Math.random() * 30_000));
  child = spawn(process.execPath, [join(OUT_DIR, "main.js")], {
    env: {
      ...process.env,
      PORT: port,
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      CLIENT_DIR: join(dataDir, "none"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  base = await new Promise<string>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    };
    child!.stdout!.on("data", onData);
    child!.stderr!.on("data", onData);
    child!.on("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}, 60_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(OUT_DIR, { recursive: true, force: true });
});

describe("the compiled server (npm run build, npm start)", () => {
  it("starts from plain JavaScript and serves health, the API document and a signed-in session", async () => {
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: "ok", database: "sqlite" });
    expect((await fetch(`${base}/api/docs/json`)).status).toBe(200);
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await fetch(`${base}/api/me`, { headers: { cookie } });
    expect((await me.json()).email).toBe(DEMO_ADMIN_EMAIL);
  });

  it("shuts down cleanly on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    child!.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "#server/db/seed/demo-accounts.ts";
import { signInAt } from "#tests/support/http-session.ts";
import { freePort } from "#tests/support/ports.ts";
import { freshDatabase, testEngine } from "#tests/support/server.ts";
import { openEventStream } from "#tests/support/sse.ts";

/**
 * Graceful SIGTERM on the real entry point (issue 26 item 2, ADR 021): no new connections, the
 * request in flight finishes and its change is kept, live streams are told to reconnect, and the
 * process exits well within 10 s.
 */
let child: ChildProcess;
let base = "";
let output = "";
let cleanup = async () => {};
let database: DatabaseConfig;

beforeAll(async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "ringside-shutdown-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "info",
    DATA_DIR: dataDir,
    CLIENT_DIR: join(dataDir, "no-client"),
    DEMO: "1",
  };
  let drop = async () => {};
  database = { kind: "sqlite", file: join(dataDir, "ringside.sqlite") };
  if (testEngine === "postgres") {
    const fresh = await freshDatabase();
    if (fresh.database.kind === "postgres") env.DATABASE_URL = fresh.database.url;
    ({ database, drop } = fresh);
  }
  cleanup = async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  base = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}, 60_000);
afterAll(() => cleanup());

/**
 * A PUT whose body arrives in two parts, so the request is in flight for as long as the test likes.
 * `started` resolves once the server has read its headers and taken the request (its 100 Continue).
 */
function slowPut(url: string, cookie: string, body: string) {
  const req = request(url, {
    method: "PUT",
    headers: {
      cookie,
      origin: new URL(url).origin,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      expect: "100-continue",
    },
  });
  const started = new Promise<void>((resolve) => req.once("continue", () => resolve()));
  const res = new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      req.on("response", (r) => {
        let text = "";
        r.on("data", (c: Buffer) => {
          text += c.toString();
        });
        r.on("end", () => resolve({ status: r.statusCode!, connection: r.headers.connection, body: text }));
      });
      req.on("error", reject);
    },
  );
  req.flushHeaders();
  void started.then(() => req.write(body.slice(0, 10)));
  return { res, started, finish: () => req.end(body.slice(10)) };
}

describe("SIGTERM", { timeout: 60_000 }, () => {
  it("finishes the request in flight, tells live streams to reconnect, refuses new connections and exits", async () => {
    const cookie = await signInAt(base, { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD });
    const shows = (await (await fetch(`${base}/api/shows`, { headers: { cookie } })).json()) as {
      shows: { id: string; name: string }[];
    };
    const show = shows.shows.find((s) => s.name === "Celina Lions Club Horse Show")!;
    const entryUrl = `${base}/api/shows/${show.id}/classes/class-1/entries`;
    const stream = await openEventStream(base, cookie);
    await stream.waitFor("ready");

    const put = slowPut(entryUrl, cookie, JSON.stringify({ entries: [{ status: "Interested" }] }));
    await put.started;
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const signalled = Date.now();
    child.kill("SIGTERM");

    await stream.waitFor("reconnect", 1, 5000);
    await stream.waitFor("<closed>");
    expect(stream.retry).toBeLessThanOrEqual(1000);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();

    put.finish();
    const answer = await put.res;
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe("close");
    expect(JSON.parse(answer.body)).toMatchObject({
      entries: [{ classId: "class-1", status: "Interested" }],
    });

    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(output).toContain("SIGTERM received");

    const db = openDatabase(database);
    try {
      const kept = await db.db
        .selectFrom("class_entry")
        .select("status")
        .where("show_id", "=", show.id)
        .where("class_id", "=", "class-1")
        .execute();
      expect(kept).toEqual([{ status: "Interested" }]);
    } finally {
      await db.close();
    }
  });
});

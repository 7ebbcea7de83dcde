import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";

let t: TestApp;
beforeAll(async () => {
  const clientDir = mkdtempSync(join(tmpdir(), "ringside-client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>Ringside</title>");
  writeFileSync(join(clientDir, "assets", "index-abc123.js"), "console.log(1)");
  writeFileSync(join(clientDir, "sw.js"), "self.skipWaiting()");
  t = await createTestApp({ clientDir });
});
afterAll(() => t.close());

describe("serving the built app", () => {
  it("serves the shell at / and revalidates it on every load", async () => {
    const res = await call(t.app, "GET", "/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Ringside</title>");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("caches hashed assets for a year", async () => {
    const res = await call(t.app, "GET", "/assets/index-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("never caches the service worker for long", async () => {
    const res = await call(t.app, "GET", "/sw.js");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a page request for an unknown path with the shell, but API paths with JSON 404", async () => {
    const page = await call(t.app, "GET", "/some/deep/link", { headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Ringside</title>");
    const api = await call(t.app, "GET", "/api/unknown", { headers: { accept: "text/html" } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("NOT_FOUND");
  });
});

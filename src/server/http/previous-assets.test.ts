import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_PREVIOUS_DAYS, keepPreviousAssets, previousClientDir } from "#server/http/previous-assets.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";

const DAY = 24 * 60 * 60 * 1000;
const SHELL =
  '<!doctype html><html><head><title>Ringside</title></head><body><div id="root"></div></body></html>';

/** A built client folder: the page and the given hashed files. */
function client(root: string, name: string, assets: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(join(dir, "assets"), { recursive: true });
  writeFileSync(join(dir, "index.html"), SHELL);
  for (const [file, text] of Object.entries(assets)) writeFileSync(join(dir, "assets", file), text);
  return dir;
}

const kept = (clientDir: string, file: string) => join(previousClientDir(clientDir), "assets", file);

describe("keeping a replaced build's files (ADR 024)", () => {
  it("in place: keeps the files about to be overwritten, stamped with the time they were replaced", () => {
    const root = mkdtempSync(join(tmpdir(), "ringside-keep-"));
    const dir = client(root, "client", { "horses-old.js": "old", "horses-old.js.br": "br" });
    const now = new Date("2026-11-27T04:00:00Z");
    expect(keepPreviousAssets({ clientDir: dir, now })).toEqual({ kept: 2, removed: 0 });
    expect(readFileSync(kept(dir, "horses-old.js"), "utf8")).toBe("old");
    expect(readFileSync(kept(dir, "horses-old.js.br"), "utf8")).toBe("br");
    expect(statSync(kept(dir, "horses-old.js")).mtimeMs).toBe(now.getTime());
    // Nothing is served from beside the page but assets.
    expect(existsSync(join(previousClientDir(dir), "index.html"))).toBe(false);
  });

  it("drops what was replaced longer ago than the keep window, never the build replaced now", () => {
    const root = mkdtempSync(join(tmpdir(), "ringside-keep-"));
    const dir = client(root, "client", { "b.js": "b" });
    const now = new Date("2026-11-27T04:00:00Z");
    mkdirSync(join(previousClientDir(dir), "assets"), { recursive: true });
    const stale = kept(dir, "stale.js");
    const recent = kept(dir, "recent.js");
    writeFileSync(stale, "s");
    writeFileSync(recent, "r");
    const longAgo = new Date(now.getTime() - (KEEP_PREVIOUS_DAYS + 1) * DAY);
    utimesSync(stale, longAgo, longAgo);
    utimesSync(recent, new Date(now.getTime() - DAY), new Date(now.getTime() - DAY));
    expect(keepPreviousAssets({ clientDir: dir, now })).toEqual({ kept: 1, removed: 1 });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(kept(dir, "b.js"))).toBe(true);
  });

  it("into a new release folder: takes the running release's files and what it still kept", () => {
    const root = mkdtempSync(join(tmpdir(), "ringside-keep-"));
    const running = client(root, "release-1/client", { "v1.js": "v1" });
    mkdirSync(join(previousClientDir(running), "assets"), { recursive: true });
    writeFileSync(kept(running, "v0.js"), "v0");
    const now = new Date();
    const fresh = join(root, "release-2/client");
    expect(keepPreviousAssets({ clientDir: fresh, from: running, now })).toEqual({ kept: 1, removed: 0 });
    expect(readFileSync(kept(fresh, "v1.js"), "utf8")).toBe("v1");
    expect(readFileSync(kept(fresh, "v0.js"), "utf8")).toBe("v0");
    // The running release is left as it is.
    expect(readFileSync(join(running, "assets", "v1.js"), "utf8")).toBe("v1");
  });

  it("with nothing built before, keeps nothing and fails nothing", () => {
    const root = mkdtempSync(join(tmpdir(), "ringside-keep-"));
    expect(keepPreviousAssets({ clientDir: join(root, "client") })).toEqual({ kept: 0, removed: 0 });
  });
});

describe("serving a replaced build's files", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), "ringside-serve-"));
    dir = client(root, "client", { "horses-old.js": "export default 1", "shared.js": "old copy" });
    keepPreviousAssets({ clientDir: dir });
    // The new build, as Vite writes it: the folder emptied, other hashes, one file both builds have.
    rmSync(join(dir, "assets"), { recursive: true });
    client(root, "client", { "horses-new.js": "export default 2", "shared.js": "new copy" });
    writeFileSync(join(previousClientDir(dir), "index.html"), "not a page to serve");
    t = await createTestApp({ clientDir: dir });
  });
  afterAll(() => t.close());

  it("serves the new build's files, and the replaced build's as hashed assets cached for good", async () => {
    const fresh = await call(t.app, "GET", "/assets/horses-new.js");
    expect(fresh.statusCode).toBe(200);
    const old = await call(t.app, "GET", "/assets/horses-old.js");
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe("export default 1");
    expect(old.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("prefers the new build's copy of a file both have, and never serves a page from the kept folder", async () => {
    expect((await call(t.app, "GET", "/assets/shared.js")).body).toBe("new copy");
    const page = await call(t.app, "GET", "/index.html");
    expect(page.body).not.toContain("not a page to serve");
  });

  it("still answers 404 for a file neither build has", async () => {
    const res = await call(t.app, "GET", "/assets/never-built.js");
    expect(res.statusCode).toBe(404);
  });
});

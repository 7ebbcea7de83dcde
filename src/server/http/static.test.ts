import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOT_STATE_ID, type BootState } from "#domain/app/boot-state.ts";
import { buildUser, signedInUser, signIn } from "#tests/support/factories.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";

const SHELL =
  '<!doctype html><html><head><title>Ringside</title></head><body><div id="root"></div></body></html>';
const NAVIGATION = { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", accept: "text/html" };

/** The boot state a page carries, or null when it carries none. */
function bootStateOf(html: string): BootState | null {
  const match = new RegExp(`<script type="application/json" id="${BOOT_STATE_ID}">(.*?)</script>`, "s").exec(
    html,
  );
  return match ? (JSON.parse(match[1]!) as BootState) : null;
}

let t: TestApp;
beforeAll(async () => {
  const clientDir = mkdtempSync(join(tmpdir(), "ringside-client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "index.html"), SHELL);
  // What Vite's compression writes beside it: never served in place of the page.
  writeFileSync(join(clientDir, "index.html.gz"), "stale");
  writeFileSync(join(clientDir, "assets", "index-abc123.js"), "console.log(1)");
  writeFileSync(join(clientDir, "sw.js"), "self.skipWaiting()");
  t = await createTestApp({ clientDir });
});
afterAll(() => t.close());

describe("serving the built app", () => {
  it("serves the shell at / and revalidates it on every load", async () => {
    const res = await call(t.app, "GET", "/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect((await call(t.app, "GET", "/index.html")).body).toBe(SHELL);
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

describe("the boot state in the page (ADR 015)", () => {
  it("tells a signed-out navigation it has no user, with the public configuration, and lets it be revalidated", async () => {
    const res = await call(t.app, "GET", "/auth", { headers: NAVIGATION });
    expect(res.statusCode).toBe(200);
    const config = (await call(t.app, "GET", "/api/config")).json();
    expect(bootStateOf(res.body)).toEqual({ user: null, config });
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.headers.vary).toMatch(/sec-fetch-dest/i);
  });

  it("gives a signed-in navigation its own user, as /api/session does, and is never stored", async () => {
    const alice = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    for (const [who, path] of [
      [alice, "/roster"],
      [bob, "/planner?past=1"],
      [alice, "/profile"],
    ] as const) {
      const res = await call(t.app, "GET", path, { cookie: who.cookie, headers: NAVIGATION });
      const session = (await call(t.app, "GET", "/api/session", { cookie: who.cookie })).json();
      expect(session.user.email).toBe(who.email);
      expect(bootStateOf(res.body)?.user).toEqual(session.user);
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("gives a fetch that is not a navigation (the service worker caching the page) the page as built, without the user", async () => {
    const alice = await signedInUser(t.app);
    for (const dest of [undefined, "empty", "script"]) {
      const res = await call(t.app, "GET", "/", {
        cookie: alice.cookie,
        headers: dest ? { "sec-fetch-dest": dest } : {},
      });
      expect(res.body).toBe(SHELL);
      expect(res.body).not.toContain(alice.email);
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("keeps a name with HTML in it inside the data block, as text", async () => {
    const name = "</script><script>alert(1)</script><!-- \u2028";
    const user = await buildUser(t.app, { name });
    const cookie = await signIn(t.app, user);
    const res = await call(t.app, "GET", "/roster", { cookie, headers: NAVIGATION });
    expect(res.body).not.toContain("<script>alert(1)");
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(bootStateOf(res.body)?.user?.name).toBe(name);
  });

  it("treats a cookie whose session has ended as signed out", async () => {
    const alice = await signedInUser(t.app);
    await call(t.app, "POST", "/api/auth/sign-out", { cookie: alice.cookie, body: {} });
    const res = await call(t.app, "GET", "/auth", { cookie: alice.cookie, headers: NAVIGATION });
    expect(bootStateOf(res.body)?.user).toBeNull();
    expect(res.body).not.toContain(alice.email);
  });
});

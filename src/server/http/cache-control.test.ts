import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser, type TestUser } from "#tests/support/factories.ts";
import { upload } from "#tests/support/horses-factories.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";

/**
 * Issue 8, item 7: personal API responses carried no Cache-Control, so a shared cache or the browser's
 * back-forward cache could keep one person's roster for the next. Every /api response that depends on
 * the session now says `private, no-store`; public assets keep their caching.
 */
let t: TestApp;
let user: TestUser & { cookie: string };
beforeAll(async () => {
  const clientDir = mkdtempSync(join(tmpdir(), "ringside-client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(
    join(clientDir, "index.html"),
    '<!doctype html><html><head><title>Ringside</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(clientDir, "assets", "index-abc123.js"), "console.log(1)");
  t = await createTestApp({ demo: true, clientDir });
  user = await signedInUser(t.app);
});
afterAll(() => t.close());

const SOME_ID = "0190aaaa-0000-7000-8000-000000000000";

/** Routes with caching of their own: the API docs (public), pictures (immutable per id), the live stream. */
const OWN_CACHING = [/^\/api\/docs/, /^\/api\/images\//, /^\/api\/events$/];

const personalGetRoutes = () =>
  t.app.registeredRoutes
    .filter((r) => r.methods.includes("GET") && r.url.startsWith("/api/"))
    .filter((r) => !OWN_CACHING.some((re) => re.test(r.url)))
    .map((r) => r.url.replace(/:[^/]+/g, SOME_ID));

describe("Cache-Control on API responses", () => {
  it("is private, no-store on every GET under /api, signed in or not, found or not, however spelled", async () => {
    const routes = personalGetRoutes();
    expect(routes).toEqual(
      expect.arrayContaining(["/api/me", "/api/roster", "/api/notifications", "/api/session"]),
    );
    const wrong: string[] = [];
    for (const url of routes)
      for (const spelled of [url, url.replace("/api/", "/%61pi/")])
        for (const cookie of [user.cookie, undefined]) {
          const res = await call(t.app, "GET", spelled, { cookie });
          if (res.headers["cache-control"] !== "private, no-store") {
            wrong.push(
              `${spelled} ${cookie ? "signed in" : "anonymous"} → ${res.statusCode} ${res.headers["cache-control"]}`,
            );
          }
        }
    expect(wrong).toEqual([]);
  });

  it("is private, no-store on state-changing answers too", async () => {
    const res = await call(t.app, "POST", `/api/notifications/${SOME_ID}/read`, { cookie: user.cookie });
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const signIn = await call(t.app, "POST", "/api/auth/sign-in/email", {
      body: { email: user.email, password: user.password },
    });
    expect(signIn.headers["cache-control"]).toBe("private, no-store");
  });

  it("keeps pictures privately cacheable (their ids never change content) and assets public", async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#333" } })
      .jpeg()
      .toBuffer();
    const photo = await upload(t.app, "/api/profile/photo", { bytes: jpeg }, user.cookie);
    const picture = await call(t.app, "GET", `/api/images/${photo.json().photoId}`, { cookie: user.cookie });
    expect(picture.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    const asset = await call(t.app, "GET", "/assets/index-abc123.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const docs = await call(t.app, "GET", "/api/docs/json");
    expect(String(docs.headers["cache-control"] ?? "")).not.toContain("no-store");
  });
});

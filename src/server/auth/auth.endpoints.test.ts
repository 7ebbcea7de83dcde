import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#server/db/seed/demo-accounts.ts";
import { buildUser, signedInUser } from "#tests/support/factories.ts";
import { call, cookieFrom } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 8, item 5: better-auth's own endpoints bypassed our validation (update-user took a
 * million-character name) and get-session/list-sessions returned the session token in the body.
 */
const t = buildTestApp({ demo: true });

/** The auth endpoints the app uses; everything else of better-auth's must not exist. */
const USED = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/sign-in/magic-link",
  "/magic-link/verify",
  "/sign-out",
  "/demo/sign-in",
]);

const betterAuthPaths = () =>
  Object.values(t.app.deps.auth.api as Record<string, { path?: string }>)
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === "string");

async function sessionTokens(userId: string): Promise<string[]> {
  const rows = await t.app.deps.db.db
    .selectFrom("session")
    .select("token")
    .where("user_id", "=", userId)
    .execute();
  return rows.map((r) => r.token);
}

describe("better-auth endpoints the app does not use", () => {
  it("knows better-auth's endpoint list", () => {
    const paths = betterAuthPaths();
    expect(paths).toEqual(expect.arrayContaining(["/get-session", "/list-sessions", "/update-user"]));
    for (const used of USED) expect(paths).toContain(used);
  });

  it("answers 404 for every one of them, with a session, by GET and POST, however spelled", async () => {
    const user = await signedInUser(t.app);
    const open: string[] = [];
    for (const path of betterAuthPaths().filter((p) => !USED.has(p))) {
      const concrete = path.replace(/:[^/]+/g, "x");
      const spellings = [
        `/api/auth${concrete}`,
        `/api/auth${concrete.replace(/^\/(.)/, (_, c) => `/%${c.charCodeAt(0).toString(16)}`)}`,
      ];
      for (const url of spellings)
        for (const method of ["GET", "POST"] as const) {
          const res = await call(t.app, method, url, {
            cookie: user.cookie,
            ...(method === "POST" ? { body: {} } : {}),
          });
          if (res.statusCode !== 404) open.push(`${method} ${url} → ${res.statusCode}`);
          else expect(res.json().error.code).toBe("NOT_FOUND");
        }
    }
    expect(open).toEqual([]);
  });

  it("keeps a million-character name out: update-user does not exist", async () => {
    const user = await signedInUser(t.app, { name: "Short Name" });
    const res = await call(t.app, "POST", "/api/auth/update-user", {
      cookie: user.cookie,
      body: { name: "n".repeat(1_000_000) },
    });
    expect(res.statusCode).toBe(404);
    const me = await call(t.app, "GET", "/api/me", { cookie: user.cookie });
    expect(me.json().name).toBe("Short Name");
  });

  it("never lists sessions or hands out their tokens", async () => {
    const user = await signedInUser(t.app);
    const [token] = await sessionTokens(user.id);
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions"]) {
      const res = await call(t.app, "GET", path, { cookie: user.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(token);
    }
  });
});

describe("the endpoints the app uses", () => {
  it("never put a session token in a response body", async () => {
    const email = "tokens@example.test";
    const bodies: string[] = [];
    const signUp = await call(t.app, "POST", "/api/auth/sign-up/email", {
      body: { name: "Token Check", email, password: "long-enough-pw" },
    });
    bodies.push(signUp.body);
    const signIn = await call(t.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: "long-enough-pw" },
    });
    bodies.push(signIn.body);
    const demo = await call(t.app, "POST", "/api/auth/demo/sign-in", { body: {} });
    bodies.push(demo.body);
    // A magic link followed without a callback answers in JSON instead of redirecting (the outbox
    // serves the seeded demo accounts only).
    const sent = await call(t.app, "POST", "/api/auth/sign-in/magic-link", {
      body: { email: DEMO_ACCOUNTS[2]!.email },
    });
    const link = await call(t.app, "POST", "/api/dev/outbox/magic-link", {
      body: { nonce: sent.json().demoNonce },
    });
    const url = new URL(link.json().url);
    url.searchParams.delete("callbackURL");
    const verify = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(verify.statusCode).toBe(200);
    bodies.push(verify.body);
    const tokens = (await t.app.deps.db.db.selectFrom("session").select("token").execute()).map(
      (r) => r.token,
    );
    const out = await call(t.app, "POST", "/api/auth/sign-out", { cookie: cookieFrom(signIn), body: {} });
    expect(out.statusCode).toBe(200);
    bodies.push(out.body);

    expect(tokens.length).toBeGreaterThanOrEqual(4);
    for (const body of bodies) {
      expect(body).not.toMatch(/"token"/);
      for (const token of tokens) expect(body).not.toContain(token);
    }
  });

  it.each([
    ["an unknown query field", "token=abc&extra=1"],
    ["an over-long token", `token=${"t".repeat(300)}`],
    ["an over-long callback", `token=abc&callbackURL=${"c".repeat(3000)}`],
    ["no token", "callbackURL=/"],
  ])("refuses a magic link with %s", async (_label, query) => {
    const res = await call(t.app, "GET", `/api/auth/magic-link/verify?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("BAD_REQUEST");
  });

  it("refuses a sign-out body with fields", async () => {
    const user = await signedInUser(t.app);
    const res = await call(t.app, "POST", "/api/auth/sign-out", { cookie: user.cookie, body: { all: true } });
    expect(res.statusCode).toBe(400);
    expect((await call(t.app, "GET", "/api/me", { cookie: user.cookie })).statusCode).toBe(200);
  });
});

describe("HTML in names", () => {
  const html = `<img src=x onerror="alert(1)"><b>Bold</b> & <script>x()</script>`;

  it("is stored and returned exactly as typed, as text", async () => {
    const res = await call(t.app, "POST", "/api/auth/sign-up/email", {
      body: { name: html, email: "html-name@example.test", password: "long-enough-pw" },
    });
    expect(res.statusCode).toBe(200);
    const me = await call(t.app, "GET", "/api/me", { cookie: cookieFrom(res) });
    expect(me.json().name).toBe(html);
    expect(me.headers["content-type"]).toMatch(/^application\/json/);
    const stored = await t.app.deps.db.db
      .selectFrom("user")
      .select("name")
      .where("email", "=", "html-name@example.test")
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe(html);
    const other = await buildUser(t.app);
    expect(other.name).not.toBe(html);
  });
});

import { describe, expect, it } from "vitest";
import { errorsTexts } from "#domain/texts/errors.ts";
import { buildUser, signIn, TEST_PASSWORD } from "#tests/support/factories.ts";
import { call, cookieFrom } from "#tests/support/server.ts";
import { buildAppForTest, buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();

const signUp = (body: Record<string, unknown>) => call(t.app, "POST", "/api/auth/sign-up/email", { body });

describe("sign-up", () => {
  it("creates an Owner by default and signs the new user in", async () => {
    const res = await signUp({ name: "Ann Rider", email: "ann@example.test", password: "long-enough-pw" });
    expect(res.statusCode).toBe(200);
    const me = await call(t.app, "GET", "/api/me", { cookie: cookieFrom(res) });
    expect(me.json()).toMatchObject({ name: "Ann Rider", email: "ann@example.test", roles: ["Owner"] });
  });

  it("gives a Trainer the Owner role as well", async () => {
    const res = await signUp({
      name: "Tim Trainer",
      email: "tim@example.test",
      password: "long-enough-pw",
      role: "Trainer",
    });
    expect(res.statusCode).toBe(200);
    const me = await call(t.app, "GET", "/api/me", { cookie: cookieFrom(res) });
    expect(me.json().roles).toEqual(["Owner", "Trainer"]);
  });

  it("refuses to let anyone sign up as an Admin", async () => {
    const res = await signUp({
      name: "Eve",
      email: "eve@example.test",
      password: "long-enough-pw",
      role: "Admin",
    });
    expect(res.statusCode).toBe(400);
    const rows = await t.app.deps.db.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "eve@example.test")
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("reports an existing email, compared case-insensitively", async () => {
    await signUp({ name: "First", email: "dup@example.test", password: "long-enough-pw" });
    const res = await signUp({ name: "Second", email: "DUP@Example.test", password: "long-enough-pw" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", message: errorsTexts.emailExists },
    });
  });

  it.each([
    ["an empty body", {}],
    ["an empty name", { name: "", email: "a@example.test", password: "long-enough-pw" }],
    [
      "a name over 100 characters",
      { name: "n".repeat(101), email: "a@example.test", password: "long-enough-pw" },
    ],
    [
      "an email over 254 characters",
      { name: "N", email: `${"e".repeat(250)}@x.test`, password: "long-enough-pw" },
    ],
    ["a malformed email", { name: "N", email: "not-an-email", password: "long-enough-pw" }],
    ["a password over 128 characters", { name: "N", email: "a@example.test", password: "p".repeat(129) }],
    ["a short password", { name: "N", email: "a@example.test", password: "short" }],
    ["an unknown field", { name: "N", email: "a@example.test", password: "long-enough-pw", isAdmin: true }],
    ["a wrongly typed field", { name: 42, email: "a@example.test", password: "long-enough-pw" }],
  ])("rejects %s with a 400 and writes nothing", async (_label, body) => {
    const before = await t.app.deps.db.db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message.length).toBeGreaterThan(5);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    const after = await t.app.deps.db.db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("rejects a body that is not JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://localhost:3000", "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("BAD_REQUEST");
  });
});

describe("sign-in and sessions", () => {
  it("matches the email case-insensitively and sets an HttpOnly session cookie", async () => {
    const user = await buildUser(t.app, { email: "case@example.test" });
    const res = await call(t.app, "POST", "/api/auth/sign-in/email", {
      body: { email: "CASE@EXAMPLE.TEST", password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/ringside\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await call(t.app, "GET", "/api/me", { cookie: cookieFrom(res) });
    expect(me.json().id).toBe(user.id);
  });

  it.each([
    ["a wrong password", "case2@example.test", "wrong-password"],
    ["a password in the wrong case", "case2@example.test", TEST_PASSWORD.toUpperCase()],
    ["an unknown email", "nobody@example.test", TEST_PASSWORD],
  ])("answers %s with the spec's message", async (_label, email, password) => {
    await buildUser(t.app, { email: "case2@example.test" }).catch(() => undefined);
    const res = await call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: "INVALID_EMAIL_OR_PASSWORD", message: errorsTexts.invalidCredentials },
    });
  });

  it("does not hand the session token to page scripts", async () => {
    const user = await buildUser(t.app);
    const res = await call(t.app, "POST", "/api/auth/sign-in/email", {
      body: { email: user.email, password: user.password },
    });
    expect(res.json()).not.toHaveProperty("token");
  });

  it("answers /api/me with 401 without a session, and /api/session with null", async () => {
    const me = await call(t.app, "GET", "/api/me");
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "You need to sign in." } });
    const session = await call(t.app, "GET", "/api/session");
    expect(session.json()).toEqual({ user: null });
  });

  it("signs out: the cookie stops working", async () => {
    const user = await buildUser(t.app);
    const cookie = await signIn(t.app, user);
    expect((await call(t.app, "GET", "/api/me", { cookie })).statusCode).toBe(200);
    const out = await call(t.app, "POST", "/api/auth/sign-out", { cookie, body: {} });
    expect(out.statusCode).toBe(200);
    expect((await call(t.app, "GET", "/api/me", { cookie })).statusCode).toBe(401);
  });

  it("refuses a sign-in from a foreign origin", async () => {
    const user = await buildUser(t.app);
    const res = await call(t.app, "POST", "/api/auth/sign-in/email", {
      body: { email: user.email, password: user.password },
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBeTruthy();
  });
});

describe("magic link", () => {
  const requestLink = (email: string) =>
    call(t.app, "POST", "/api/auth/sign-in/magic-link", {
      body: { email, callbackURL: "/roster", errorCallbackURL: "/auth" },
    });
  const latestLink = async (email: string) => {
    const row = await t.app.deps.db.db
      .selectFrom("outbox")
      .select("text")
      .where("to_address", "=", email.toLowerCase())
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return row.text.match(/https?:\/\/\S+/)![0];
  };
  const follow = (link: string) => {
    const url = new URL(link);
    return t.app.inject({ method: "GET", url: url.pathname + url.search });
  };

  it("says so when no account has the email, and sends nothing", async () => {
    const res = await requestLink("ghost@example.test");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NO_ACCOUNT", message: errorsTexts.noAccount } });
    const sent = await t.app.deps.db.db
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", "ghost@example.test")
      .execute();
    expect(sent).toHaveLength(0);
  });

  it("sends a single-use link that signs the user in, storing only a hash of the token", async () => {
    const user = await buildUser(t.app, { email: "Magic@Example.test" });
    const res = await requestLink("magic@example.test");
    expect(res.statusCode).toBe(200);
    const link = await latestLink(user.email);
    const token = new URL(link).searchParams.get("token")!;
    const stored = await t.app.deps.db.db
      .selectFrom("verification")
      .select(["identifier", "value"])
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const first = await follow(link);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toMatch(/\/roster$/);
    const me = await call(t.app, "GET", "/api/me", { cookie: cookieFrom(first) });
    expect(me.json().id).toBe(user.id);

    const second = await follow(link);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toMatch(/error=INVALID_TOKEN/);
  });

  it("makes earlier links for the same email useless once a new one is sent, and leaves others alone", async () => {
    const user = await buildUser(t.app, { email: "twice@example.test" });
    const other = await buildUser(t.app, { email: "other-link@example.test" });
    await requestLink(other.email);
    const othersLink = await latestLink(other.email);
    await requestLink(user.email);
    const first = await latestLink(user.email);
    await requestLink("TWICE@example.test");
    const second = await latestLink(user.email);
    expect(second).not.toBe(first);

    const stale = await follow(first);
    expect(stale.headers.location).toMatch(/error=INVALID_TOKEN/);
    expect(cookieFrom(stale)).not.toMatch(/session_token=[^;]+/);
    const fresh = await follow(second);
    expect(fresh.headers.location).toMatch(/\/roster$/);
    const me = await call(t.app, "GET", "/api/me", { cookie: cookieFrom(fresh) });
    expect(me.json().id).toBe(user.id);
    const untouched = await follow(othersLink);
    expect(untouched.headers.location).toMatch(/\/roster$/);
  });

  it("redirects with an error when the user was deleted after the link was sent", async () => {
    const user = await buildUser(t.app, { email: "gone@example.test" });
    await requestLink(user.email);
    const link = await latestLink(user.email);
    await t.app.deps.db.db.deleteFrom("user").where("id", "=", user.id).execute();
    const res = await follow(link);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/auth|error=new_user_signup_disabled/);
    expect(res.headers.location).toContain("error=new_user_signup_disabled");
    expect(cookieFrom(res)).not.toMatch(/session_token=[^;]+/);
  });
});

describe("rate limits", () => {
  it("answers 429 with a clear message once a client exceeds the sign-in limit", async () => {
    const limited = await buildAppForTest({ authRateLimitMax: 3 });
    const body = { email: "x@example.test", password: "whatever-pw" };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call(limited.app, "POST", "/api/auth/sign-in/email", { body })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const res = await call(limited.app, "POST", "/api/auth/sign-in/email", { body });
    expect(res.json().error.code).toBe("TOO_MANY_REQUESTS");
    expect(res.json().error.message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
  });

  it("limits magic-link requests too", async () => {
    const limited = await buildAppForTest({ authRateLimitMax: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (
          await call(limited.app, "POST", "/api/auth/sign-in/magic-link", {
            body: { email: "nobody@example.test" },
          })
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

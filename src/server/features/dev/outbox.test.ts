import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#server/db/seed/demo-accounts.ts";
import { buildUser, signedInUser } from "#tests/support/factories.ts";
import { call, cookieFrom } from "#tests/support/server.ts";
import { buildAppForTest, buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 8, item 1: in demo mode the "complete sign-in" button must work only for the browser that asked
 * for the link. Before the fix, GET /api/dev/outbox/magic-link?email=… handed anyone a working link.
 */
const t = buildTestApp({ demo: true });

const requestLink = (email: string) =>
  call(t.app, "POST", "/api/auth/sign-in/magic-link", { body: { email, callbackURL: "/roster" } });
const takeLink = (nonce: unknown) => call(t.app, "POST", "/api/dev/outbox/magic-link", { body: { nonce } });
const follow = async (link: string) => {
  const url = new URL(link);
  const res = await t.app.inject({ method: "GET", url: url.pathname + url.search });
  const me = await call(t.app, "GET", "/api/me", { cookie: cookieFrom(res) });
  return me.statusCode === 200 ? (me.json().email as string) : null;
};

describe("the demo's magic-link completion", () => {
  it("gives nothing to a caller looking a link up by email, signed in or not", async () => {
    const victim = await buildUser(t.app, { email: "victim@example.test" });
    expect((await requestLink(victim.email)).statusCode).toBe(200);
    const stranger = await signedInUser(t.app);
    for (const cookie of [undefined, stranger.cookie]) {
      const byEmail = await call(t.app, "GET", `/api/dev/outbox/magic-link?email=${victim.email}`, {
        cookie,
      });
      expect(byEmail.statusCode).toBe(404);
      expect(byEmail.body).not.toContain("token=");
      const byGuess = await call(t.app, "POST", "/api/dev/outbox/magic-link", {
        cookie,
        body: { nonce: "guessed-nonce" },
      });
      expect(byGuess.statusCode).toBe(404);
      expect(byGuess.body).not.toContain("token=");
    }
  });

  it("hands the link to the page holding the nonce its request returned, once", async () => {
    const user = { email: DEMO_ACCOUNTS[2]!.email };
    const sent = await requestLink(user.email);
    const nonce = sent.json().demoNonce;
    expect(nonce).toMatch(/^[\w-]{32}$/);
    const first = await takeLink(nonce);
    expect(first.statusCode).toBe(200);
    expect(await follow(first.json().url)).toBe(user.email);
    const again = await takeLink(nonce);
    expect(again.statusCode).toBe(404);
  });

  it("binds each nonce to its own request: one page's nonce never opens another's link", async () => {
    const [a, b] = [DEMO_ACCOUNTS[1]!, DEMO_ACCOUNTS[3]!];
    const nonceA = (await requestLink(a.email)).json().demoNonce;
    const nonceB = (await requestLink(b.email)).json().demoNonce;
    expect(nonceA).not.toBe(nonceB);
    expect(await follow((await takeLink(nonceB)).json().url)).toBe(b.email);
    expect(await follow((await takeLink(nonceA)).json().url)).toBe(a.email);
  });

  it("ignores a nonce a client tries to choose for itself", async () => {
    const user = DEMO_ACCOUNTS[2]!;
    const sent = await call(t.app, "POST", "/api/auth/sign-in/magic-link", {
      body: { email: user.email },
      headers: { "x-ringside-demo-nonce": "chosen-by-attacker" },
    });
    expect(sent.json().demoNonce).not.toBe("chosen-by-attacker");
    expect((await takeLink("chosen-by-attacker")).statusCode).toBe(404);
  });

  it("refuses a malformed request with the error shape", async () => {
    for (const body of [{}, { nonce: "" }, { nonce: "x".repeat(500) }, { nonce: "n", email: "a@b.c" }]) {
      const res = await call(t.app, "POST", "/api/dev/outbox/magic-link", { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("BAD_REQUEST");
    }
  });
});

describe("accounts the outbox serves (issue 19, item 2)", () => {
  it("serves no account that signed up for real: no nonce, and the victim's link stays in their email", async () => {
    const victim = await signedInUser(t.app, { email: "real-person@example.test" });
    const sent = await requestLink(victim.email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ status: true });
    // Not by a nonce of a demo account's request either: each nonce opens its own request's link only.
    const demoNonce = (await requestLink(DEMO_ACCOUNTS[2]!.email)).json().demoNonce;
    const taken = await takeLink(demoNonce);
    expect(await follow(taken.json().url)).toBe(DEMO_ACCOUNTS[2]!.email);
    const signup = await call(t.app, "POST", "/api/auth/sign-up/email", {
      body: { name: "New Person", email: "new-person@example.test", password: "password123" },
    });
    expect(signup.statusCode).toBe(200);
    expect((await requestLink("new-person@example.test")).json()).toEqual({ status: true });
  });

  it("serves each seeded demo account, the admin too", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const nonce = (await requestLink(account.email.toUpperCase())).json().demoNonce;
      expect(await follow((await takeLink(nonce)).json().url)).toBe(account.email);
    }
  });

  it("does not serve an address the seed used once it belongs to someone else", async () => {
    const seeded = DEMO_ACCOUNTS[3]!.email;
    await t.app.deps.db.db.deleteFrom("user").where("email", "=", seeded).execute();
    const signup = await call(t.app, "POST", "/api/auth/sign-up/email", {
      body: { name: "Late Comer", email: seeded, password: "password123" },
    });
    expect(signup.statusCode).toBe(200);
    expect((await requestLink(seeded)).json()).toEqual({ status: true });
  });
});

describe("outside demo mode", () => {
  it("hands out no nonce and has no outbox route", async () => {
    const real = await buildAppForTest();
    const user = await buildUser(real.app);
    const sent = await call(real.app, "POST", "/api/auth/sign-in/magic-link", {
      body: { email: user.email },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ status: true });
    const res = await call(real.app, "POST", "/api/dev/outbox/magic-link", { body: { nonce: "x" } });
    expect(res.statusCode).toBe(404);
  });
});

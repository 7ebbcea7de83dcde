import { describe, expect, it } from "vitest";
import { errorsTexts } from "#domain/texts/errors.ts";
import { DEMO_ACCOUNTS } from "#server/db/seed/demo-accounts.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 34, item 4: sign-in returns to where the person was going, and only ever to a path on this site.
 * The callbacks better-auth redirects to are checked at the edge, so no request can make a sign-in link
 * that ends on another site or in a script.
 */
const t = buildTestApp({ demo: true });

const ATTACKS = [
  "//evil.example",
  "https://evil.example/shows/s1",
  "/\\evil.example",
  "/%2F%2Fevil.example",
  "/%252F%252Fevil.example",
  "%2F%2Fevil.example",
  "javascript:alert(1)",
  "/\t/evil.example",
];

const owner = DEMO_ACCOUNTS[2]!.email;

async function demoLink(callbackURL: string): Promise<URL> {
  const sent = await call(t.app, "POST", "/api/auth/sign-in/magic-link", {
    body: { email: owner, callbackURL, errorCallbackURL: `/auth?next=${encodeURIComponent(callbackURL)}` },
  });
  expect(sent.statusCode).toBe(200);
  const link = await call(t.app, "POST", "/api/dev/outbox/magic-link", {
    body: { nonce: sent.json().demoNonce },
  });
  return new URL(link.json().url);
}

describe("where sign-in returns to", () => {
  it("a magic link asked for from a show's print page lands on it", async () => {
    const url = await demoLink("/shows/s1/print");
    expect(url.searchParams.get("callbackURL")).toBe("/shows/s1/print");
    const verify = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toMatch(/^http:\/\/localhost:\d+\/shows\/s1\/print$/);
  });

  it.each(ATTACKS)("refuses a sign-in, sign-up or magic link that would end on %j", async (target) => {
    for (const field of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]) {
      const res = await call(t.app, "POST", "/api/auth/sign-in/magic-link", {
        body: { email: owner, [field]: target },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(errorsTexts.notASiteAddress);
    }
    const signIn = await call(t.app, "POST", "/api/auth/sign-in/email", {
      body: { email: owner, password: "ringside-demo", callbackURL: target },
    });
    expect(signIn.statusCode).toBe(400);
    const signUp = await call(t.app, "POST", "/api/auth/sign-up/email", {
      body: {
        name: "Next Attack",
        email: "next-attack@example.test",
        password: "long-enough-pw",
        callbackURL: target,
      },
    });
    expect(signUp.statusCode).toBe(400);
  });

  it("refuses to follow a hand-made magic link to another site", async () => {
    // Refused at the edge, so better-auth never spends the token: the same link serves every attempt.
    const url = await demoLink("/roster");
    for (const target of ATTACKS) {
      url.searchParams.set("callbackURL", target);
      const verify = await t.app.inject({ method: "GET", url: url.pathname + url.search });
      expect(verify.statusCode, target).toBe(400);
      expect(verify.headers.location).toBeUndefined();
    }
  });
});

import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { KNOWN_DEVICE_COOKIE } from "#server/auth/known-device.ts";
import { buildUser, TEST_PASSWORD, type TestUser } from "#tests/support/factories.ts";
import { TEST_ORIGIN } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 19, item 10: anyone who knew an email could keep its owner out of password sign-in (five
 * wrong tries, then a growing wait). The account's back-off stays for every client the account does
 * not know; a browser that signed in to it with its password before holds a signed cookie and is
 * counted on its own back-off, so the owner's own browser still signs in during an attack.
 */
const t = buildTestApp();

const ATTACKER = "203.0.113.5";
const HOME = "198.51.100.7";

function signIn(email: string, password: string, from: string, cookie?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress: from,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ email, password }),
  });
}

const setCookies = (res: LightMyRequestResponse): string[] => {
  const raw = res.headers["set-cookie"];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
};
/** The known-device cookie a response set, as a browser sends it back. */
const deviceCookie = (res: LightMyRequestResponse): string => {
  const set = setCookies(res).find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
  if (!set) throw new Error("no known-device cookie");
  return set.split(";")[0]!;
};

async function lockedOut(victim: TestUser): Promise<void> {
  for (let i = 0; i < 5; i++)
    expect((await signIn(victim.email, "wrong-guess", ATTACKER)).statusCode).toBe(401);
  expect((await signIn(victim.email, "wrong-guess", ATTACKER)).statusCode).toBe(429);
}

describe("a browser the account knows", () => {
  it("is marked after a password sign-in with an HttpOnly cookie kept to the auth routes", async () => {
    const victim = await buildUser(t.app);
    const res = await signIn(victim.email, TEST_PASSWORD, HOME);
    expect(res.statusCode).toBe(200);
    const set = setCookies(res).find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`))!;
    expect(set).toMatch(/; Path=\/api\/auth; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    expect(setCookies(res).some((c) => c.includes("session_token="))).toBe(true);
    expect(res.body).not.toContain(deviceCookie(res).split("=")[1]!);
  });

  it("still signs its owner in while someone else's wrong tries have locked the account", async () => {
    const victim = await buildUser(t.app);
    const mine = deviceCookie(await signIn(victim.email, TEST_PASSWORD, HOME));
    await lockedOut(victim);
    const res = await signIn(victim.email, TEST_PASSWORD, ATTACKER, mine);
    expect(res.statusCode).toBe(200);
    expect(setCookies(res).some((c) => c.includes("session_token="))).toBe(true);
    // The attacker, and any browser the account does not know, still waits.
    expect((await signIn(victim.email, TEST_PASSWORD, HOME)).statusCode).toBe(429);
  });

  it("locks out only itself with its own wrong tries", async () => {
    const victim = await buildUser(t.app);
    const phone = deviceCookie(await signIn(victim.email, TEST_PASSWORD, HOME));
    const laptop = deviceCookie(await signIn(victim.email, TEST_PASSWORD, HOME));
    expect(phone).not.toBe(laptop);
    for (let i = 0; i < 5; i++)
      expect((await signIn(victim.email, "typo", HOME, phone)).statusCode).toBe(401);
    expect((await signIn(victim.email, TEST_PASSWORD, HOME, phone)).statusCode).toBe(429);
    expect((await signIn(victim.email, TEST_PASSWORD, HOME, laptop)).statusCode).toBe(200);
    expect((await signIn(victim.email, TEST_PASSWORD, HOME)).statusCode).toBe(200);
  });

  it("counts for nothing when forged, altered or another account's", async () => {
    const victim = await buildUser(t.app);
    const other: TestUser = await buildUser(t.app);
    const othersCookie = deviceCookie(await signIn(other.email, TEST_PASSWORD, HOME));
    const mine = deviceCookie(await signIn(victim.email, TEST_PASSWORD, HOME));
    await lockedOut(victim);
    const [name, value] = mine.split("=") as [string, string];
    const [id, email, mac] = value.split(".") as [string, string, string];
    const forged = [
      othersCookie,
      `${name}=${id}.${Buffer.from(other.email).toString("base64url")}.${mac}`,
      `${name}=${id}.${email}.${mac.slice(0, -2)}AA`,
      `${name}=x${id}.${email}.${mac}`,
      `${name}=${id}.${email}`,
    ];
    for (const cookie of forged)
      expect((await signIn(victim.email, TEST_PASSWORD, HOME, cookie)).statusCode).toBe(429);
    expect((await signIn(victim.email, TEST_PASSWORD, HOME, mine)).statusCode).toBe(200);
  });

  it("leaves the magic link its own count: a locked-out password never blocks it", async () => {
    const victim = await buildUser(t.app);
    await lockedOut(victim);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/magic-link",
      remoteAddress: HOME,
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({ email: victim.email }),
    });
    expect(res.statusCode).toBe(200);
  });
});

import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { beforeAll, describe, expect, it } from "vitest";
import { securityTexts } from "#domain/texts/security.ts";
import { DEMO_ACCOUNTS } from "#server/db/seed/demo-accounts.ts";
import { type PostAnswer, postFrom } from "#tests/support/http-session.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 19, item 1: anyone on the network signed in as the admin by sending `Origin:
 * http://localhost:3000` to a default `npm start`. The demo sign-in and the outbox now answer only
 * a connection whose socket address is loopback. This test listens on every interface and calls
 * from one of this machine's own non-loopback addresses (the socket the server sees is not
 * loopback), with every header a client could forge to look local, and TRUST_PROXY on. Where the
 * machine has no such address, the same requests are injected with a remote socket address.
 */
let port: number;
const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === "IPv4")?.address;

const t = buildTestApp({ demo: true, trustProxy: true });

beforeAll(async () => {
  await t.app.listen({ host: "0.0.0.0", port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});

const FORGED = {
  host: "localhost:3000",
  origin: TEST_ORIGIN,
  "x-forwarded-for": "127.0.0.1",
  "x-real-ip": "127.0.0.1",
  forwarded: "for=127.0.0.1",
};

/** A real HTTP request to the listening server, leaving from `from` (an address of this machine). */
const send = (from: string, path: string, body: unknown): Promise<PostAnswer> =>
  postFrom({ host: from, port }, from, path, body, FORGED);

/** The same request injected, its socket address set as a remote client's would be. */
async function inject(remoteAddress: string, path: string, body: unknown): Promise<PostAnswer> {
  const res = await t.app.inject({
    method: "POST",
    url: path,
    remoteAddress,
    headers: FORGED,
    payload: body as object,
  });
  const raw = res.headers["set-cookie"];
  return { status: res.statusCode, body: res.body, cookies: Array.isArray(raw) ? raw : raw ? [raw] : [] };
}

const fromElsewhere = (path: string, body: unknown) =>
  external ? send(external, path, body) : inject("203.0.113.9", path, body);

describe("demo mode's doors open only to this machine", () => {
  it("refuses the demo sign-in from another address, whatever Host, Origin or forwarded headers say", async () => {
    const res = await fromElsewhere("/api/auth/demo/sign-in", {});
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.message).toBe(securityTexts.demoThisMachineOnly);
    expect(res.cookies.join(";")).not.toContain("session_token");
  });

  it("hands no magic-link nonce to another address, and its outbox refuses it", async () => {
    const sent = await fromElsewhere("/api/auth/sign-in/magic-link", { email: DEMO_ACCOUNTS[0]!.email });
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toEqual({ status: true });
    const local = await send("127.0.0.1", "/api/auth/sign-in/magic-link", { email: DEMO_ACCOUNTS[0]!.email });
    const { demoNonce } = JSON.parse(local.body);
    expect(demoNonce).toEqual(expect.any(String));
    const taken = await fromElsewhere("/api/dev/outbox/magic-link", { nonce: demoNonce });
    expect(taken.status).toBe(403);
    expect(taken.body).not.toContain("token=");
    // The nonce was not spent by the refusal: this machine still gets its link.
    const mine = await send("127.0.0.1", "/api/dev/outbox/magic-link", { nonce: demoNonce });
    expect(mine.status).toBe(200);
    expect(JSON.parse(mine.body).url).toContain("token=");
  });

  it("opens both to this machine, over IPv4 and IPv6 loopback", async () => {
    const v4 = await send("127.0.0.1", "/api/auth/demo/sign-in", {});
    expect(v4.status).toBe(200);
    expect(v4.cookies.join(";")).toContain("session_token");
    const v6 = await inject("::1", "/api/auth/demo/sign-in", {});
    expect(v6.status).toBe(200);
    const mapped = await inject("::ffff:127.0.0.1", "/api/auth/demo/sign-in", {});
    expect(mapped.status).toBe(200);
  });
});

describe("behind a proxy on this machine (issue 31, item 3)", () => {
  /** The demo sign-in as the app sees it from a proxy on loopback that names `forwardedFor` (if any). */
  async function signInVia(app: TestApp["app"], forwardedFor?: string): Promise<number> {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/demo/sign-in",
      remoteAddress: "127.0.0.1",
      headers: { origin: TEST_ORIGIN, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
      payload: {},
    });
    return res.statusCode;
  }

  it("with TRUST_PROXY naming the proxy, judges the client it names, and every hop of the chain", async () => {
    const behind = await createTestApp({ demo: true, trustProxy: ["127.0.0.1"] });
    try {
      expect(await signInVia(behind.app, "203.0.113.9")).toBe(403);
      expect(await signInVia(behind.app, "192.168.1.20")).toBe(403);
      // A client that forges a loopback address ahead of its own is still named by the proxy.
      expect(await signInVia(behind.app, "127.0.0.1, 203.0.113.9")).toBe(403);
      expect(await signInVia(behind.app, "127.0.0.1")).toBe(200);
      expect(await signInVia(behind.app, "::1")).toBe(200);
      expect(await signInVia(behind.app)).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it("trusting every hop, refuses a chain with any address off this machine in it", async () => {
    const trusting = await createTestApp({ demo: true, trustProxy: true });
    try {
      expect(await signInVia(trusting.app, "127.0.0.1, 203.0.113.9")).toBe(403);
      expect(await signInVia(trusting.app, "203.0.113.9, 127.0.0.1")).toBe(403);
      expect(await signInVia(trusting.app, "127.0.0.1")).toBe(200);
    } finally {
      await trusting.close();
    }
  });

  it("without TRUST_PROXY, never reads the header: the socket alone decides", async () => {
    const direct = await createTestApp({ demo: true, trustProxy: false });
    try {
      expect(await signInVia(direct.app, "203.0.113.9")).toBe(200);
    } finally {
      await direct.close();
    }
  });
});

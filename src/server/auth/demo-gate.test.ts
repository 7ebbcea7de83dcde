import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { beforeAll, describe, expect, it } from "vitest";
import { securityTexts } from "#domain/texts/security.ts";
import { DEMO_ACCOUNTS } from "#server/db/seed/demo-accounts.ts";
import { TEST_ORIGIN } from "#tests/support/server.ts";
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

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

/** A real HTTP request to the listening server, leaving from `from` (an address of this machine). */
function send(from: string, path: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: from,
        localAddress: from,
        port,
        path,
        method: "POST",
        headers: {
          ...FORGED,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: text, cookies: res.headers["set-cookie"] ?? [] }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** The same request injected, its socket address set as a remote client's would be. */
async function inject(remoteAddress: string, path: string, body: unknown): Promise<Answer> {
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

import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl, requestIds } from "#server/http/request-log.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call, createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/server.ts";
import { buildAppForTest } from "#tests/support/test-app.ts";

interface LogLine {
  msg?: string;
  reqId?: string;
  method?: string;
  route?: string | null;
  path?: string;
  status?: number;
  ms?: number;
  ip?: string;
}

let t: TestApp;
let output = "";
const lines = (): LogLine[] =>
  output
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LogLine);
const requestLines = () => lines().filter((l) => l.msg === "request");

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  t = await createTestApp({ logLevel: "info", trustProxy: ["10.0.0.2"] }, { logStream: stream });
});
afterAll(() => t.close());

describe("request logs (issue 19 item 9, issue 26 item 6)", () => {
  it("write one JSON line per request with the route pattern and no token, email, password or cookie", async () => {
    const owner = await signedInUser(t.app, { email: "secret.owner@example.test", name: "Owner" });
    const admin = await signedInUser(t.app, { email: "admin.person@example.test", roles: ["Admin"] });
    const feed = (await call(t.app, "POST", "/api/calendar-feed", { cookie: owner.cookie })).json() as {
      feed: { url: string };
    };
    const feedPath = new URL(feed.feed.url).pathname;
    const feedToken = feedPath.split("/").at(-1)!.replace(".ics", "");
    const magicToken = "mAgIcToKeN0123456789abcdefXYZ";
    output = "";

    const requests: [string, string, { cookie?: string; body?: unknown }][] = [
      ["GET", feedPath, {}],
      ["GET", `/api/auth/magic-link/verify?token=${magicToken}&callbackURL=%2F`, {}],
      ["GET", `/api/admin/users?q=${encodeURIComponent(owner.email)}`, { cookie: admin.cookie }],
      ["POST", "/api/auth/sign-in/email", { body: { email: owner.email, password: owner.password } }],
      ["GET", `/api/no-such-thing/${encodeURIComponent(owner.email)}/${feedToken}`, {}],
      ["GET", "/api/me", { cookie: owner.cookie }],
    ];
    const statuses: number[] = [];
    for (const [method, url, options] of requests) {
      statuses.push((await call(t.app, method as "GET", url, options)).statusCode);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses[2]).toBe(200);
    expect(statuses[3]).toBe(200);
    expect(statuses[4]).toBe(404);

    const logged = requestLines();
    expect(logged.map((l) => [l.method, l.route, l.status])).toEqual([
      ["GET", "/api/calendar/:file", 200],
      ["GET", "/api/auth/magic-link/verify", statuses[1]],
      ["GET", "/api/admin/users", 200],
      ["POST", "/api/auth/sign-in/email", 200],
      ["GET", null, 404],
      ["GET", "/api/me", 200],
    ]);
    expect(logged[4]!.path).toBe("/api/no-such-thing/[redacted]/[redacted]");
    for (const line of logged) {
      expect(line.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      expect(line.ms).toBeGreaterThanOrEqual(0);
      expect(line.ip).toBe("127.0.0.1");
    }
    expect(new Set(logged.map((l) => l.reqId)).size).toBe(logged.length);

    const cookieValue = owner.cookie.split("=")[1]!.split(";")[0]!;
    for (const secret of [feedToken, magicToken, owner.email, admin.email, owner.password, cookieValue]) {
      expect(output).not.toContain(secret);
    }
    expect(output).not.toContain(encodeURIComponent(owner.email));
  });

  it("takes the request id from X-Request-Id only when a trusted proxy sends it", async () => {
    const asked = (remoteAddress: string, id: string) =>
      t.app.inject({ method: "GET", url: "/api/health", remoteAddress, headers: { "x-request-id": id } });
    const fromProxy = await asked("10.0.0.2", "nginx-7f3a");
    expect(fromProxy.headers["x-request-id"]).toBe("nginx-7f3a");
    const direct = await asked("198.51.100.7", "forged-id");
    expect(direct.headers["x-request-id"]).not.toBe("forged-id");
    // A trusted proxy's id is still refused when it could break a log line.
    const broken = await asked("10.0.0.2", "a b\nc");
    expect(broken.headers["x-request-id"]).not.toBe("a b\nc");
    expect(lines().some((l) => l.reqId === "forged-id")).toBe(false);
    expect(lines().some((l) => l.reqId === "nginx-7f3a")).toBe(true);
  });

  it("logs the socket address when a client not behind the proxy forges X-Forwarded-For", async () => {
    output = "";
    await t.app.inject({
      method: "GET",
      url: "/api/health",
      remoteAddress: "198.51.100.7",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    await t.app.inject({
      method: "GET",
      url: "/api/health",
      remoteAddress: "10.0.0.2",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(requestLines().map((l) => l.ip)).toEqual(["198.51.100.7", "203.0.113.9"]);
  });
});

describe("a forged X-Forwarded-For from a client not behind the proxy", () => {
  it("changes nothing: the sign-in limit counts the socket's address", async () => {
    const limited = await buildAppForTest({ trustProxy: ["10.0.0.2"], authRateLimitMax: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: "198.51.100.7",
        headers: {
          origin: TEST_ORIGIN,
          "content-type": "application/json",
          "x-forwarded-for": `203.0.113.${i}`,
        },
        payload: JSON.stringify({ email: `nobody${i}@example.test`, password: "wrong-password-123" }),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });
});

describe("redactUrl", () => {
  it.each([
    ["/api/shows/0190a5b2-0000-7000-8000-000000000001", "/api/shows/0190a5b2-0000-7000-8000-000000000001"],
    ["/api/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics", "/api/calendar/[redacted]"],
    [
      "/api/auth/magic-link/verify?token=abc&callbackURL=%2F",
      "/api/auth/magic-link/verify?token&callbackURL",
    ],
    ["/api/users/someone%40example.com", "/api/users/[redacted]"],
    ["/api/admin/users?q=someone@example.com", "/api/admin/users?q"],
    ["/api/x/%E0%A4%A", "/api/x/[redacted]"],
    ["/api/shows", "/api/shows"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("requestIds", () => {
  it("numbers requests under a per-process prefix", () => {
    const next = requestIds(false);
    const req = { headers: {}, socket: { remoteAddress: "127.0.0.1" } } as never;
    const [a, b] = [next(req), next(req)];
    expect(a).not.toBe(b);
    expect(a.split("-")[0]).toBe(b.split("-")[0]);
  });
});

import { createECDH } from "node:crypto";
import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUSH_KINDS, pushChoices } from "#domain/notifications/push-kinds.ts";
import { pushTexts } from "#domain/texts/push.ts";
import { isPrivateAddress } from "#server/platform/safe-fetch.ts";
import { buildUser, signedInUser, signIn } from "#tests/support/factories.ts";
import { type PushServiceStandIn, startPushService } from "#tests/support/push-service.ts";
import { call, createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/server.ts";
import type { SignedInUser } from "#tests/support/test-app.ts";
import { MAX_DEVICES } from "./push.policy.ts";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";

let t: TestApp;
let local: TestApp;
let service: PushServiceStandIn;
let ann: SignedInUser;
let bob: SignedInUser;
let ann2: SignedInUser;
let bob2: SignedInUser;

const e = pushTexts.errors;
const json = (sub: { json: object }, extra: object = {}) => ({
  ...sub.json,
  timeZone: "America/Chicago",
  ...extra,
});
const subscribe = (app: TestApp, user: SignedInUser, body: unknown, headers: Record<string, string> = {}) =>
  call(app.app, "POST", "/api/push/devices", { cookie: user.cookie, body, headers });
const devices = async (app: TestApp, user: SignedInUser) =>
  (await call(app.app, "GET", "/api/push/devices", { cookie: user.cookie })).json().devices as {
    id: string;
    label: string;
    endpoint: string;
    createdAt: string;
  }[];
const stored = (app: TestApp) =>
  app.app.deps.db.db.selectFrom("push_subscription").select(["id", "user_id", "endpoint"]).execute();

beforeAll(async () => {
  service = await startPushService();
  // The production rule: https only, never this machine or a private network.
  t = await createTestApp();
  // The tests' local push service is on 127.0.0.1 over http: only the test flag lets it in.
  local = await createTestApp({
    push: { vapidKeys: null, subject: "mailto:push@ringside.test", allowPrivateEndpoints: true },
  });
  ann = await signedInUser(t.app, { name: "Ann" });
  bob = await signedInUser(t.app, { name: "Bob" });
  ann2 = await signedInUser(local.app, { name: "Ann on the test-flag server" });
  bob2 = await signedInUser(local.app, { name: "Bob on the test-flag server" });
});
afterAll(async () => {
  await t.close();
  await local.close();
  await service.close();
});

describe("push API: sessions and Origin", () => {
  const validSubscription = {
    endpoint: "https://push.example/a",
    keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    timeZone: "UTC",
  };
  it.each([
    ["GET", "/api/push/config", undefined],
    ["GET", "/api/push/devices", undefined],
    ["POST", "/api/push/devices", validSubscription],
    ["DELETE", "/api/push/devices/x", undefined],
    ["GET", "/api/push/settings", undefined],
    ["PUT", "/api/push/settings", { choices: {}, quietHours: false, timeZone: "UTC" }],
  ] as const)("%s %s needs a session (401)", async (method, url, body) => {
    expect((await call(t.app, method, url, { body })).statusCode).toBe(401);
  });

  it.each([
    ["no Origin", {}],
    ["a foreign Origin", { origin: "https://evil.example" }],
  ])("refuses a subscription with %s (403), storing nothing", async (_, origin) => {
    const before = (await stored(t)).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/push/devices",
      headers: { cookie: ann.cookie, "content-type": "application/json", ...origin },
      payload: JSON.stringify(validSubscription),
    });
    expect(res.statusCode).toBe(403);
    expect(await stored(t)).toHaveLength(before);
  });
});

describe("turning push on for a device", () => {
  it("gives the VAPID public key the server signs with, the same on every call", async () => {
    const a = (await call(t.app, "GET", "/api/push/config", { cookie: ann.cookie })).json();
    const b = (await call(t.app, "GET", "/api/push/config", { cookie: bob.cookie })).json();
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.publicKey).toBe(a.publicKey);
    expect(Buffer.from(a.publicKey, "base64url")[0]).toBe(4);
  });

  it("stores the device for the signed-in person, named from its browser, and keeps its time zone", async () => {
    const sub = service.subscribe();
    const res = await subscribe(local, ann2, json(sub), { "user-agent": ANDROID_CHROME });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ label: "Chrome on Android", endpoint: sub.json.endpoint });
    expect((await devices(local, ann2)).map((d) => d.endpoint)).toEqual([sub.json.endpoint]);
    const settings = (await call(local.app, "GET", "/api/push/settings", { cookie: ann2.cookie })).json();
    expect(settings.timeZone).toBe("America/Chicago");
    // Subscribing again from the same browser keeps one device.
    expect((await subscribe(local, ann2, json(sub))).statusCode).toBe(200);
    expect(await devices(local, ann2)).toHaveLength(1);
  });

  it("moves a browser another person had subscribed to the one subscribing now", async () => {
    const sub = service.subscribe();
    expect((await subscribe(local, ann2, json(sub))).statusCode).toBe(200);
    expect((await subscribe(local, bob2, json(sub))).statusCode).toBe(200);
    expect((await devices(local, ann2)).map((d) => d.endpoint)).not.toContain(sub.json.endpoint);
    expect((await devices(local, bob2)).map((d) => d.endpoint)).toContain(sub.json.endpoint);
  });

  it("keeps one device when a browser subscribes twice at once, or for two people at once (never a 500)", async () => {
    // On PostgreSQL both requests found no device for the address, both inserted it, and the second
    // hit the unique endpoint: "Something went wrong" for a double tap on "Notify me on this phone".
    for (let round = 0; round < 4; round++) {
      const same = service.subscribe();
      const twice = await Promise.all([0, 1, 2].map(() => subscribe(local, ann2, json(same))));
      expect(twice.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(twice.map((r) => r.json().id)).size).toBe(1);
      const shared = service.subscribe();
      const both = await Promise.all([ann2, bob2].map((user) => subscribe(local, user, json(shared))));
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      const rows = (await stored(local)).filter((r) =>
        [same, shared].some((s) => s.json.endpoint === r.endpoint),
      );
      expect(rows).toHaveLength(2);
    }
  });

  it(`allows ${MAX_DEVICES} devices a person, then refuses with a clear message`, async () => {
    const many = await signedInUser(local.app, { name: "Many" });
    for (let i = 0; i < MAX_DEVICES; i++) {
      expect((await subscribe(local, many, json(service.subscribe()))).statusCode).toBe(200);
    }
    const res = await subscribe(local, many, json(service.subscribe()));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(e.tooManyDevices(MAX_DEVICES));
    expect(await devices(local, many)).toHaveLength(MAX_DEVICES);
  });
});

describe("bad subscriptions are refused with a clear message, nothing stored", () => {
  const key = createECDH("prime256v1").generateKeys().toString("base64url");
  const auth = "A".repeat(22);
  const body = (endpoint: string, keys: object = { p256dh: key, auth }, extra: object = {}) => ({
    endpoint,
    keys,
    timeZone: "America/Chicago",
    ...extra,
  });

  it.each([
    ["an http:// endpoint", body("http://push.example/abc"), e.notHttps],
    ["a loopback address", body("https://127.0.0.1/push/abc"), e.privateEndpoint],
    ["a loopback IPv6 address", body("https://[::1]/push/abc"), e.privateEndpoint],
    ["localhost", body("https://localhost:8443/push"), e.privateEndpoint],
    ["a private network", body("https://10.1.2.3/push"), e.privateEndpoint],
    ["a link-local address", body("https://169.254.169.254/latest"), e.privateEndpoint],
    ["an IPv4-mapped loopback", body("https://[::ffff:127.0.0.1]/x"), e.privateEndpoint],
    ["not a URL", body("push me"), e.badEndpoint],
    ["a javascript: URL", body("javascript:alert(1)"), e.notHttps],
    ["an oversized endpoint", body(`https://push.example/${"a".repeat(2100)}`), e.badEndpoint],
    [
      "an oversized p256dh key",
      body("https://push.example/a", { p256dh: key + "A".repeat(400), auth }),
      e.badKey,
    ],
    ["a short p256dh key", body("https://push.example/a", { p256dh: key.slice(0, 40), auth }), e.badKey],
    [
      "a p256dh that is not an uncompressed point",
      body("https://push.example/a", { p256dh: `C${"A".repeat(86)}`, auth }),
      e.badKey,
    ],
    [
      "an oversized auth secret",
      body("https://push.example/a", { p256dh: key, auth: "A".repeat(300) }),
      e.badAuth,
    ],
    [
      "an unknown time zone",
      body("https://push.example/a", undefined, { timeZone: "Mars/Base" }),
      e.badTimeZone,
    ],
  ])("refuses %s (400)", async (_, payload, message) => {
    const before = (await stored(t)).length;
    const res = await subscribe(t, ann, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await stored(t)).toHaveLength(before);
  });

  it("refuses unknown fields (400)", async () => {
    const res = await subscribe(t, ann, body("https://push.example/a", { p256dh: key, auth, extra: 1 }));
    expect(res.statusCode).toBe(400);
    const top = await subscribe(t, ann, { ...body("https://push.example/a"), userId: bob.id });
    expect(top.statusCode).toBe(400);
  });

  it("refuses a huge body before reading it (413)", async () => {
    const res = await subscribe(t, ann, body(`https://push.example/${"a".repeat(20_000)}`));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("accepts a public https endpoint without contacting it", async () => {
    // push.example does not exist: a fetch on the request path would fail or hang.
    const res = await subscribe(t, ann, body("https://push.example/send/abc"));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("endpoints whose names resolve to this machine or a private network (issue 31, item 6)", () => {
  const key = createECDH("prime256v1").generateKeys().toString("base64url");
  const body = (endpoint: string) => ({
    endpoint,
    keys: { p256dh: key, auth: "A".repeat(22) },
    timeZone: "UTC",
  });
  /** This machine's own name, when it resolves to an address of this machine or a private network (it does here). */
  const ownName = async (): Promise<string[]> => {
    const addresses = await lookup(hostname(), { all: true }).catch(() => []);
    return addresses.length > 0 && addresses.every((a) => isPrivateAddress(a.address)) ? [hostname()] : [];
  };

  it("refuses each, as sending would, and stores nothing", async () => {
    const names = [
      "localhost.",
      "LOCALHOST.",
      "push.localhost.",
      "localhost..",
      "0.0.0.0",
      "127.1",
      "2130706433",
      "0x7f.0.0.1",
      "[fd00::1]",
      "[::ffff:10.0.0.1]",
      "[::7f00:1]",
      ...(await ownName()),
    ];
    expect(names).toContain(hostname());
    const before = (await stored(t)).length;
    const accepted: string[] = [];
    for (const name of names) {
      const res = await subscribe(t, ann, body(`https://${name}/push/abc`));
      if (res.statusCode !== 400 || res.json().error.message !== e.privateEndpoint) {
        accepted.push(`${name}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(await stored(t)).toHaveLength(before);
  });

  it("as an attacker: no session, a foreign or missing Origin, an encoded path, a nested body; nothing stored", async () => {
    const before = (await stored(t)).length;
    const payload = JSON.stringify(body("https://localhost./push/abc"));
    const send = (url: string, headers: Record<string, string>, raw = payload) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json", ...headers },
        payload: raw,
      });
    expect((await send("/api/push/devices", { origin: TEST_ORIGIN })).statusCode).toBe(401);
    for (const origin of [{ origin: "https://evil.example" }, {}] as Record<string, string>[]) {
      expect((await send("/api/push/devices", { ...origin, cookie: ann.cookie })).statusCode).toBe(403);
      expect((await send("/api/push/%64evices", { ...origin, cookie: ann.cookie })).statusCode).toBe(403);
    }
    const encoded = await send("/api/push/%64evices", { origin: TEST_ORIGIN, cookie: ann.cookie });
    expect([400, 404]).toContain(encoded.statusCode);
    const nested = await send(
      "/api/push/devices",
      { origin: TEST_ORIGIN, cookie: ann.cookie },
      `${"[".repeat(2000)}${"]".repeat(2000)}`,
    );
    expect(nested.statusCode).toBe(400);
    expect(await stored(t)).toHaveLength(before);
  });

  it("lets the test flag through, as sending does", async () => {
    const res = await subscribe(local, ann2, body(`http://${hostname()}:9/push/abc`));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("removing devices", () => {
  it("removes the viewer's own device; another person's id (or an odd one) is 404 and nothing changes", async () => {
    const mine = (await subscribe(local, ann2, json(service.subscribe()))).json().id as string;
    const theirs = (await subscribe(local, bob2, json(service.subscribe()))).json().id as string;
    for (const id of [theirs, "no-such-device", "..%2F..%2Fsettings", encodeURIComponent(theirs)]) {
      const res = await call(local.app, "DELETE", `/api/push/devices/${id}`, { cookie: ann2.cookie });
      expect(res.statusCode, id).toBe(404);
    }
    expect((await devices(local, bob2)).map((d) => d.id)).toContain(theirs);
    const res = await call(local.app, "DELETE", `/api/push/devices/${mine}`, { cookie: ann2.cookie });
    expect(res.statusCode).toBe(200);
    expect((await devices(local, ann2)).map((d) => d.id)).not.toContain(mine);
  });

  it("signing out removes the device that session subscribed, and only that one", async () => {
    const carl = await signedInUser(local.app, { name: "Carl" });
    const other = await signedInUser(local.app, { email: "carl-2@example.test", name: "Carl too" });
    await subscribe(local, carl, json(service.subscribe()));
    await subscribe(local, other, json(service.subscribe()));
    expect(await devices(local, carl)).toHaveLength(1);
    const out = await call(local.app, "POST", "/api/auth/sign-out", { cookie: carl.cookie, body: {} });
    expect(out.statusCode).toBe(200);
    const left = await local.app.deps.db.db
      .selectFrom("push_subscription")
      .select("user_id")
      .where("user_id", "in", [carl.id, other.id])
      .execute();
    expect(left.map((r) => r.user_id)).toEqual([other.id]);
  });

  it("a subscription racing its own session's sign-out is stored and removed, or refused (401), never a 500", async () => {
    // On PostgreSQL the sign-out could delete the session between the request's session check and the
    // insert, whose foreign key to the session then failed: "Something went wrong" in about 4 of 10.
    const dora = await buildUser(local.app, { name: "Dora" });
    const statuses = new Set<number>();
    for (let round = 0; round < 12; round++) {
      const cookie = await signIn(local.app, dora);
      const [subscribed, out] = await Promise.all([
        call(local.app, "POST", "/api/push/devices", { cookie, body: json(service.subscribe()) }),
        call(local.app, "POST", "/api/auth/sign-out", { cookie, body: {} }),
      ]);
      expect(out.statusCode).toBe(200);
      statuses.add(subscribed.statusCode);
    }
    expect([...statuses].filter((s) => s !== 200 && s !== 401)).toEqual([]);
    const left = await local.app.deps.db.db
      .selectFrom("push_subscription")
      .select("id")
      .where("user_id", "=", dora.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe("choices", () => {
  it("starts from each kind's default (push-kinds.ts), quiet hours off", async () => {
    const res = await call(t.app, "GET", "/api/push/settings", { cookie: bob.cookie });
    expect(res.json()).toEqual({
      choices: pushChoices({}),
      quietHours: false,
      timeZone: null,
      newShows: "near",
    });
  });

  it("saves what the person chose, for them only", async () => {
    const res = await call(t.app, "PUT", "/api/push/settings", {
      cookie: bob.cookie,
      body: { choices: { result: false, "new-show": true }, quietHours: true, timeZone: "Europe/London" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      choices: { result: false, "new-show": true, "class-alert": true },
      quietHours: true,
      timeZone: "Europe/London",
    });
    const annSettings = (await call(t.app, "GET", "/api/push/settings", { cookie: ann.cookie })).json();
    expect(annSettings.choices.result).toBe(true);
    expect(PUSH_KINDS.every((k) => typeof annSettings.choices[k] === "boolean")).toBe(true);
  });

  it.each([
    ["an unknown kind", { choices: { gossip: true }, quietHours: false, timeZone: "UTC" }],
    ["a choice that is not yes/no", { choices: { result: "yes" }, quietHours: false, timeZone: "UTC" }],
    ["a bad time zone", { choices: {}, quietHours: false, timeZone: "Nowhere/Land" }],
    ["another person's id", { choices: {}, quietHours: false, timeZone: "UTC", userId: "x" }],
    ["a new-show reach not offered", { choices: {}, quietHours: false, timeZone: "UTC", newShows: "some" }],
  ])("refuses %s (400)", async (_, body) => {
    const res = await call(t.app, "PUT", "/api/push/settings", { cookie: ann.cookie, body });
    expect(res.statusCode).toBe(400);
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { buildApp } from "#server/app.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { defaultVapidSubject, vapidAuthorizer } from "#server/platform/push/vapid.ts";
import { sharedTestDatabase, testConfig } from "#tests/support/server.ts";

const dataDir = () => mkdtempSync(join(tmpdir(), "ringside-vapid-"));
const pair = webpush.generateVAPIDKeys();
const other = webpush.generateVAPIDKeys();

describe("VAPID configuration", () => {
  it("takes a matching key pair and a subject from the environment", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: "mailto:shows@ringside.example",
    });
    expect(config.push).toEqual({
      vapidKeys: pair,
      subject: "mailto:shows@ringside.example",
      allowPrivateEndpoints: false,
    });
  });

  it("without keys, leaves them to the database and names a contact push services accept", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), MAIL_FROM: "Ringside <shows@ringside.example>" });
    expect(config.push.vapidKeys).toBeNull();
    expect(config.push.subject).toBe("mailto:shows@ringside.example");
    expect(defaultVapidSubject("https://ringside.example", "x")).toBe("https://ringside.example");
    expect(defaultVapidSubject("http://localhost:3000", "no-reply@ringside.local")).toBe(
      "mailto:no-reply@ringside.local",
    );
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: pair.publicKey }, "VAPID_PRIVATE_KEY: is required"],
    [{ VAPID_PRIVATE_KEY: pair.privateKey }, "VAPID_PUBLIC_KEY: is required"],
    [{ VAPID_PUBLIC_KEY: "not a key", VAPID_PRIVATE_KEY: pair.privateKey }, "VAPID_PUBLIC_KEY: must be"],
    [
      { VAPID_PUBLIC_KEY: pair.publicKey.slice(0, 40), VAPID_PRIVATE_KEY: pair.privateKey },
      "VAPID_PUBLIC_KEY",
    ],
    [{ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: "short" }, "VAPID_PRIVATE_KEY: must be"],
    [{ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey }, "is not the private key"],
    [{ VAPID_SUBJECT: "push@ringside.example" }, "VAPID_SUBJECT: must be"],
    [{ VAPID_SUBJECT: "http://ringside.example" }, "VAPID_SUBJECT: must be"],
    [{ PUSH_ALLOW_PRIVATE_ENDPOINTS: "perhaps" }, "PUSH_ALLOW_PRIVATE_ENDPOINTS"],
  ])("stops on %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("PUSH_ALLOW_PRIVATE_ENDPOINTS=1 is the tests' flag for a local push service", () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" }).push.allowPrivateEndpoints,
    ).toBe(true);
  });
});

describe("VAPID keys kept in the database", () => {
  it("are made at the first start and the same after a restart; configured keys win", async () => {
    const { database, drop } = await sharedTestDatabase();
    try {
      const first = await buildApp(testConfig({ database }));
      const made = first.deps.push.publicKey;
      await first.close();
      const second = await buildApp(testConfig({ database }));
      expect(second.deps.push.publicKey).toBe(made);
      await second.close();
      const configured = await buildApp(
        testConfig({
          database,
          push: { vapidKeys: pair, subject: "mailto:a@b.example", allowPrivateEndpoints: false },
        }),
      );
      expect(configured.deps.push.publicKey).toBe(pair.publicKey);
      await configured.close();
    } finally {
      await drop();
    }
  });
});

describe("vapidAuthorizer", () => {
  it("signs once per push service origin and signs again before the token runs out", () => {
    let now = Date.parse("2026-07-10T12:00:00Z");
    const authorize = vapidAuthorizer(pair, "mailto:a@b.example", () => now);
    const first = authorize("https://fcm.googleapis.com/fcm/send/abc");
    expect(first).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${pair.publicKey}$`));
    expect(authorize("https://fcm.googleapis.com/fcm/send/def")).toBe(first);
    expect(authorize("https://updates.push.services.mozilla.com/wpush/v2/x")).not.toBe(first);
    now += 10 * 3600 * 1000;
    expect(authorize("https://fcm.googleapis.com/fcm/send/abc")).toBe(first);
    now += 2 * 3600 * 1000;
    expect(authorize("https://fcm.googleapis.com/fcm/send/abc")).not.toBe(first);
  });
});

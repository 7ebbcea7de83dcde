import { describe, expect, it } from "vitest";
import { type PushEnvironment, pushSupport } from "#client/lib/push-device.ts";

const chromeOnAndroid: PushEnvironment = {
  secure: true,
  serviceWorker: true,
  pushManager: true,
  notifications: true,
  permission: "default",
  ios: false,
  installed: false,
};

describe("pushSupport", () => {
  it.each([
    ["Chrome on Android, not asked yet", {}, "ok"],
    ["permission granted", { permission: "granted" }, "ok"],
    ["permission denied", { permission: "denied" }, "denied"],
    ["an http:// page", { secure: false }, "insecure"],
    ["no service worker", { serviceWorker: false }, "unsupported"],
    ["no PushManager", { pushManager: false }, "unsupported"],
    ["no Notification", { notifications: false, permission: null }, "unsupported"],
    ["Safari on iPhone, in the browser", { ios: true, pushManager: false }, "ios-not-installed"],
    ["Ringside installed on an iPhone", { ios: true, installed: true }, "ok"],
    [
      "an old iPhone, installed but without push",
      { ios: true, installed: true, pushManager: false },
      "unsupported",
    ],
    ["insecure beats everything else", { secure: false, ios: true, permission: "denied" }, "insecure"],
  ] as const)("%s → %s", (_, overrides, expected) => {
    expect(pushSupport({ ...chromeOnAndroid, ...overrides })).toBe(expected);
  });
});

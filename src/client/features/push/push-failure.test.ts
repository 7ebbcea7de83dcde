import { describe, expect, it } from "vitest";
import { ApiError } from "#client/lib/api.ts";
import { PushSetupError } from "#client/lib/push-device.ts";
import { pushTexts } from "#domain/texts/push.ts";
import { pushFailureWords } from "./push-failure.ts";

const t = pushTexts.thisDevice;

describe("pushFailureWords", () => {
  it.each([
    [
      "the browser's refusal",
      new DOMException("Registration failed - permission denied", "NotAllowedError"),
      t.browserRefused,
    ],
    [
      "the push service unreachable",
      new DOMException("Registration failed - push service error", "AbortError"),
      t.browserRefused,
    ],
    ["anything else the browser threw", new TypeError("Failed to execute 'subscribe'"), t.browserRefused],
    [
      "the service worker not started",
      new PushSetupError("The service worker did not start."),
      t.workerNotReady,
    ],
    [
      "the server's refusal, in our words",
      new ApiError(400, "bad_request", "That address is not a push service."),
      `${t.failed} That address is not a push service.`,
    ],
  ])("%s", (_what, error, words) => {
    expect(pushFailureWords(error)).toBe(words);
    expect(pushFailureWords(error)).not.toContain("Registration failed");
  });
});

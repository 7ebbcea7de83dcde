import { describe, expect, it } from "vitest";
import { PUSH_KINDS } from "#domain/notifications/push-kinds.ts";
import {
  isTimeZone,
  MAX_PUSH_ATTEMPTS,
  pushDueAt,
  pushOutcome,
  retryDelaySeconds,
} from "#domain/notifications/push-schedule.ts";

const chicago = { quietHours: true, timeZone: "America/Chicago" };

describe("pushDueAt: quiet hours 22:00–06:00 in the person's time zone", () => {
  it.each([
    // [now (UTC), kind, person, due (UTC), why]
    [
      "2026-07-10T03:30:00Z",
      "result",
      chicago,
      "2026-07-10T11:00:00Z",
      "22:30 CDT waits for 06:00 CDT next morning",
    ],
    ["2026-07-10T10:59:00Z", "result", chicago, "2026-07-10T11:00:00Z", "05:59 CDT waits a minute"],
    ["2026-07-10T11:00:00Z", "result", chicago, "2026-07-10T11:00:00Z", "06:00 sharp is no longer quiet"],
    ["2026-07-10T02:59:00Z", "result", chicago, "2026-07-10T02:59:00Z", "21:59 CDT is not quiet yet"],
    ["2026-07-10T03:00:00Z", "show-update", chicago, "2026-07-10T11:00:00Z", "22:00 sharp is quiet"],
    ["2026-01-10T05:00:00Z", "barn", chicago, "2026-01-10T12:00:00Z", "23:00 CST, winter offset"],
    ["2026-07-10T03:30:00Z", "class-alert", chicago, "2026-07-10T03:30:00Z", "class alerts never wait"],
    [
      "2026-07-10T03:30:00Z",
      "result",
      { quietHours: false, timeZone: "America/Chicago" },
      "2026-07-10T03:30:00Z",
      "quiet hours off",
    ],
    [
      "2026-07-10T03:30:00Z",
      "result",
      { quietHours: true, timeZone: null },
      "2026-07-10T03:30:00Z",
      "no time zone known",
    ],
    [
      "2026-03-08T07:30:00Z",
      "result",
      chicago,
      "2026-03-08T11:00:00Z",
      "01:30 CST on the night clocks spring forward: 06:00 is CDT",
    ],
    [
      "2026-07-10T21:00:00Z",
      "new-show",
      { quietHours: true, timeZone: "Europe/London" },
      "2026-07-11T05:00:00Z",
      "22:00 BST (21:00Z) waits for 06:00 BST",
    ],
  ] as const)("%s %s → %s", (now, kind, person, due, why) => {
    const at = pushDueAt(new Date(now), kind, person);
    expect(at.toISOString(), why).toBe(new Date(due).toISOString());
  });

  it("holds every kind but class alerts", () => {
    const night = new Date("2026-07-10T04:00:00Z");
    const held = PUSH_KINDS.filter((k) => pushDueAt(night, k, chicago).getTime() !== night.getTime());
    expect(held).toEqual(PUSH_KINDS.filter((k) => k !== "class-alert"));
  });

  it("knows time zones by their IANA names", () => {
    expect(isTimeZone("America/Chicago")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("A".repeat(65))).toBe(false);
  });
});

describe("retries", () => {
  it.each([
    [1, null, 30],
    [2, null, 120],
    [3, null, 600],
    [4, null, 1800],
    [1, 90, 90],
    [1, 5, 30],
    [2, 86_400, 3600],
    [MAX_PUSH_ATTEMPTS, null, null],
    [MAX_PUSH_ATTEMPTS, 10, null],
  ] as const)("after %i tries (Retry-After %s) waits %s s", (tries, retryAfter, wait) => {
    expect(retryDelaySeconds(tries, retryAfter)).toBe(wait);
  });

  it.each([
    [201, "delivered"],
    [202, "delivered"],
    [404, "subscription-gone"],
    [410, "subscription-gone"],
    [429, "retry"],
    [500, "retry"],
    [503, "retry"],
    [null, "retry"],
    [400, "give-up"],
    [403, "give-up"],
    [413, "give-up"],
  ] as const)("a push service answering %s means %s", (status, outcome) => {
    expect(pushOutcome(status)).toBe(outcome);
  });
});

import { describe, expect, it } from "vitest";
import {
  ACCOUNT_BACKOFF,
  addressWindow,
  backoffWaitMs,
  decideAttempt,
  formatWait,
  type ThrottleState,
} from "#domain/people/throttle.ts";

const now = 1_000_000_000_000;
const state = (count: number, lastAt: number, blockedUntil: number): ThrottleState => ({
  count,
  lastAt,
  blockedUntil,
});

describe("backoffWaitMs", () => {
  it.each([
    [1, 0],
    [4, 0],
    [5, 30_000],
    [6, 60_000],
    [7, 120_000],
    [9, 480_000],
    [10, 900_000],
    [50, 900_000],
  ])("after %i counted attempts the next waits %i ms", (count, wait) => {
    expect(backoffWaitMs(count, ACCOUNT_BACKOFF)).toBe(wait);
  });
});

describe("decideAttempt on an account (backoff)", () => {
  it.each([
    ["a first attempt", null, { allowed: true, next: state(1, now, now) }],
    [
      "the fifth attempt, which blocks the sixth for 30 s",
      state(4, now - 1000, now - 1000),
      {
        allowed: true,
        next: state(5, now, now + 30_000),
      },
    ],
    ["an attempt while blocked", state(5, now - 10_000, now + 20_000), { allowed: false, waitMs: 20_000 }],
    [
      "an attempt once the wait is over, which doubles the next wait",
      state(5, now - 30_000, now),
      {
        allowed: true,
        next: state(6, now, now + 60_000),
      },
    ],
    [
      "an attempt after an hour of quiet, which starts over",
      state(9, now - 60 * 60_000, now - 1),
      {
        allowed: true,
        next: state(1, now, now),
      },
    ],
  ])("%s", (_label, before, decision) => {
    expect(decideAttempt(ACCOUNT_BACKOFF, before, now)).toEqual(decision);
  });
});

describe("decideAttempt on an address (window)", () => {
  const rule = addressWindow(3);
  it.each([
    ["a first attempt opens a window", null, { allowed: true, next: state(1, now, 0) }],
    ["an attempt under the limit", state(2, now - 1000, 0), { allowed: true, next: state(3, now - 1000, 0) }],
    [
      "an attempt at the limit waits for the window to close",
      state(3, now - 60_000, 0),
      {
        allowed: false,
        waitMs: 15 * 60_000 - 60_000,
      },
    ],
    [
      "an attempt after the window opens a new one",
      state(3, now - 15 * 60_000, 0),
      {
        allowed: true,
        next: state(1, now, 0),
      },
    ],
  ])("%s", (_label, before, decision) => {
    expect(decideAttempt(rule, before, now)).toEqual(decision);
  });
});

describe("formatWait", () => {
  it.each([
    [1, "1 second"],
    [999, "1 second"],
    [1001, "2 seconds"],
    [30_000, "30 seconds"],
    [59_001, "1 minute"],
    [60_000, "1 minute"],
    [61_000, "2 minutes"],
    [900_000, "15 minutes"],
  ])("%i ms reads as %s", (ms, text) => {
    expect(formatWait(ms)).toBe(text);
  });
});

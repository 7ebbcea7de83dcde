import { describe, expect, it } from "vitest";
import { relativeTime } from "#domain/notifications/relative-time.ts";

const now = new Date("2026-03-15T12:00:00.000Z");
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000);

describe("relativeTime", () => {
  it.each([
    [0, "0 seconds ago"],
    [1, "1 second ago"],
    [45, "45 seconds ago"],
    [59, "59 seconds ago"],
    [60, "1 minute ago"],
    [119, "1 minute ago"],
    [120, "2 minutes ago"],
    [3_599, "59 minutes ago"],
    [3_600, "1 hour ago"],
    [7_199, "1 hour ago"],
    [86_399, "23 hours ago"],
    [86_400, "1 day ago"],
    [3 * 86_400, "3 days ago"],
    [2_591_999, "29 days ago"],
    [2_592_000, "1 month ago"],
    [31_535_999, "12 months ago"],
    [31_536_000, "1 year ago"],
    [2 * 31_536_000, "2 years ago"],
    [2 * 31_536_000 - 1, "1 year ago"],
    [2 * 3_600, "2 hours ago"],
    [2 * 86_400, "2 days ago"],
    [5 * 2_592_000, "5 months ago"],
  ])("%i seconds → %j", (seconds, expected) => {
    expect(relativeTime(secondsAgo(seconds), now)).toBe(expected);
  });

  it("ignores milliseconds below a whole second", () => {
    expect(relativeTime(new Date(now.getTime() - 59_999), now)).toBe("59 seconds ago");
    expect(relativeTime(new Date(now.getTime() - 60_000), now)).toBe("1 minute ago");
  });

  it.each([
    ["2026-03-15T11:00:00.000Z", "1 hour ago"],
    ["2026-03-12T12:00:00Z", "3 days ago"],
    ["2026-03-15T11:59:15Z", "45 seconds ago"],
  ])("accepts an ISO timestamp string %s", (from, expected) => {
    expect(relativeTime(from, now)).toBe(expected);
  });

  it.each([
    ["one second ahead", secondsAgo(-1)],
    ["a day ahead", secondsAgo(-86_400)],
    ["an unreadable string", "yesterday"],
  ])("clamps %s to 0 seconds", (_label, from) => {
    expect(relativeTime(from, now)).toBe("0 seconds ago");
  });
});

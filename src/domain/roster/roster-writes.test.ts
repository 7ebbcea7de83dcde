import { describe, expect, it } from "vitest";
import {
  ROSTER_WRITE_LIMIT,
  ROSTER_WRITE_WINDOW_MS,
  rosterWritesAllowed,
  rosterWriteWindow,
  untilNextWindow,
} from "#domain/roster/roster-writes.ts";

describe("the roster-write cap (issue 19, item 12)", () => {
  it("is 300 entries on other people's rosters per hour", () => {
    expect([ROSTER_WRITE_LIMIT, ROSTER_WRITE_WINDOW_MS]).toEqual([300, 3_600_000]);
  });

  it.each([
    ["2026-08-27T14:00:00.000Z", "2026-08-27T14:00:00.000Z", 3_600_000],
    ["2026-08-27T14:59:59.999Z", "2026-08-27T14:00:00.000Z", 1],
    ["2026-08-27T15:00:00.000Z", "2026-08-27T15:00:00.000Z", 3_600_000],
    ["2026-08-27T15:30:00.000Z", "2026-08-27T15:00:00.000Z", 1_800_000],
  ])("at %s the window opened %s and ends in %i ms", (now, window, left) => {
    expect(rosterWriteWindow(new Date(now))).toBe(window);
    expect(untilNextWindow(new Date(now))).toBe(left);
  });

  it.each([
    [1, true],
    [300, true],
    [301, false],
    [306, false],
  ])("a save that brings the window to %i goes ahead: %s", (usedAfter, allowed) => {
    expect(rosterWritesAllowed(usedAfter)).toBe(allowed);
  });
});

import { describe, expect, it } from "vitest";
import { DEMO_RING_IDLE_MS, demoRingIsStale, planDemoRing } from "#domain/show-day/live-demo.ts";
import { showClockTime, zonedInstant } from "#domain/show-day/show-time.ts";

const CHICAGO = "America/Chicago";
const at = (date: string, time: string, zone = CHICAGO) => zonedInstant(date, time, zone)!;
const clock = (instants: number[], zone = CHICAGO) => instants.map((i) => showClockTime(i, zone));

describe("the demo's running session, placed at the show's hour", () => {
  it.each([
    // now (Chicago), printed start, part, when each class went in (the last is in the ring)
    ["00:00", "00:00", "AM", ["00:00"]],
    ["00:02", "00:00", "AM", ["00:00"]],
    ["00:20", "00:00", "AM", ["00:00", "00:07", "00:14"]],
    ["02:00", "01:20", "AM", ["01:20", "01:27", "01:34", "01:41", "01:48", "01:55"]],
    ["09:03", "08:20", "AM", ["08:20", "08:27", "08:34", "08:41", "08:48", "08:55"]],
    ["12:30", "11:50", "AM", ["11:50", "11:57", "12:04", "12:11", "12:18", "12:25"]],
    ["13:10", "12:30", "PM", ["12:30", "12:37", "12:44", "12:51", "12:58", "13:05"]],
    ["19:00", "18:20", "PM", ["18:20", "18:27", "18:34", "18:41", "18:48", "18:55"]],
    ["23:59", "23:20", "PM", ["23:20", "23:27", "23:34", "23:41", "23:48", "23:55"]],
  ])("at %s the session printed for %s (%s) has classes in at %j", (now, start, part, inRing) => {
    const plan = planDemoRing(at("2026-12-05", now), CHICAGO);
    expect(plan).toMatchObject({ date: "2026-12-05", startTime: start, part });
    expect(clock(plan.inRingAt)).toEqual(inRing);
    expect(plan.startedAt).toBe(plan.inRingAt[0]);
  });

  it("keeps the class in the ring started within one class of now, and never after it", () => {
    for (let minute = 0; minute < 24 * 60; minute += 13) {
      const now = at("2026-07-04", "00:00") + minute * 60_000;
      const plan = planDemoRing(now, CHICAGO);
      const last = plan.inRingAt.at(-1)!;
      expect(plan.date).toBe("2026-07-04");
      expect(last).toBeLessThanOrEqual(now);
      expect(now - last).toBeLessThan(10 * 60_000);
    }
  });

  it("follows the show's zone and its daylight-saving change", () => {
    // 2 AM in Tennessee is 3 AM in Kentucky (Eastern) and 08:00 UTC in December.
    const twoAm = at("2026-12-05", "02:00");
    expect(planDemoRing(twoAm, "America/New_York")).toMatchObject({ date: "2026-12-05", startTime: "02:20" });
    // 8 March 2026: Chicago's clocks jump from 2:00 to 3:00; at 3:10 the session began at 1:30 (40 minutes earlier),
    // and its sixth class went in at 3:05 daylight time, seven minutes after 1:58 standard time.
    const plan = planDemoRing(at("2026-03-08", "03:10"), CHICAGO);
    expect(plan.startTime).toBe("01:30");
    expect(clock(plan.inRingAt).at(-1)).toBe("03:05");
  });
});

describe("when the demo's ring is placed again", () => {
  const now = at("2026-12-05", "02:00");
  it.each([
    ["running today, last tap 10 minutes ago", "2026-12-05", now - 10 * 60_000, false],
    ["running today, last tap just inside the idle limit", "2026-12-05", now - DEMO_RING_IDLE_MS, false],
    ["running today but idle for hours", "2026-12-05", now - DEMO_RING_IDLE_MS - 1, true],
    ["running yesterday's session", "2026-12-04", now - 10 * 60_000, true],
    ["no session running (finished)", null, now - 10 * 60_000, true],
    ["no action at all", "2026-12-05", null, true],
  ])("%s → %s", (_, runningSessionDate, lastActionAt, stale) => {
    expect(demoRingIsStale({ runningSessionDate, lastActionAt }, now, CHICAGO)).toBe(stale);
  });
});

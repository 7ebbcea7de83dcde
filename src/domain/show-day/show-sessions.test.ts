import { describe, expect, it } from "vitest";
import { plannedStarts } from "#domain/show-day/ring-estimates.ts";
import {
  DEFAULT_RING,
  effectiveSessions,
  overlappingSessions,
  type ScheduledClass,
  type SessionInfo,
} from "#domain/show-day/show-sessions.ts";

const show = { startDate: "2026-08-27", endDate: "2026-08-29" };
const cls = (id: string, sessionId: string | null, date: string | null = null): ScheduledClass => ({
  id,
  number: id.replace("cel-", ""),
  name: `Class ${id}`,
  sessionId,
  date,
});
const session = (id: string, date: string, startTime: string | null, ring = DEFAULT_RING): SessionInfo => ({
  id,
  name: id,
  date,
  startTime,
  ring,
});

describe("effectiveSessions", () => {
  it("orders sessions by date then start time, untimed last, keeping class order within each", () => {
    const sessions = [
      session("fri-eve", "2026-08-28", "19:00"),
      session("thu-eve", "2026-08-27", "19:00"),
      session("thu-am", "2026-08-27", "09:00"),
      session("thu-untimed", "2026-08-27", null),
    ];
    const classes = [
      cls("cel-1", "thu-am"),
      cls("cel-2", "thu-eve"),
      cls("cel-3", "thu-am"),
      cls("cel-4", "fri-eve"),
      cls("cel-5", "thu-untimed"),
    ];
    const result = effectiveSessions(show, sessions, classes);
    expect(result.map((s) => s.id)).toEqual(["thu-am", "thu-eve", "thu-untimed", "fri-eve"]);
    expect(result[0]!.classes.map((c) => c.id)).toEqual(["cel-1", "cel-3"]);
    expect(result.every((s) => !s.implicit)).toBe(true);
  });

  it("gives a show without sessions one untimed session per date (the class-date rule)", () => {
    const classes = [cls("cel-1", null, "2026-08-28"), cls("cel-2", null), cls("cel-3", null, "2026-08-28")];
    const result = effectiveSessions(show, [], classes);
    expect(result.map((s) => [s.id, s.implicit, s.startTime, s.ring, s.classes.map((c) => c.id)])).toEqual([
      ["day-2026-08-27", true, null, DEFAULT_RING, ["cel-2"]],
      ["day-2026-08-28", true, null, DEFAULT_RING, ["cel-1", "cel-3"]],
    ]);
  });

  it("puts a class of an unknown session with the loose classes of its date", () => {
    const result = effectiveSessions(
      show,
      [session("a", "2026-08-27", "09:00")],
      [cls("cel-1", "a"), cls("cel-2", "gone")],
    );
    expect(result.map((s) => [s.id, s.classes.map((c) => c.id)])).toEqual([
      ["a", ["cel-1"]],
      ["day-2026-08-27", ["cel-2"]],
    ]);
  });
});

describe("plannedStarts", () => {
  it("starts each class minutes-per-class after the one before, on the show's clock", () => {
    const sessions = effectiveSessions(
      show,
      [session("eve", "2026-08-27", "19:00"), session("x", "2026-08-28", null)],
      [cls("cel-1", "eve"), cls("cel-2", "eve"), cls("cel-3", "eve"), cls("cel-4", "x")],
    );
    const starts = plannedStarts(sessions, 7, "America/Chicago");
    expect([...starts].map(([id, at]) => [id, new Date(at).toISOString()])).toEqual([
      ["cel-1", "2026-08-28T00:00:00.000Z"],
      ["cel-2", "2026-08-28T00:07:00.000Z"],
      ["cel-3", "2026-08-28T00:14:00.000Z"],
    ]);
  });
});

describe("overlappingSessions", () => {
  const withCount = (s: SessionInfo, classCount: number) => ({ ...s, classCount });
  it.each([
    ["a session starting before the last ends, same ring", "09:00", 10, "10:00", DEFAULT_RING, ["a", "b"]],
    ["the same start time", "19:00", 1, "19:00", DEFAULT_RING, ["a", "b"]],
    ["one that starts after the other's planned end", "09:00", 8, "10:00", DEFAULT_RING, []],
    ["another ring", "09:00", 10, "10:00", "Warm-up Ring", []],
  ])("%s", (_, aTime, aCount, bTime, bRing, flagged) => {
    const result = overlappingSessions(
      [
        withCount(session("a", "2026-08-27", aTime), aCount),
        withCount(session("b", "2026-08-27", bTime, bRing), 3),
        withCount(session("c", "2026-08-28", aTime), 3),
        withCount(session("d", "2026-08-27", null), 3),
      ],
      7,
    );
    expect([...result].sort()).toEqual(flagged);
  });
});

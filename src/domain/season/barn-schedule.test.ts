import { describe, expect, it } from "vitest";
import { barnSchedule, lineCount, type ScheduleEntry } from "#domain/season/barn-schedule.ts";

const session = (id: string, startTime: string | null, position: number) => ({
  id,
  name: id,
  startTime,
  ring: "Main Ring",
  position,
});

function entry(classNumber: string, overrides: Partial<ScheduleEntry> = {}): ScheduleEntry {
  return {
    classId: `c${classNumber}`,
    classNumber,
    className: `Class ${classNumber}`,
    position: Number(classNumber),
    date: "2026-06-05",
    session: null,
    horseId: "h",
    horseName: "Midnight",
    riderId: "r",
    riderName: "Jane",
    owners: ["Casey", "Pat"],
    time: null,
    ...overrides,
  };
}

describe("barnSchedule", () => {
  it("orders by date, then session start (untimed, then no session, last), then class order", () => {
    const days = barnSchedule([
      entry("9", { date: "2026-06-06" }),
      entry("7", { session: session("Untimed", null, 0) }),
      entry("5", { session: session("PM", "19:00", 1) }),
      entry("1", { session: session("AM", "09:00", 0) }),
      entry("2", { session: session("AM", "09:00", 0), horseId: "g", horseName: "Gold" }),
      entry("8"),
    ]);
    expect(
      days.map((d) => [d.date, d.sessions.map((s) => [s.name, s.lines.map((l) => l.number).join(",")])]),
    ).toEqual([
      [
        "2026-06-05",
        [
          ["AM", "1,2"],
          ["PM", "5"],
          ["Untimed", "7"],
          ["", "8"],
        ],
      ],
      ["2026-06-06", [["", "9"]]],
    ]);
    expect(days[0]!.sessions[0]!.lines[0]).toEqual({
      number: "1",
      className: "Class 1",
      horse: "Midnight",
      rider: "Jane",
      owner: "Casey, Pat",
      time: "",
    });
  });

  it("prints one line for the same class, horse and rider entered twice (an entry and its mirror)", () => {
    const days = barnSchedule([entry("1"), entry("1"), entry("1", { riderId: "s", riderName: "Sam" })]);
    expect(lineCount(days)).toBe(2);
  });

  it("is empty for no entries", () => {
    expect(barnSchedule([])).toEqual([]);
  });
});

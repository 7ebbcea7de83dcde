import { describe, expect, it } from "vitest";
import {
  type ConflictKind,
  conflictBetween,
  findConflicts,
  type SeasonEntry,
  wouldConflict,
} from "#domain/season/season-conflicts.ts";

const at = (time: string) => Date.parse(`2026-06-05T${time}:00Z`);

function entry(id: string, overrides: Partial<SeasonEntry> = {}): SeasonEntry {
  return {
    id,
    showId: "A",
    showStart: "2026-06-05",
    showEnd: "2026-06-06",
    classId: `class-${id}`,
    date: "2026-06-05",
    session: "pm",
    place: 0,
    ring: "Main Ring",
    start: null,
    minutes: 7,
    horseId: null,
    riderId: null,
    ...overrides,
  };
}

const otherShow = { showId: "B", showStart: "2026-06-05", showEnd: "2026-06-07" };

describe("conflictBetween", () => {
  const cases: [string, Partial<SeasonEntry>, Partial<SeasonEntry>, ConflictKind | null, string | null][] = [
    // name, a, b, kind, subject
    ["same horse, next class", { horseId: "h", place: 3 }, { horseId: "h", place: 4 }, "tooClose", "horse"],
    ["same rider, class before", { riderId: "r", place: 4 }, { riderId: "r", place: 3 }, "tooClose", "rider"],
    ["same horse, 2 classes apart", { horseId: "h", place: 3 }, { horseId: "h", place: 5 }, null, null],
    [
      "same horse, other session",
      { horseId: "h", place: 3 },
      { horseId: "h", place: 4, session: "am" },
      null,
      null,
    ],
    [
      "different horse and rider, next class",
      { horseId: "h", riderId: "r" },
      { horseId: "g", riderId: "s", place: 1 },
      null,
      null,
    ],
    [
      "one class, twice (same booking)",
      { horseId: "h", classId: "c" },
      { horseId: "h", classId: "c" },
      null,
      null,
    ],
    ["unknown horse never matches", { horseId: null, place: 0 }, { horseId: null, place: 1 }, null, null],
    [
      "same rider, two rings, overlapping times",
      { riderId: "r", ring: "Main Ring", session: "s1", start: at("19:00") },
      { riderId: "r", ring: "Arena 2", session: "s2", start: at("19:05") },
      "rings",
      "rider",
    ],
    [
      "same rider, two rings, one after the other",
      { riderId: "r", ring: "Main Ring", session: "s1", start: at("19:00") },
      { riderId: "r", ring: "Arena 2", session: "s2", start: at("19:07") },
      null,
      null,
    ],
    [
      "same horse, one ring (ring spelled differently) at the same time",
      { horseId: "h", ring: "Main Ring", session: "s1", start: at("19:00") },
      { horseId: "h", ring: " main ring", session: "s2", start: at("19:00") },
      null,
      null,
    ],
    [
      "same rider, two shows' rings at the same time",
      { riderId: "r", start: at("19:00"), date: "2026-06-06" },
      { ...otherShow, riderId: "r", start: at("19:03"), date: "2026-06-06" },
      "rings",
      "rider",
    ],
    [
      "untimed sessions never overlap in time",
      { riderId: "r", ring: "Main Ring", session: "s1" },
      { riderId: "r", ring: "Arena 2", session: "s2" },
      null,
      null,
    ],
    [
      "same horse, two shows, one day",
      { horseId: "h" },
      { ...otherShow, horseId: "h" },
      "horseTwoShows",
      "horse",
    ],
    [
      "same horse, two overlapping shows, different days",
      { horseId: "h", date: "2026-06-05" },
      { ...otherShow, horseId: "h", date: "2026-06-07" },
      "showsOverlap",
      null,
    ],
    [
      "different horses, overlapping shows",
      { horseId: "h" },
      { ...otherShow, horseId: "g" },
      "showsOverlap",
      null,
    ],
    [
      "shows touching on one day overlap",
      { showEnd: "2026-06-06" },
      { showId: "B", showStart: "2026-06-06", showEnd: "2026-06-08", date: "2026-06-06" },
      "showsOverlap",
      null,
    ],
    [
      "shows one after the other",
      { showEnd: "2026-06-06" },
      { showId: "B", showStart: "2026-06-07", showEnd: "2026-06-08", date: "2026-06-07" },
      null,
      null,
    ],
  ];
  it.each(cases)("%s", (_name, a, b, kind, subject) => {
    const x = entry("x", a);
    const y = entry("y", b);
    const forward = conflictBetween(x, y);
    expect(forward?.kind ?? null).toBe(kind);
    expect(forward?.subject ?? null).toBe(subject);
    // Symmetric: the same warning from the other side.
    expect(conflictBetween(y, x)).toEqual(forward);
  });
});

describe("findConflicts", () => {
  it("puts a horse conflict on both entries, naming the other", () => {
    const found = findConflicts([
      entry("a", { horseId: "h", place: 1 }),
      entry("b", { horseId: "h", place: 2 }),
      entry("c", { horseId: "h", place: 5 }),
    ]);
    expect(found.get("a")).toEqual([{ kind: "tooClose", subject: "horse", otherId: "b" }]);
    expect(found.get("b")).toEqual([{ kind: "tooClose", subject: "horse", otherId: "a" }]);
    expect(found.has("c")).toBe(false);
  });

  it("names an overlapping show once per entry, and not beside a more specific warning about it", () => {
    const found = findConflicts([
      entry("a1", { horseId: "h" }),
      entry("a2", { horseId: "g", place: 4 }),
      entry("b1", { ...otherShow, horseId: "h" }),
      entry("b2", { ...otherShow, horseId: "k", place: 4 }),
    ]);
    expect(found.get("a1")).toEqual([{ kind: "horseTwoShows", subject: "horse", otherId: "b1" }]);
    expect(found.get("a2")).toEqual([{ kind: "showsOverlap", subject: null, otherId: "b1" }]);
    expect(found.get("b1")).toEqual([{ kind: "horseTwoShows", subject: "horse", otherId: "a1" }]);
    expect(found.get("b2")).toEqual([{ kind: "showsOverlap", subject: null, otherId: "a1" }]);
  });

  it("finds nothing in a season of separate shows", () => {
    const season = Array.from({ length: 30 }, (_, i) => {
      const day = `2026-06-${String(i + 1).padStart(2, "0")}`;
      return entry(`e${i}`, { showId: `s${i}`, showStart: day, showEnd: day, date: day, horseId: "h" });
    });
    expect(findConflicts(season).size).toBe(0);
  });

  it("meets shows that start earlier but run on (sorted by start, not by input)", () => {
    const found = findConflicts([
      entry("late", { showId: "L", showStart: "2026-06-10", showEnd: "2026-06-10", date: "2026-06-10" }),
      entry("long", { showId: "G", showStart: "2026-06-01", showEnd: "2026-06-12", date: "2026-06-01" }),
    ]);
    expect(found.get("late")).toEqual([{ kind: "showsOverlap", subject: null, otherId: "long" }]);
    expect(found.get("long")).toEqual([{ kind: "showsOverlap", subject: null, otherId: "late" }]);
  });
});

describe("wouldConflict", () => {
  const existing = [entry("a", { horseId: "h", place: 3 })];
  it.each([
    ["next class for the same horse", { horseId: "h", place: 4 }, true],
    ["two classes later", { horseId: "h", place: 5 }, false],
    ["the class already entered", { horseId: "h", place: 3, classId: "class-a" }, false],
    ["another horse at an overlapping show", { ...otherShow, horseId: "g" }, true],
  ] as const)("%s → %s", (_name, candidate, expected) => {
    expect(wouldConflict(entry("new", candidate), existing)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { deriveRosterEntries, type RosterEntry, rosterBucket } from "#domain/roster/roster.ts";

let nextId = 0;
function entry(overrides: Partial<RosterEntry> = {}): RosterEntry {
  nextId += 1;
  return {
    id: `e${nextId}`,
    userId: "viewer",
    showId: "show-1",
    classId: "cel-30",
    status: "ImShowing",
    horseId: null,
    riderId: null,
    createdBy: overrides.userId ?? "viewer",
    ...overrides,
  };
}

const summary = (entries: RosterEntry[]) => entries.map((e) => `${e.id}:${e.status}`);
const base = { viewerId: "viewer", isTrainer: false, own: [], riderEntries: [], friendEntries: [] };

describe("deriveRosterEntries: rider entries", () => {
  const customerEntry = entry({
    id: "c1",
    userId: "owner",
    status: "HorseIsShowing",
    horseId: "h1",
    riderId: "viewer",
  });

  it.each([
    ["a trainer sees them as ImShowing", true, ["c1:ImShowing"]],
    ["a non-trainer does not see them", false, []],
  ])("%s", (_label, isTrainer, expected) => {
    const result = deriveRosterEntries({ ...base, isTrainer, riderEntries: [customerEntry] });
    expect(summary(result)).toEqual(expected);
  });

  it("keeps the other user's horse, rider and owner on the derived entry", () => {
    const [derived] = deriveRosterEntries({ ...base, isTrainer: true, riderEntries: [customerEntry] });
    expect(derived).toEqual({ ...customerEntry, status: "ImShowing" });
    expect(customerEntry.status).toBe("HorseIsShowing");
  });

  it.each([
    ["Friend is Showing naming the trainer", "FriendIsShowing", "h1", false],
    ["Friend is Showing naming the trainer, no horse", "FriendIsShowing", null, false],
    ["Customer is Showing with the trainer and a horse", "CustomerIsShowing", "h1", false],
    ["Customer is Showing with the trainer, no horse", "CustomerIsShowing", null, true],
    ["My Horse is Showing naming the trainer", "HorseIsShowing", "h1", true],
  ])(
    "%s: derived only when it does not mirror (its mirror is the trainer's own) → %s",
    (_label, status, horseId, derived) => {
      const e = entry({ id: "x", userId: "someone", status, horseId, riderId: "viewer" });
      const result = deriveRosterEntries({ ...base, isTrainer: true, riderEntries: [e] });
      expect(summary(result)).toEqual(derived ? ["x:ImShowing"] : []);
    },
  );

  it.each([
    ["naming someone else as rider", entry({ userId: "owner", riderId: "other", horseId: "h1" })],
    ["belonging to the viewer", entry({ userId: "viewer", riderId: "viewer", horseId: "h1" })],
  ])("ignores a rider entry %s", (_label, e) => {
    expect(deriveRosterEntries({ ...base, isTrainer: true, riderEntries: [e] })).toEqual([]);
  });
});

describe("deriveRosterEntries: friend entries", () => {
  it.each([
    ["ImShowing", ["f:FriendIsShowing"]],
    ["HorseIsShowing", ["f:FriendIsShowing"]],
    ["CustomerIsShowing", []],
    ["FriendIsShowing", []],
    ["Interested", []],
    ["WatchClass", []],
    ["Bogus", []],
  ])("a friend's %s entry → %j", (status, expected) => {
    const friendEntries = [entry({ id: "f", userId: "friend", status, horseId: "h9", riderId: "someone" })];
    expect(summary(deriveRosterEntries({ ...base, friendEntries }))).toEqual(expected);
  });

  it.each([
    ["ImShowing without a rider names the friend", "ImShowing", null, "friend"],
    ["ImShowing with a rider keeps that rider", "ImShowing", "r2", "r2"],
    ["HorseIsShowing without a rider stays riderless", "HorseIsShowing", null, null],
    ["HorseIsShowing with a rider keeps that rider", "HorseIsShowing", "r3", "r3"],
  ])("%s", (_label, status, riderId, expectedRider) => {
    const friendEntries = [entry({ userId: "friend", status, riderId, horseId: "h1" })];
    const [derived] = deriveRosterEntries({ ...base, friendEntries });
    expect(derived?.riderId).toBe(expectedRider);
    expect(derived?.userId).toBe("friend");
  });

  it("drops a friend's entry that duplicates the viewer's own FriendIsShowing declaration", () => {
    const own = [entry({ id: "mine", status: "FriendIsShowing", riderId: "friend", horseId: "h1" })];
    const friendEntries = [entry({ id: "theirs", userId: "friend", status: "ImShowing", horseId: "h1" })];
    expect(summary(deriveRosterEntries({ ...base, own, friendEntries }))).toEqual(["mine:FriendIsShowing"]);
  });
});

describe("deriveRosterEntries: duplicates", () => {
  it.each<[string, Partial<RosterEntry>[], string[]]>([
    [
      "same show/class/rider/horse with different statuses → the first is kept",
      [
        { id: "a", status: "HorseIsShowing", riderId: "r", horseId: "h" },
        { id: "b", status: "CustomerIsShowing", riderId: "r", horseId: "h" },
      ],
      ["a:HorseIsShowing"],
    ],
    [
      "Interested twice → one",
      [
        { id: "a", status: "Interested" },
        { id: "b", status: "Interested", horseId: "h" },
      ],
      ["a:Interested"],
    ],
    [
      "Interested and WatchClass → both",
      [
        { id: "a", status: "Interested" },
        { id: "b", status: "WatchClass" },
      ],
      ["a:Interested", "b:WatchClass"],
    ],
    [
      "WatchClass twice with different horses → one",
      [
        { id: "a", status: "WatchClass", horseId: "h1" },
        { id: "b", status: "WatchClass", horseId: "h2" },
      ],
      ["a:WatchClass"],
    ],
    [
      "Interested next to ImShowing with no rider or horse → both",
      [
        { id: "a", status: "ImShowing" },
        { id: "b", status: "Interested" },
      ],
      ["a:ImShowing", "b:Interested"],
    ],
    [
      "different horses → both",
      [
        { id: "a", horseId: "h1" },
        { id: "b", horseId: "h2" },
      ],
      ["a:ImShowing", "b:ImShowing"],
    ],
    [
      "different riders → both",
      [
        { id: "a", status: "HorseIsShowing", horseId: "h", riderId: "r1" },
        { id: "b", status: "HorseIsShowing", horseId: "h", riderId: "r2" },
      ],
      ["a:HorseIsShowing", "b:HorseIsShowing"],
    ],
    [
      "same people in different classes → both",
      [
        { id: "a", classId: "cel-30" },
        { id: "b", classId: "cel-31" },
      ],
      ["a:ImShowing", "b:ImShowing"],
    ],
    [
      "same people and class number at different shows → both",
      [
        { id: "a", showId: "s1" },
        { id: "b", showId: "s2" },
      ],
      ["a:ImShowing", "b:ImShowing"],
    ],
  ])("%s", (_label, rows, expected) => {
    const own = rows.map((r) => entry(r));
    expect(summary(deriveRosterEntries({ ...base, own }))).toEqual(expected);
  });

  it("lets own entries win over trainer-derived ones, and trainer-derived over friend-derived", () => {
    const own = [entry({ id: "mine", status: "ImShowing", riderId: "viewer", horseId: "h1" })];
    const riderEntries = [
      entry({
        id: "dup-of-mine",
        userId: "owner",
        status: "HorseIsShowing",
        riderId: "viewer",
        horseId: "h1",
      }),
      entry({ id: "customer", userId: "owner", status: "HorseIsShowing", riderId: "viewer", horseId: "h2" }),
    ];
    const friendEntries = [
      entry({
        id: "friend-dup",
        userId: "friend",
        status: "HorseIsShowing",
        riderId: "viewer",
        horseId: "h2",
      }),
      entry({ id: "friend", userId: "friend", status: "ImShowing", horseId: "h3" }),
    ];
    const result = deriveRosterEntries({
      viewerId: "viewer",
      isTrainer: true,
      own,
      riderEntries,
      friendEntries,
    });
    expect(summary(result)).toEqual(["mine:ImShowing", "customer:ImShowing", "friend:FriendIsShowing"]);
  });

  it("keeps input order within each group", () => {
    const own = [entry({ id: "o2", classId: "c2" }), entry({ id: "o1", classId: "c1" })];
    const friendEntries = [
      entry({ id: "f2", userId: "friend", classId: "c4" }),
      entry({ id: "f1", userId: "friend", classId: "c3" }),
    ];
    const result = deriveRosterEntries({ ...base, own, friendEntries });
    expect(result.map((e) => e.id)).toEqual(["o2", "o1", "f2", "f1"]);
  });

  it("returns nothing for no entries", () => {
    expect(deriveRosterEntries(base)).toEqual([]);
  });
});

describe("rosterBucket", () => {
  it.each([
    ["yesterday", "2026-03-14", "2026-03-15", null],
    ["a year ago", "2025-03-15", "2026-03-15", null],
    ["today", "2026-03-15", "2026-03-15", "today"],
    ["tomorrow", "2026-03-16", "2026-03-15", "thisWeek"],
    ["today + 7", "2026-03-22", "2026-03-15", "thisWeek"],
    ["today + 8", "2026-03-23", "2026-03-15", "showSeason"],
    ["today + 120", "2026-07-13", "2026-03-15", "showSeason"],
    ["+1 across a month end", "2026-05-01", "2026-04-30", "thisWeek"],
    ["+7 across a month end", "2026-05-07", "2026-04-30", "thisWeek"],
    ["+8 across a month end", "2026-05-08", "2026-04-30", "showSeason"],
    ["-1 across a month end", "2026-04-30", "2026-05-01", null],
    ["+1 across a year end", "2027-01-01", "2026-12-31", "thisWeek"],
    ["+7 across a year end", "2027-01-07", "2026-12-31", "thisWeek"],
    ["+8 across a year end", "2027-01-08", "2026-12-31", "showSeason"],
    ["-1 across a year end", "2026-12-31", "2027-01-01", null],
    ["leap day is +1 from 28 Feb", "2028-02-29", "2028-02-28", "thisWeek"],
    ["1 Mar is +7 from leap day - 6", "2028-03-01", "2028-02-23", "thisWeek"],
    ["1 Mar is +8 from 22 Feb in a leap year", "2028-03-01", "2028-02-22", "showSeason"],
    ["1 Mar is +7 from 22 Feb in a common year", "2027-03-01", "2027-02-22", "thisWeek"],
    ["leap day itself", "2028-02-29", "2028-02-29", "today"],
    ["an unreadable date", "TBA", "2026-03-15", null],
  ])("%s: %s seen on %s → %s", (_label, date, today, expected) => {
    expect(rosterBucket(date, today)).toBe(expected);
  });
});

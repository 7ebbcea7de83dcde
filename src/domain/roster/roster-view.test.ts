import { describe, expect, it } from "vitest";
import { type RosterEntry, rosterBucket } from "#domain/roster/roster.ts";
import {
  buildRoster,
  classKey,
  localDay,
  needsClassDay,
  needsDateHeading,
  type RosterClassInfo,
  type RosterLookup,
  type RosterShowInfo,
  rosterDate,
} from "#domain/roster/roster-view.ts";

const today = "2026-03-15";
const shows: RosterShowInfo[] = [
  {
    id: "celebration",
    name: "Celebration",
    location: "Shelbyville, TN",
    startDate: "2026-07-13",
    endDate: "2026-07-16",
  },
  { id: "celina", name: "Celina", location: "Celina, TN", startDate: "2026-03-22", endDate: "2026-03-22" },
  { id: "local", name: "Local", location: "Lewisburg, TN", startDate: "2026-03-15", endDate: "2026-03-16" },
  { id: "past", name: "Past", location: "Lewisburg, TN", startDate: "2026-03-01", endDate: "2026-03-01" },
  { id: "fun", name: "Fun", location: "Shelbyville, TN", startDate: "2026-03-23", endDate: "2026-03-24" },
];
const classes: RosterClassInfo[] = [
  { showId: "celebration", id: "cel-1", number: "1", name: "Amateur Park", date: null, position: 0 },
  { showId: "celebration", id: "cel-2", number: "2", name: "Youth Trail", date: "2026-07-15", position: 1 },
  { showId: "celina", id: "class-3", number: "3", name: "Yearlings", date: null, position: 2 },
  { showId: "celina", id: "class-1", number: "1", name: "Model Mares", date: null, position: 0 },
  { showId: "local", id: "class-1", number: "1", name: "Lite Shod", date: null, position: 0 },
  { showId: "local", id: "class-2", number: "2", name: "Country Pleasure", date: "2026-03-16", position: 1 },
  { showId: "past", id: "class-1", number: "1", name: "Old Class", date: null, position: 0 },
  { showId: "fun", id: "sfs-1", number: "1", name: "Fun Class", date: "2026-03-23", position: 0 },
];
const lookup: RosterLookup = {
  shows: new Map(shows.map((s) => [s.id, s])),
  classes: new Map(classes.map((c) => [classKey(c.showId, c.id), c])),
  userNames: new Map([
    ["me", "Me"],
    ["friend", "Fran"],
  ]),
  horseNames: new Map([["h1", "Midnight"]]),
};

let n = 0;
const entry = (showId: string, classId: string, over: Partial<RosterEntry> = {}): RosterEntry => ({
  id: `e${++n}`,
  userId: "me",
  showId,
  classId,
  status: "ImShowing",
  horseId: null,
  riderId: null,
  createdBy: over.userId ?? "me",
  ...over,
});

const shape = (roster: ReturnType<typeof buildRoster>) =>
  Object.fromEntries(
    Object.entries(roster.sections).map(([section, cards]) => [
      section,
      cards.map(
        (c) =>
          `${c.id}: ${c.days.map((d) => `${d.date}${d.heading ? "*" : ""}[${d.classes.map((x) => x.id).join(",")}]`).join(" ")}`,
      ),
    ]),
  );

describe("buildRoster", () => {
  it("sorts entries into sections by class date, else start date, hiding the past", () => {
    const roster = buildRoster(
      "me",
      [
        entry("celebration", "cel-2"),
        entry("celina", "class-3"),
        entry("local", "class-2"),
        entry("local", "class-1"),
        entry("past", "class-1"),
        entry("celina", "class-1"),
        entry("celebration", "cel-1"),
        entry("fun", "sfs-1"),
      ],
      lookup,
      today,
    );
    expect(shape(roster)).toEqual({
      today: ["local: 2026-03-15[class-1]"],
      thisWeek: ["local: 2026-03-16*[class-2]", "celina: 2026-03-22[class-1,class-3]"],
      showSeason: ["fun: 2026-03-23[sfs-1]", "celebration: 2026-07-13*[cel-1] 2026-07-15*[cel-2]"],
    });
  });

  it("puts the day 7 ahead in This Week and day 8 in Show Season", () => {
    const roster = buildRoster("me", [entry("celina", "class-1"), entry("fun", "sfs-1")], lookup, today);
    expect(roster.sections.thisWeek.map((s) => s.id)).toEqual(["celina"]);
    expect(roster.sections.showSeason.map((s) => s.id)).toEqual(["fun"]);
  });

  it("moves a class from This Week to Today as the viewer's calendar reaches it", () => {
    const entries = [entry("celina", "class-1")];
    expect(buildRoster("me", entries, lookup, "2026-03-21").sections.thisWeek).toHaveLength(1);
    expect(buildRoster("me", entries, lookup, "2026-03-22").sections.today).toHaveLength(1);
    expect(buildRoster("me", entries, lookup, "2026-03-23").sections).toEqual({
      today: [],
      thisWeek: [],
      showSeason: [],
    });
  });

  it("names horse and rider, and who declared an entry that is not the viewer's", () => {
    const roster = buildRoster(
      "me",
      [
        entry("celina", "class-1", {
          userId: "friend",
          status: "FriendIsShowing",
          horseId: "h1",
          riderId: "friend",
        }),
      ],
      lookup,
      today,
    );
    expect(roster.sections.thisWeek[0]?.days[0]?.classes[0]?.entries).toEqual([
      {
        id: expect.any(String),
        status: "FriendIsShowing",
        horseName: "Midnight",
        riderName: "Fran",
        fromId: "friend",
        fromName: "Fran",
        mirrored: false,
      },
    ]);
  });

  it.each([
    ["the viewer's own entry", { createdBy: "me" }, null, null, false],
    ["an entry mirrored onto the viewer", { createdBy: "friend" }, "friend", "Fran", true],
    ["a friend's own entry", { userId: "friend", createdBy: "friend" }, "friend", "Fran", false],
    [
      "a friend's entry mirrored by a third person",
      { userId: "friend", createdBy: "x" },
      "friend",
      "Fran",
      false,
    ],
    // Issue 24, item 3: what the viewer put on a friend's roster is the viewer's own doing, never
    // "Entered by" the friend (and never "Entered by" the viewer).
    [
      "an entry the viewer put on a friend's roster",
      { userId: "friend", createdBy: "me" },
      null,
      null,
      false,
    ],
  ] as const)(
    "names who entered %s and whether the viewer may remove it",
    (_label, over, fromId, fromName, mirrored) => {
      const roster = buildRoster("me", [entry("celina", "class-1", over)], lookup, today);
      expect(roster.sections.thisWeek[0]?.days[0]?.classes[0]?.entries[0]).toMatchObject({
        fromId,
        fromName,
        mirrored,
      });
    },
  );

  it("leaves out entries whose show or class is unknown, and returns empty sections for nothing", () => {
    const roster = buildRoster("me", [entry("nowhere", "x"), entry("celina", "class-99")], lookup, today);
    expect(roster).toEqual({ today, sections: { today: [], thisWeek: [], showSeason: [] } });
  });
});

describe("needsClassDay: every entry can be placed in time", () => {
  it.each([
    ["a one-day show without heading", false, "2026-07-13", "2026-07-13", false],
    ["a four-day show, one entry on day 1 (no heading)", false, "2026-07-13", "2026-07-16", true],
    ["a four-day show, day with its heading", true, "2026-07-13", "2026-07-16", false],
    ["a one-day show with a heading", true, "2026-07-13", "2026-07-13", false],
  ])("%s → %s", (_, heading, startDate, endDate, expected) => {
    expect(needsClassDay({ heading }, { startDate, endDate })).toBe(expected);
  });
});

describe("rosterDate and needsDateHeading", () => {
  it.each([
    [{ date: "2026-07-15" }, "2026-07-15"],
    [{ date: null }, "2026-07-13"],
    [{ date: "" }, "2026-07-13"],
  ])("class %o of a show starting 2026-07-13 counts on %s", (cls, expected) => {
    expect(rosterDate(cls, { startDate: "2026-07-13" })).toBe(expected);
  });

  it.each([
    [1, "2026-07-13", false],
    [1, "2026-07-14", true],
    [2, "2026-07-13", true],
  ])("%i date(s) in the card, date %s → heading %s", (count, date, expected) => {
    expect(needsDateHeading(count, date, "2026-07-13")).toBe(expected);
  });
});

describe("localDay: the viewer's calendar around midnight", () => {
  it.each([
    ["one minute before midnight", new Date(2026, 2, 15, 23, 59, 59), "2026-03-15", "thisWeek"],
    ["at midnight", new Date(2026, 2, 16, 0, 0, 0), "2026-03-16", "today"],
    ["just after midnight", new Date(2026, 2, 16, 0, 0, 1), "2026-03-16", "today"],
    ["midnight at a year end", new Date(2027, 0, 1, 0, 0, 0), "2027-01-01", null],
  ])("%s → %s; a class on 2026-03-16 is %s", (_label, now, day, bucket) => {
    expect(localDay(now)).toBe(day);
    expect(rosterBucket("2026-03-16", localDay(now))).toBe(bucket);
  });

  it("crosses the 7-day edge of This Week at the viewer's midnight", () => {
    const classDay = "2026-03-23";
    expect(rosterBucket(classDay, localDay(new Date(2026, 2, 15, 23, 59)))).toBe("showSeason");
    expect(rosterBucket(classDay, localDay(new Date(2026, 2, 16, 0, 0)))).toBe("thisWeek");
  });
});

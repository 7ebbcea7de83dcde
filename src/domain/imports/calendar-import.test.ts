import { describe, expect, it } from "vitest";
import {
  CALENDAR_ROW_ERRORS,
  CALENDAR_SAMPLE_CSV,
  calendarDifferences,
  calendarRowToShow,
  readCalendarDate,
  readCalendarRows,
  showIdentity,
  wouldChange,
} from "#domain/imports/calendar-import.ts";

describe("readCalendarDate", () => {
  it.each([
    ["2026-06-12", "2026-06-12"],
    ["2026-6-2", "2026-06-02"],
    ["6/12/2026", "2026-06-12"],
    ["2026-02-30", null],
    ["June 12", null],
    ["", null],
  ])("%s → %s", (input, expected) => {
    expect(readCalendarDate(input)).toBe(expected);
  });
});

describe("calendarRowToShow", () => {
  const base = { row: 2, text: "x" };
  it.each([
    ["1000-06-12", undefined, "1000-06-12"],
    ["2026-06-12", "9999-06-13", "9999-06-13"],
    ["6/12/1899", undefined, "6/12/1899"],
  ])(
    "lists a row starting %s (ending %s) as a problem: years are 1900–2100 (issue 19, item 8)",
    (start, end, shown) => {
      expect(calendarRowToShow({ ...base, name: "Far Away Classic", start, end })).toEqual({
        problem: CALENDAR_ROW_ERRORS.outOfRange(shown),
      });
    },
  );
  it("joins city and state, ends on the start day when no end is given, keeps the org", () => {
    expect(
      calendarRowToShow({
        ...base,
        name: " Money  Tree Classic ",
        start: "2004-06-02",
        city: "Columbia",
        state: "TN",
        org: "WHOA",
      }),
    ).toEqual({
      show: {
        name: "Money Tree Classic",
        startDate: "2004-06-02",
        endDate: "2004-06-02",
        location: "Columbia, TN",
        sanctioningOrg: "WHOA",
      },
    });
  });

  it("says TBD when the calendar gives no place", () => {
    const r = calendarRowToShow({ ...base, name: "A", start: "2026-01-01", end: "2026-01-02" });
    expect("show" in r && r.show.location).toBe("TBD");
  });

  it.each([
    ["no name", { start: "2026-01-01" }, CALENDAR_ROW_ERRORS.noName],
    ["no start", { name: "A" }, CALENDAR_ROW_ERRORS.noStart],
    ["a bad start", { name: "A", start: "soon" }, CALENDAR_ROW_ERRORS.badStart("soon")],
    [
      "a bad end",
      { name: "A", start: "2026-01-02", end: "2026-13-01" },
      CALENDAR_ROW_ERRORS.badEnd("2026-13-01"),
    ],
    [
      "an end before the start",
      { name: "A", start: "2026-01-02", end: "2026-01-01" },
      CALENDAR_ROW_ERRORS.endBeforeStart,
    ],
    ["a huge name", { name: "x".repeat(201), start: "2026-01-01" }, CALENDAR_ROW_ERRORS.tooLong("name", 200)],
  ])("refuses %s", (_label, fields, problem) => {
    expect(calendarRowToShow({ ...base, ...fields })).toEqual({ problem });
  });
});

describe("readCalendarRows", () => {
  it("keeps the first of a repeated show and explains the others", () => {
    const result = readCalendarRows([
      { row: 2, text: "a", name: "Spring Show", start: "2026-04-01" },
      { row: 3, text: "b", name: "spring  show", start: "2026-04-01" },
      { row: 4, text: "c", name: "Spring Show", start: "2027-04-01" },
      { row: 5, text: "d", name: "", start: "2027-04-01" },
    ]);
    expect(result.shows.map((s) => s.startDate)).toEqual(["2026-04-01", "2027-04-01"]);
    expect(result.problems).toEqual([
      { row: 3, text: "b", reason: CALENDAR_ROW_ERRORS.repeated(2) },
      { row: 5, text: "d", reason: CALENDAR_ROW_ERRORS.noName },
    ]);
  });
});

describe("showIdentity and wouldChange", () => {
  const show = {
    name: "A Show",
    startDate: "2026-01-01",
    endDate: "2026-01-02",
    location: "X",
    sanctioningOrg: null,
  };
  it("ignores case and spacing of the name", () => {
    expect(showIdentity({ name: " a  SHOW", startDate: "2026-01-01" })).toBe(showIdentity(show));
  });
  it.each([
    [{}, false],
    [{ endDate: "2026-01-03" }, true],
    [{ location: "Y" }, true],
    [{ sanctioningOrg: "WHOA" }, true],
  ])("%o changes it: %s", (change, changed) => {
    expect(wouldChange(show, { ...show, ...change })).toBe(changed);
  });
});

describe("calendarDifferences", () => {
  const present = {
    name: "Spring Jubilee",
    startDate: "2027-04-16",
    endDate: "2027-04-16",
    location: "Columbia, TN",
    sanctioningOrg: "WHOA",
  };
  it.each([
    ["nothing", {}, []],
    ["the org", { sanctioningOrg: "TWHBEA" }, [{ field: "sanctioningOrg", from: "WHOA", to: "TWHBEA" }]],
    ["an org taken away", { sanctioningOrg: null }, [{ field: "sanctioningOrg", from: "WHOA", to: "" }]],
    [
      "the end and the place",
      { endDate: "2027-04-17", location: "Lewisburg, TN" },
      [
        { field: "endDate", from: "2027-04-16", to: "2027-04-17" },
        { field: "location", from: "Columbia, TN", to: "Lewisburg, TN" },
      ],
    ],
  ])("%s", (_label, change, expected) => {
    const incoming = { ...present, ...change };
    expect(calendarDifferences(present, incoming)).toEqual(expected);
    expect(wouldChange(present, incoming)).toBe(expected.length > 0);
  });
});

describe("CALENDAR_SAMPLE_CSV", () => {
  it("is a calendar the import reads whole", () => {
    const [header, ...rows] = CALENDAR_SAMPLE_CSV.trim().split("\n");
    expect(header).toBe("name,start_date,end_date,location,city,state,sanctioning_org");
    expect(rows).toHaveLength(2);
  });
});

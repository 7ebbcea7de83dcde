import { describe, expect, it } from "vitest";
import {
  classesToAdd,
  datesFromClasses,
  importedShowDefaults,
  isOutside,
  outsideDatesProblem,
} from "#domain/imports/class-import.ts";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";

describe("classesToAdd", () => {
  it.each([
    ["a new show takes every class", [], ["1", "2", "36A"], ["class-1", "class-2", "class-36A"]],
    ["numbers the show has are skipped", ["1", "36a"], ["1", "2", "36A"], ["class-2"]],
    [
      "a number repeated in the import is taken once, the first time",
      [],
      ["1", "2", "1"],
      ["class-1", "class-2"],
    ],
    ["suffixes are compared without case", ["2a"], ["2A", "2b"], ["class-2B"]],
    ["an empty number is skipped", [], [" ", "3"], ["class-3"]],
  ])("%s", (_label, existing, numbers, ids) => {
    const imported = numbers.map((number, i) => ({ number, name: ` Class ${i} `, date: null }));
    expect(classesToAdd(existing, imported).map((c) => c.id)).toEqual(ids);
  });

  it("keeps names (trimmed) and dates", () => {
    expect(classesToAdd([], [{ number: "30", name: " Model Mares ", date: "2025-08-21" }])).toEqual([
      { id: "class-30", name: "Model Mares", date: "2025-08-21" },
    ]);
  });
});

describe("importedShowDefaults", () => {
  it("starts an imported show today, at 'TBD', judged by 'TBA'", () => {
    expect(importedShowDefaults("2025-11-23")).toEqual({
      startDate: "2025-11-23",
      endDate: "2025-11-23",
      location: "TBD",
      judges: ["TBA"],
    });
  });
});

describe("a new show's dates from its classes", () => {
  it.each([
    [
      "first to last class date, in any order",
      ["2027-05-15", null, "2027-05-14", "2027-05-16"],
      "2027-05-14",
      "2027-05-16",
      true,
    ],
    ["one dated class", [null, "2027-05-14"], "2027-05-14", "2027-05-14", true],
    ["no dated class: today", [null, null], "2026-11-27", "2026-11-27", false],
    ["no class: today", [], "2026-11-27", "2026-11-27", false],
  ])("%s", (_label, dates, startDate, endDate, fromClasses) => {
    const classes = dates.map((date, i) => ({ number: String(i + 1), name: "Class", date }));
    expect(datesFromClasses(classes, "2026-11-27")).toEqual({ startDate, endDate, fromClasses });
    expect(importedShowDefaults("2026-11-27", classes)).toMatchObject({ startDate, endDate });
  });
});

describe("classes dated outside their show's dates", () => {
  const show = { startDate: "2027-05-14", endDate: "2027-05-15" };
  it.each([
    ["the first day", "2027-05-14", false],
    ["the last day", "2027-05-15", false],
    ["the day before", "2027-05-13", true],
    ["the day after", "2027-05-16", true],
    ["a year off", "2026-05-14", true],
    ["no date", null, false],
  ])("%s (%s): outside %s", (_label, date, outside) => {
    expect(isOutside(show, date)).toBe(outside);
  });

  it("names the first class outside, with both dates", () => {
    expect(
      outsideDatesProblem(show, [
        { number: "1", date: "2027-05-14" },
        { number: "2", date: "2026-05-14" },
        { number: "3", date: "2028-01-01" },
      ]),
    ).toBe(prizeListTexts.outsideDates("2", "2026-05-14", "2027-05-14", "2027-05-15"));
    expect(outsideDatesProblem(show, [{ number: "1", date: null }])).toBeNull();
  });

  it("writes the dates as the rest of the app does, never as stored (issue 34, item 9)", () => {
    expect(prizeListTexts.outsideDates("2", "2026-05-14", "2027-05-14", "2027-05-15")).toBe(
      "Class 2 is dated Thu, May 14, 2026, outside the show's dates (May 14 – May 15, 2027). Change the class's date or the show's.",
    );
  });
});

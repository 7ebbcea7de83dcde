import { describe, expect, it } from "vitest";
import { CALENDAR_DAY_ERRORS, calendarDay } from "#domain/contracts/calendar-day.ts";
import { isCalendarDay, isSensibleYear, MAX_YEAR, MIN_YEAR } from "#domain/dates/calendar-day.ts";

describe("isCalendarDay (issue 19, item 8)", () => {
  it.each([
    ["1900-01-01", true],
    ["2100-12-31", true],
    ["2026-08-27", true],
    ["2028-02-29", true],
    ["1899-12-31", false],
    ["2101-01-01", false],
    ["0001-01-01", false],
    ["9999-12-31", false],
    ["2027-02-29", false],
    ["2026-13-01", false],
    ["2026-8-27", false],
    ["20260827", false],
    ["", false],
  ])("%s → %s", (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it("bounds years to 1900–2100", () => {
    expect([MIN_YEAR, MAX_YEAR]).toEqual([1900, 2100]);
    expect([1899, 1900, 2100, 2101, 2026.5].map(isSensibleYear)).toEqual([false, true, true, false, false]);
  });
});

describe("calendarDay contract", () => {
  it.each([
    ["2026-08-27", null],
    ["27/08/2026", CALENDAR_DAY_ERRORS.format],
    ["9999-01-01", CALENDAR_DAY_ERRORS.range],
    ["2026-02-30", CALENDAR_DAY_ERRORS.range],
  ])("%s → %s", (value, message) => {
    const parsed = calendarDay().safeParse(value);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });
});

import { format, isValid, parseISO } from "date-fns";
import { describe, expect, it } from "vitest";
import { formatDayHeading, formatLongDate, formatShowDates } from "#domain/dates/show-dates.ts";

/** The date-fns formatting these helpers replaced, as the reference for their output. */
function reference(startDate: string, endDate: string): string {
  const start = parseISO(startDate);
  const end = parseISO(endDate);
  if (!isValid(start)) return startDate;
  if (!isValid(end) || startDate >= endDate) return format(start, "EEE, MMM d, yyyy");
  if (start.getFullYear() !== end.getFullYear())
    return `${format(start, "MMM d, yyyy")} – ${format(end, "MMM d, yyyy")}`;
  return `${format(start, "MMM d")} – ${format(end, "MMM d, yyyy")}`;
}

describe("formatShowDates", () => {
  it.each([
    ["2026-11-28", "2026-11-28", "Sat, Nov 28, 2026"],
    ["2026-11-28", "2026-12-01", "Nov 28 – Dec 1, 2026"],
    ["2026-12-30", "2027-01-02", "Dec 30, 2026 – Jan 2, 2027"],
    ["2026-11-28", "2026-11-27", "Sat, Nov 28, 2026"],
    ["2026-11-28", "not a day", "Sat, Nov 28, 2026"],
    ["2026-02-30", "2026-03-01", "2026-02-30"],
    ["", "", ""],
  ])("%j to %j → %j", (start, end, expected) => {
    expect(formatShowDates(start, end)).toBe(expected);
  });

  it("prints what date-fns printed, for every day of two years and spans of 0 to 12 days", () => {
    for (let i = 0; i < 730; i += 1) {
      const start = new Date(2026, 0, 1 + i);
      const span = i % 13;
      const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + span);
      const ymd = (d: Date) => format(d, "yyyy-MM-dd");
      expect(formatShowDates(ymd(start), ymd(end))).toBe(reference(ymd(start), ymd(end)));
      expect(formatDayHeading(ymd(start))).toBe(format(start, "EEEE, MMMM d"));
      expect(formatLongDate(ymd(start))).toBe(format(start, "EEE, MMM d, yyyy"));
    }
  });

  it.each([
    ["0999-01-05", "0999-01-09"],
    ["2099-12-31", "2100-01-01"],
    ["1900-02-28", "1900-02-28"],
  ])("prints what date-fns printed for %j to %j, far from today", (start, end) => {
    expect(formatShowDates(start, end)).toBe(reference(start, end));
    expect(formatDayHeading(start)).toBe(format(parseISO(start), "EEEE, MMMM d"));
    expect(formatLongDate(start)).toBe(format(parseISO(start), "EEE, MMM d, yyyy"));
  });
});

describe("formatLongDate", () => {
  it.each([
    ["2026-06-07", "Sun, Jun 7, 2026"],
    ["2028-02-29", "Tue, Feb 29, 2028"],
    ["2026-02-30", "2026-02-30"],
    ["2026-13-01", "2026-13-01"],
    ["7/6/2026", "7/6/2026"],
    ["", ""],
  ])("%j → %j", (ymd, expected) => {
    expect(formatLongDate(ymd)).toBe(expected);
  });
});

describe("formatDayHeading", () => {
  it.each([
    ["2026-11-28", "Saturday, November 28"],
    ["2028-02-29", "Tuesday, February 29"],
    ["2027-02-29", "2027-02-29"],
    ["28/11/2026", "28/11/2026"],
  ])("%j → %j", (ymd, expected) => {
    expect(formatDayHeading(ymd)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { resolveDateWithoutYear, weekdayNumber } from "#domain/imports/dates-without-year.ts";

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const weekdayOf = (ymd: string) => new Date(`${ymd}T00:00:00Z`).getUTCDay();

describe("resolveDateWithoutYear", () => {
  it.each([
    // The case: "Friday Night, May 14" read in 2026 is 2027 (May 14, 2026 is a Thursday).
    [
      "Friday, May 14 read on 2026-11-27",
      { month: 5, day: 14, weekday: 5 },
      "2026-11-27",
      "2027-05-14",
      false,
    ],
    [
      "Friday, May 14 read on 2026-03-01",
      { month: 5, day: 14, weekday: 5 },
      "2026-03-01",
      "2027-05-14",
      false,
    ],
    [
      "Thursday, May 14 read on 2026-03-01",
      { month: 5, day: 14, weekday: 4 },
      "2026-03-01",
      "2026-05-14",
      false,
    ],
    ["May 14 without a weekday, read before it", { month: 5, day: 14 }, "2026-03-01", "2026-05-14", false],
    ["May 14 without a weekday, read after it", { month: 5, day: 14 }, "2026-06-01", "2027-05-14", false],
    ["today itself", { month: 11, day: 27 }, "2026-11-27", "2026-11-27", false],
    // A list printed for a show just past: Wednesday, Nov 25, 2026 (read two days later).
    [
      "a weekday that matches the year before",
      { month: 11, day: 25, weekday: 3 },
      "2026-11-27",
      "2026-11-25",
      false,
    ],
    ["Feb 29 waits for a leap year", { month: 2, day: 29 }, "2026-11-27", "2028-02-29", false],
    ["Tuesday, Feb 29 (2028)", { month: 2, day: 29, weekday: 2 }, "2026-11-27", "2028-02-29", false],
    [
      "Sunday, Feb 29 matches no nearby year",
      { month: 2, day: 29, weekday: 0 },
      "2026-11-27",
      "2028-02-29",
      true,
    ],
    ["Feb 30 is no day", { month: 2, day: 30 }, "2026-11-27", null, false],
    [
      "Friday, Jan 1 across the new year",
      { month: 1, day: 1, weekday: 5 },
      "2026-11-27",
      "2027-01-01",
      false,
    ],
  ])("%s", (_label, printed, today, date, mismatch) => {
    expect(resolveDateWithoutYear(printed, today)).toEqual({ date, weekdayMismatch: mismatch });
  });

  // Every weekday × month pair, read on the first of every month of a leap year and the years around it:
  // the date found falls on the printed weekday whenever one of the nearby years allows it, is the next
  // occurrence otherwise (and flagged), and is never more than a year and a half from the reading.
  const days = [1, 14, 28, 29, 31];
  const readings = ["2027-01-01", "2028-01-01", "2028-02-29", "2028-03-01", "2028-12-31", "2029-06-15"];
  for (const today of readings) {
    for (let month = 1; month <= 12; month++) {
      for (let weekday = 0; weekday < 7; weekday++) {
        it(`${WEEKDAY_NAMES[weekday]} in month ${month}, read on ${today}`, () => {
          for (const day of days) {
            const { date, weekdayMismatch } = resolveDateWithoutYear({ month, day, weekday }, today);
            const next = resolveDateWithoutYear({ month, day }, today).date;
            if (next === null) {
              expect(date).toBeNull();
              continue;
            }
            expect(date).not.toBeNull();
            expect(Number(date!.slice(5, 7))).toBe(month);
            expect(Number(date!.slice(8, 10))).toBe(day);
            if (weekdayMismatch) expect(date).toBe(next);
            else expect(weekdayOf(date!)).toBe(weekday);
            const years = Math.abs(Number(date!.slice(0, 4)) - Number(next.slice(0, 4)));
            expect(years).toBeLessThanOrEqual(1);
            // A matching year is taken whenever one of the three exists.
            const nearby = [0, 1, -1].map((k) => `${Number(next.slice(0, 4)) + k}${next.slice(4)}`);
            const anyMatch = nearby.some(
              (d) =>
                !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
                new Date(`${d}T00:00:00Z`).getUTCDate() === day &&
                weekdayOf(d) === weekday,
            );
            expect(weekdayMismatch).toBe(!anyMatch);
          }
        });
      }
    }
  }
});

describe("weekdayNumber", () => {
  it.each([
    ["Friday", 5],
    ["FRI.", 5],
    ["Thurs", 4],
    ["sunday", 0],
    ["Sat", 6],
    ["Fryday", null],
  ])("%s → %s", (word, n) => {
    expect(weekdayNumber(word)).toBe(n);
  });
});

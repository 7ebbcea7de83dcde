import { addDays, format, parseISO } from "date-fns";
import { describe, expect, it } from "vitest";
import { longDate, scheduleText } from "#domain/season/share-schedule.ts";

describe("scheduleText", () => {
  it("says when there is nothing upcoming", () => {
    expect(scheduleText({ horseName: "Midnight", shows: [] })).toBe("Midnight has no upcoming classes.");
  });

  it("lists shows with dates and location, then each class with date, number and name", () => {
    const text = scheduleText({
      horseName: "Midnight",
      shows: [
        {
          showId: "s1",
          name: "Celina Lions Club Horse Show",
          location: "Celina, TN",
          startDate: "2026-06-06",
          endDate: "2026-06-06",
          classes: [{ classId: "class-12", number: "12", name: "Amateur Park Pleasure", date: "2026-06-06" }],
        },
        {
          showId: "s2",
          name: "Celebration Spring Fun Show",
          location: "Shelbyville, TN",
          startDate: "2026-06-08",
          endDate: "2026-06-09",
          classes: [
            { classId: "sfs-3", number: "3", name: "Youth Walking", date: "2026-06-08" },
            { classId: "sfs-40", number: "40", name: "Trail Pleasure", date: "2026-06-09" },
          ],
        },
      ],
    });
    expect(text).toBe(
      [
        "Midnight's upcoming schedule:",
        "",
        "Celina Lions Club Horse Show (Celina, TN)",
        "Sat, Jun 6, 2026",
        "- Sat, Jun 6, 2026: #12 Amateur Park Pleasure",
        "",
        "Celebration Spring Fun Show (Shelbyville, TN)",
        "Mon, Jun 8, 2026 – Tue, Jun 9, 2026",
        "- Mon, Jun 8, 2026: #3 Youth Walking",
        "- Tue, Jun 9, 2026: #40 Trail Pleasure",
      ].join("\n"),
    );
  });
});

describe("longDate", () => {
  it.each([
    ["2026-06-07", "Sun, Jun 7, 2026"],
    ["2026-12-31", "Thu, Dec 31, 2026"],
    ["2027-01-01", "Fri, Jan 1, 2027"],
    ["2028-02-29", "Tue, Feb 29, 2028"],
    ["2026-03-08", "Sun, Mar 8, 2026"],
    ["2026-11-01", "Sun, Nov 1, 2026"],
  ])("%s reads %s, in any time zone", (day, text) => {
    expect(longDate(day)).toBe(text);
  });

  it("reads every day of 2026 to 2028 as date-fns' EEE, MMM d, yyyy does", () => {
    for (let day = parseISO("2026-01-01"); day.getFullYear() < 2029; day = addDays(day, 1)) {
      expect(longDate(format(day, "yyyy-MM-dd"))).toBe(format(day, "EEE, MMM d, yyyy"));
    }
  });

  it("refuses a day that is not one", () => {
    expect(() => longDate("2026-02-30x")).toThrow(RangeError);
  });
});

import { addDays, differenceInCalendarDays, format } from "date-fns";
import { describe, expect, it, vi } from "vitest";
import {
  assignClassDates,
  classDater,
  groupClassesByDate,
  SPLIT_THRESHOLD,
  showDayCount,
} from "#domain/shows/class-dates.ts";

const undated = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `class-${i + 1}`, date: null }));

/** How many classes fall on each date, in date order. */
function countByDate(dates: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of dates) counts[d] = (counts[d] ?? 0) + 1;
  return counts;
}

const threeDays = { startDate: "2026-08-20", endDate: "2026-08-22" };

describe("showDayCount", () => {
  it.each([
    ["2026-08-20", "2026-08-20", 1],
    ["2026-08-20", "2026-08-22", 3],
    ["2026-08-20", "2026-08-30", 11],
    ["2026-02-27", "2026-03-02", 4],
    ["2028-02-28", "2028-03-01", 3],
    ["2025-12-31", "2026-01-01", 2],
    ["2026-08-22", "2026-08-20", 1],
    ["not-a-date", "2026-08-20", 1],
  ])("%s to %s is %i day(s)", (startDate, endDate, expected) => {
    expect(showDayCount({ startDate, endDate })).toBe(expected);
  });
});

describe("assignClassDates", () => {
  it("keeps every class on the start date with exactly 50 undated classes", () => {
    const dates = assignClassDates(threeDays, undated(50));
    expect(dates).toHaveLength(50);
    expect(new Set(dates)).toEqual(new Set(["2026-08-20"]));
  });

  it("splits 51 undated classes over a three-day show (17 each), in order", () => {
    const dates = assignClassDates(threeDays, undated(51));
    expect(countByDate(dates)).toEqual({ "2026-08-20": 17, "2026-08-21": 17, "2026-08-22": 17 });
    expect([...dates].sort()).toEqual(dates);
  });

  it("splits 100 undated classes over three days as 34 / 33 / 33", () => {
    const dates = assignClassDates(threeDays, undated(100));
    expect(countByDate(dates)).toEqual({ "2026-08-20": 34, "2026-08-21": 33, "2026-08-22": 33 });
    expect(dates[33]).toBe("2026-08-20");
    expect(dates[34]).toBe("2026-08-21");
    expect(dates[66]).toBe("2026-08-21");
    expect(dates[67]).toBe("2026-08-22");
    expect([...dates].sort()).toEqual(dates);
  });

  it("keeps 200 undated classes of a one-day show on that day", () => {
    const dates = assignClassDates({ startDate: "2026-05-02", endDate: "2026-05-02" }, undated(200));
    expect(new Set(dates)).toEqual(new Set(["2026-05-02"]));
  });

  it("treats an end date before the start date as a one-day show", () => {
    const dates = assignClassDates({ startDate: "2026-05-05", endDate: "2026-05-01" }, undated(120));
    expect(new Set(dates)).toEqual(new Set(["2026-05-05"]));
  });

  it("spreads 200 classes over the 11-day Celebration with day sizes differing by at most one", () => {
    const dates = assignClassDates({ startDate: "2025-08-20", endDate: "2025-08-30" }, undated(200));
    const sizes = Object.values(countByDate(dates));
    expect(sizes).toHaveLength(11);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(dates[0]).toBe("2025-08-20");
    expect(dates[199]).toBe("2025-08-30");
  });

  it("crosses month and year ends without a time-zone shift", () => {
    const dates = assignClassDates({ startDate: "2025-12-31", endDate: "2026-01-01" }, undated(60));
    expect(countByDate(dates)).toEqual({ "2025-12-31": 30, "2026-01-01": 30 });
  });

  it("gives undated classes the start date when some classes are dated", () => {
    const classes = [
      { id: "c1", date: null },
      { id: "c2", date: "2026-08-22" },
      { id: "c3", date: null },
      { id: "c4", date: "2026-08-21" },
    ];
    expect(assignClassDates(threeDays, classes)).toEqual([
      "2026-08-20",
      "2026-08-22",
      "2026-08-20",
      "2026-08-21",
    ]);
  });

  it("does not split when even one of 120 classes has a date", () => {
    const classes = [...undated(119), { id: "last", date: "2026-08-22" }];
    const counts = countByDate(assignClassDates(threeDays, classes));
    expect(counts).toEqual({ "2026-08-20": 119, "2026-08-22": 1 });
  });

  it("treats an empty-string date like a missing one", () => {
    const classes = [
      { id: "c1", date: "" },
      { id: "c2", date: "2026-08-21" },
    ];
    expect(assignClassDates(threeDays, classes)).toEqual(["2026-08-20", "2026-08-21"]);
  });

  it("returns nothing for no classes", () => {
    expect(assignClassDates(threeDays, [])).toEqual([]);
  });
});

describe("groupClassesByDate", () => {
  it("groups by effective date, days ascending, keeping class order within a day", () => {
    const classes = [
      { id: "a", name: "First", date: "2026-08-22" },
      { id: "b", name: "Second", date: null },
      { id: "c", name: "Third", date: "2026-08-21" },
      { id: "d", name: "Fourth", date: "2026-08-22" },
      { id: "e", name: "Fifth", date: null },
    ];
    const groups = groupClassesByDate(threeDays, classes);
    expect(groups.map((g) => [g.date, g.classes.map((c) => c.id)])).toEqual([
      ["2026-08-20", ["b", "e"]],
      ["2026-08-21", ["c"]],
      ["2026-08-22", ["a", "d"]],
    ]);
    expect(groups[0]?.classes[0]?.name).toBe("Second");
  });

  it("produces one group per show day when 100 undated classes are split", () => {
    const groups = groupClassesByDate(threeDays, undated(100));
    expect(groups.map((g) => [g.date, g.classes.length])).toEqual([
      ["2026-08-20", 34],
      ["2026-08-21", 33],
      ["2026-08-22", 33],
    ]);
    expect(groups[1]?.classes[0]?.id).toBe("class-35");
  });

  it("returns no groups for no classes", () => {
    expect(groupClassesByDate(threeDays, [])).toEqual([]);
  });
});

describe("classDater", () => {
  it("dates one class exactly as assignClassDates dates it among all of the show's classes", () => {
    const show = { startDate: "2026-08-20", endDate: "2026-08-23" };
    for (const classes of [
      Array.from({ length: 70 }, () => ({ date: null })),
      Array.from({ length: 30 }, () => ({ date: null })),
      [{ date: "2026-08-22" }, ...Array.from({ length: 60 }, () => ({ date: null }))],
    ]) {
      const all = assignClassDates(show, classes);
      const dateAt = classDater(show, { count: classes.length, anyDated: classes.some((c) => !!c.date) });
      classes.forEach((c, index) => {
        expect(dateAt(index, c.date)).toBe(all[index]);
      });
    }
  });
});

describe("day arithmetic without date-fns", () => {
  it("counts days and dates them as date-fns did, across two years of starts (DST changes included)", () => {
    for (let i = 0; i < 730; i += 3) {
      const start = addDays(new Date(2026, 0, 1), i);
      const end = addDays(start, i % 9);
      const show = { startDate: format(start, "yyyy-MM-dd"), endDate: format(end, "yyyy-MM-dd") };
      const days = differenceInCalendarDays(end, start) + 1;
      expect(showDayCount(show)).toBe(days);
      const dateAt = classDater(show, { count: SPLIT_THRESHOLD + 10, anyDated: false });
      const expected = (index: number) =>
        format(addDays(start, Math.floor((index * days) / (SPLIT_THRESHOLD + 10))), "yyyy-MM-dd");
      for (const index of [0, 17, SPLIT_THRESHOLD + 9]) expect(dateAt(index)).toBe(expected(index));
    }
  });

  it.each([
    ["2026-02-30", "2026-03-02"],
    ["2026-2-3", "2026-02-05"],
    ["", "2026-02-05"],
  ])("an unreadable start %j counts as a one-day show", (startDate, endDate) => {
    expect(showDayCount({ startDate, endDate })).toBe(1);
  });
});

describe("classDater's work (issue 19, item 8)", () => {
  it("follows the classes it dates, not the days the show spans", () => {
    // A show stored before dates were bounded, from year 1000 to 9999: 3.3 million days.
    const show = { startDate: "1000-01-01", endDate: "9999-12-31" };
    const count = SPLIT_THRESHOLD + 10;
    const written = vi.spyOn(Date.prototype, "toISOString");
    try {
      const dateAt = classDater(show, { count, anyDated: false });
      const dates = Array.from({ length: count }, (_, i) => dateAt(i));
      expect(dates[0]).toBe("1000-01-01");
      expect(dates.at(-1)! > "9800-01-01").toBe(true);
      expect([...dates].sort()).toEqual(dates);
      expect(written.mock.calls.length).toBeLessThanOrEqual(count);
    } finally {
      written.mockRestore();
    }
  });
});

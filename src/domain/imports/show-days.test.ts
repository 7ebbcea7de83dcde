import { describe, expect, it } from "vitest";
import { showDaysFrom, weekdaySessionDate } from "#domain/imports/show-days.ts";

const FRIDAY = 5;
const THURSDAY = 4;
const SATURDAY = 6;

describe("showDaysFrom: the days a prize list's header prints", () => {
  it.each([
    ["June 18 & 19, 2010", 2010, ["6-18", "6-19"]],
    ["April 26–27, 2024", 2024, ["4-26", "4-27"]],
    ["May 30 – June 1, 2024", 2024, ["5-30", "5-31", "6-1"]],
    ["April 8, 9 & 10", null, ["4-8", "4-9", "4-10"]],
    ["July 23 – 24", null, ["7-23", "7-24"]],
    ["Saturday, June 20, 2009", 2009, ["6-20"]],
  ])("%s", (line, year, days) => {
    const show = showDaysFrom(["Eagleville Lions Club Horse Show", line]);
    expect(show?.year).toBe(year);
    expect(show?.days.map((d) => `${d.month}-${d.day}`)).toEqual(days);
  });

  it("finds a year printed on a line of its own, and nothing in a header without a date", () => {
    expect(showDaysFrom(["87th Annual · 2025", "August 21 & 22"])?.year).toBe(2025);
    expect(showDaysFrom(["Smith County Horse Show", "Carthage, TN"])).toBeNull();
  });
});

describe("weekdaySessionDate: a heading that prints only its weekday", () => {
  const june2010 = {
    year: 2010,
    days: [
      { month: 6, day: 18 },
      { month: 6, day: 19 },
    ],
  };
  it.each([
    ["FRIDAY NIGHT on a show of June 18 & 19, 2010", FRIDAY, june2010, null, "2010-06-18"],
    ["SATURDAY NIGHT on the same show", SATURDAY, june2010, null, "2010-06-19"],
    ["Thursday after a Wednesday session dated July 23", THURSDAY, null, "2025-07-23", "2025-07-24"],
    ["a weekday the show has not, with nothing above", THURSDAY, june2010, null, null],
    [
      "a show without a year: the year in which April 8 is a Thursday",
      THURSDAY,
      { year: null, days: [{ month: 4, day: 8 }] },
      null,
      "2027-04-08",
    ],
  ])("%s", (_label, weekday, show, previous, date) => {
    expect(weekdaySessionDate(weekday, show, previous, "2026-01-15")).toBe(date);
  });
});

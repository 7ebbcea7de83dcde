import { describe, expect, it } from "vitest";
import {
  celebrationDates,
  completePrediction,
  type Edition,
  editionsOf,
  isCelebration,
  nextEditionName,
  normaliseShowName,
  ordinal,
  predictByRules,
  predictionHistory,
  predictionOrg,
  sameWeekdayPattern,
} from "#domain/shows/show-prediction.ts";
import { fixtureRecords } from "#tests/support/walking-horse.ts";

const calendar = fixtureRecords("shows-calendar.csv").map((r) => ({
  name: r.name!,
  startDate: r.start_date!,
  endDate: r.end_date || r.start_date!,
}));

describe("normaliseShowName", () => {
  it.each([
    ["Columbia Spring Jubilee (53rd)", "columbia spring jubilee"],
    ["Columbia Spring Jubilee (73rd)", "columbia spring jubilee"],
    ["2025 Tennessee Walking Horse National Celebration", "tennessee walking horse national celebration"],
    [
      "87th Annual Tennessee Walking Horse National Celebration",
      "tennessee walking horse national celebration",
    ],
    ["Celebration Spring Fun Show (50th, moved for COVID-19)", "celebration spring fun show"],
    ["WHTA National Trainers' Show (Riders Cup)", "whta national trainers show"],
    [
      "International Pleasure & Colt Grand Championship (45th)",
      "international pleasure and colt grand championship",
    ],
    ["The Jackson County Horse Show", "jackson county horse show"],
    ["  JACKSON   county horse-show ", "jackson county horse show"],
    ["46th Celina Lions Club Horse Show 2009", "celina lions club horse show"],
  ])("%j → %j", (name, key) => {
    expect(normaliseShowName(name)).toBe(key);
  });

  it("groups the real calendar's editions of the same show", () => {
    const years = (name: string) => editionsOf({ name }, calendar).map((s) => s.startDate.slice(0, 4));
    expect(years("Tennessee Walking Horse National Celebration")).toEqual([
      "2018",
      "2019",
      "2020",
      "2022",
      "2024",
      "2025",
    ]);
    expect(years("Jackson County Horse Show")).toEqual(["2005", "2008"]);
    expect(years("Carter County Shrine Club Horse Show")).toEqual(["2011", "2021"]);
    expect(years("Columbia Spring Jubilee")).toEqual(["2004", "2024"]);
    expect(years("WHTA National Trainers' Show")).toEqual(["2008", "2021"]);
    expect(years("International Pleasure & Colt Grand Championship")).toEqual(["2014", "2021", "2023"]);
    expect(years("Celebration Spring Fun Show")).toEqual(["2009", "2020"]);
    expect(years("Money Tree Classic")).toEqual(["2004"]);
  });

  it("leaves saved AI predictions out of the editions", () => {
    const shows = [
      { name: "Celina Lions Club Horse Show", startDate: "2025-06-21", isAiPrediction: false },
      { name: "Celina Lions Club Horse Show", startDate: "2026-06-20", isAiPrediction: true },
    ];
    expect(editionsOf(shows[0]!, shows)).toEqual([shows[0]]);
  });
});

describe("celebrationDates: the 11 days ending the Saturday before Labor Day", () => {
  it.each(
    calendar
      .filter((s) => isCelebration(s.name))
      .map((s) => [Number(s.startDate.slice(0, 4)), s.startDate, s.endDate] as const),
  )("%i runs %s to %s, as the calendar says", (year, startDate, endDate) => {
    expect(celebrationDates(year)).toEqual({ startDate, endDate });
  });

  it.each([
    [2026, "2026-08-26", "2026-09-05"],
    [2027, "2027-08-25", "2027-09-04"],
    [2030, "2030-08-21", "2030-08-31"],
  ])("%i runs %s to %s", (year, startDate, endDate) => {
    expect(celebrationDates(year)).toEqual({ startDate, endDate });
  });

  it("knows the Celebration by name, and not its spring fun show", () => {
    expect(isCelebration("Tennessee Walking Horse National Celebration (87th)")).toBe(true);
    expect(isCelebration("Celebration Spring Fun Show")).toBe(false);
  });
});

describe("sameWeekdayPattern", () => {
  it.each([
    ["2008-07-12", 1, "2009-07-11", "second Saturday of July"],
    ["2005-07-09", 3, "2008-07-12", "Jackson County, as the calendar has it"],
    ["2011-08-05", 10, "2021-08-06", "Carter County: first Friday of August"],
    ["2004-06-05", 20, "2024-06-01", "Columbia Spring Jubilee's last day: first Saturday of June"],
    ["2021-07-31", 2, "2023-07-29", "a fifth Saturday becomes the last Saturday"],
    ["2021-07-31", 1, "2022-07-30", "last Saturday of July"],
    ["2024-02-29", 1, "2025-02-27", "fifth Thursday of February → last Thursday"],
    ["2026-07-11", -1, "2025-07-12", "a year back"],
    ["2025-12-27", 1, "2026-12-26", "fourth Saturday of December"],
  ])("%s + %i years → %s (%s)", (date, years, expected) => {
    expect(sameWeekdayPattern(date, years)).toBe(expected);
  });
});

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [62, "62nd"],
    [87, "87th"],
    [111, "111th"],
    [123, "123rd"],
  ])("%i → %s", (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });
});

describe("nextEditionName", () => {
  it.each([
    ["Columbia Spring Jubilee (73rd)", 1, "Columbia Spring Jubilee (74th)"],
    ["WHOA/Kiwanis Show (21st)", 1, "WHOA/Kiwanis Show (22nd)"],
    ["Woodbury Lions Club Horse Show (72nd)", 1, "Woodbury Lions Club Horse Show (73rd)"],
    ["Red Carpet Horse Show of the South (110th)", 1, "Red Carpet Horse Show of the South (111th)"],
    ["46th Celina Lions Club Horse Show", 2, "48th Celina Lions Club Horse Show"],
    [
      "87th Annual Tennessee Walking Horse National Celebration",
      1,
      "88th Annual Tennessee Walking Horse National Celebration",
    ],
    [
      "2025 Tennessee Walking Horse National Celebration",
      1,
      "2026 Tennessee Walking Horse National Celebration",
    ],
    [
      "Celebration Spring Fun Show (50th, moved for COVID-19)",
      1,
      "Celebration Spring Fun Show (51st, moved for COVID-19)",
    ],
    ["4th of July Horse Show", 1, "4th of July Horse Show"],
    ["Jackson County Horse Show", 3, "Jackson County Horse Show"],
  ])("%j + %i → %j", (name, years, expected) => {
    expect(nextEditionName(name, years)).toBe(expected);
  });
});

const celina = (startDate: string, extra: Partial<Edition> = {}): Edition => ({
  name: "Celina Lions Club Horse Show",
  startDate,
  endDate: startDate,
  location: "Celina, TN",
  judges: ["Jimmy McConnell"],
  classes: [
    { id: "class-0", name: "Kids' Lead Line" },
    { id: "class-1", name: "Walking Yearling Open" },
    { id: "class-2", name: "Amateur Rider on 3 Year Old Walking Horse" },
  ],
  ...extra,
});

describe("predictByRules", () => {
  it("needs at least two editions: one says nothing about a pattern", () => {
    expect(predictByRules([], "2025-01-01")).toBeNull();
    expect(predictByRules([celina("2025-06-21")], "2025-01-01")).toBeNull();
    expect(
      predictByRules([celina("2025-06-21"), celina("2026-06-20", { isAiPrediction: true })], "2025-01-01"),
    ).toBeNull();
  });

  it("follows the latest edition a year on: weekday pattern, location, classes in order, judges TBA", () => {
    const prediction = predictByRules(
      [celina("2025-06-21", { classes: [{ id: "class-9", name: "Old" }] }), celina("2024-06-15")],
      "2025-07-01",
    );
    expect(prediction).toEqual({
      name: "Celina Lions Club Horse Show",
      startDate: "2026-06-20",
      endDate: "2026-06-20",
      location: "Celina, TN",
      judges: ["TBA"],
      classes: [{ id: "class-9", name: "Old", date: null }],
      sanctioningOrg: null,
      isAiPrediction: true,
    });
  });

  it("keeps the length of a multi-day show, anchored on its last day", () => {
    const jubilee = (startDate: string, endDate: string): Edition => ({
      ...celina(startDate),
      name: "Columbia Spring Jubilee (73rd)",
      endDate,
      location: "Columbia, TN",
    });
    const prediction = predictByRules(
      [jubilee("2023-06-01", "2023-06-03"), jubilee("2024-05-30", "2024-06-01")],
      "2024-06-02",
    );
    expect(prediction).toMatchObject({
      name: "Columbia Spring Jubilee (74th)",
      startDate: "2025-06-05",
      endDate: "2025-06-07",
    });
  });

  it("gives the Celebration its 11 days before Labor Day and moves the dated classes with the show", () => {
    const celebration = (year: number, startDate: string, endDate: string): Edition => ({
      name: `Tennessee Walking Horse National Celebration (${year - 1938}th)`,
      startDate,
      endDate,
      location: "Shelbyville, TN",
      judges: ["Steve Dunn", "Mark Farrar"],
      classes: [
        { id: "cel-30", name: "Model Pleasure Walking Stallions", date: "2025-08-21" },
        { id: "cel-59E", name: "Auxiliary Equitation, Medal Class", date: null },
      ],
    });
    const prediction = predictByRules(
      [celebration(2025, "2025-08-20", "2025-08-30"), celebration(2024, "2024-08-21", "2024-08-31")],
      "2025-09-01",
    );
    expect(prediction).toMatchObject({
      name: "Tennessee Walking Horse National Celebration (88th)",
      startDate: "2026-08-26",
      endDate: "2026-09-05",
      judges: ["TBA"],
      classes: [
        { id: "cel-30", name: "Model Pleasure Walking Stallions", date: "2026-08-27" },
        { id: "cel-59E", name: "Auxiliary Equitation, Medal Class", date: null },
      ],
    });
  });

  it("skips years already past, moving edition numbers along", () => {
    const prediction = predictByRules(
      [celina("2008-07-12", { name: "Jackson County Horse Show (60th)" }), celina("2005-07-09")],
      "2025-07-12",
    );
    expect(prediction).toMatchObject({
      name: "Jackson County Horse Show (77th)",
      startDate: "2025-07-12",
      endDate: "2025-07-12",
    });
  });

  it("says 'TBD' when the last edition had no location", () => {
    const prediction = predictByRules(
      [celina("2024-06-15"), celina("2025-06-21", { location: " " })],
      "2025-01-01",
    );
    expect(prediction?.location).toBe("TBD");
  });

  it("hands the spec's prediction call each edition's name, dates, location and judges", () => {
    expect(predictionHistory([celina("2025-06-21")])).toEqual([
      {
        name: "Celina Lions Club Horse Show",
        startDate: "2025-06-21",
        endDate: "2025-06-21",
        location: "Celina, TN",
        judges: ["Jimmy McConnell"],
      },
    ]);
  });
});

describe("completePrediction: the spec's defaults for what a reply leaves out", () => {
  const today = "2025-11-23";
  it.each([
    [
      "nothing at all",
      {},
      { name: "Celina", startDate: today, endDate: today, location: "TBD", judges: ["TBA"], classes: [] },
    ],
    [
      "blank strings and empty lists",
      { name: " ", location: "", judges: ["  "], classes: [] },
      { name: "Celina", startDate: today, endDate: today, location: "TBD", judges: ["TBA"], classes: [] },
    ],
    [
      "dates that are not dates",
      { startDate: "next June", endDate: "2026-02-30" },
      { startDate: today, endDate: today },
    ],
    [
      "an end before the start",
      { startDate: "2026-06-20", endDate: "2026-06-19" },
      { endDate: "2026-06-20" },
    ],
    [
      "a full reply",
      {
        name: "Celina Lions Club Horse Show (63rd)",
        startDate: "2026-06-20",
        endDate: "2026-06-21",
        location: "Celina, TN",
        judges: ["Jimmy McConnell"],
        classes: [{ id: "class-1", name: "Leadline", date: null }],
      },
      {
        name: "Celina Lions Club Horse Show (63rd)",
        startDate: "2026-06-20",
        endDate: "2026-06-21",
        location: "Celina, TN",
        judges: ["Jimmy McConnell"],
        classes: [{ id: "class-1", name: "Leadline", date: null }],
      },
    ],
  ])("%s", (_label, partial, expected) => {
    expect(completePrediction(partial, "Celina", today)).toMatchObject({ ...expected, isAiPrediction: true });
  });
});

describe("predictionOrg: the next edition keeps its sanctioning organisation", () => {
  const edition = (startDate: string, sanctioningOrg: string | null, isAiPrediction = false) => ({
    name: "Celina Lions Club Horse Show",
    startDate,
    endDate: startDate,
    location: "Celina, TN",
    judges: [],
    classes: [],
    sanctioningOrg,
    isAiPrediction,
  });
  it.each([
    ["both editions agree", [edition("2024-06-15", "WHOA"), edition("2025-06-21", "WHOA")], "WHOA"],
    [
      "the latest's when they differ",
      [edition("2025-06-21", "TWHBEA"), edition("2024-06-15", "WHOA")],
      "TWHBEA",
    ],
    [
      "an earlier one's when the latest names none",
      [edition("2024-06-15", "WHOA"), edition("2025-06-21", null)],
      "WHOA",
    ],
    ["never a saved prediction's", [edition("2024-06-15", null), edition("2026-06-20", "SHOW", true)], null],
    ["none named", [edition("2024-06-15", null), edition("2025-06-21", " ")], null],
  ])("%s", (_label, editions, org) => {
    expect(predictionOrg(editions)).toBe(org);
    if (editions.filter((e) => !e.isAiPrediction).length >= 2) {
      expect(predictByRules(editions, "2025-07-01")?.sanctioningOrg).toBe(org);
    }
  });
});

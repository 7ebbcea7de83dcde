import { describe, expect, it } from "vitest";
import { importedSessionDate, planImportedSessions } from "#domain/imports/imported-sessions.ts";

const friday = { name: "Friday Night", date: "2027-05-14", startTime: "19:00" };
const saturday = { name: "Saturday Night", date: "2027-05-15", startTime: "19:00" };

describe("planImportedSessions", () => {
  it("makes one Main Ring session per heading, in the list's order, and places each class", () => {
    const plan = planImportedSessions(
      [],
      [
        { date: friday.date, session: friday },
        { date: friday.date, session: friday },
        { date: saturday.date, session: saturday },
        { date: null, session: null },
      ],
      "2027-05-14",
    );
    expect(plan.create).toEqual([
      { key: "new-1", name: "Friday Night", date: "2027-05-14", startTime: "19:00", ring: "Main Ring" },
      { key: "new-2", name: "Saturday Night", date: "2027-05-15", startTime: "19:00", ring: "Main Ring" },
    ]);
    expect(plan.placements).toEqual(["new-1", "new-1", "new-2", null]);
  });

  it.each([
    ["same name and day", "Friday Night", "2027-05-14", "s1"],
    ["case and spaces aside", "  friday   NIGHT ", "2027-05-14", "s1"],
    ["another day is another session", "Friday Night", "2027-05-21", "new-1"],
    ["another name is another session", "Friday Evening", "2027-05-14", "new-1"],
  ])("reuses an existing session of the show: %s", (_label, name, date, ref) => {
    const plan = planImportedSessions(
      [{ id: "s1", name: "Friday Night", date: "2027-05-14" }],
      [{ date, session: { name, date } }],
      "2027-05-14",
    );
    expect(plan.placements).toEqual([ref]);
    expect(plan.create).toHaveLength(ref === "s1" ? 0 : 1);
  });

  it("keeps the first start time of a heading printed twice, and no time when none was printed", () => {
    const plan = planImportedSessions(
      [],
      [
        { session: { name: "Wed PM", date: "2027-05-12" } },
        { session: { name: "Wed PM", date: "2027-05-12", startTime: "19:00" } },
      ],
      "2027-05-12",
    );
    expect(plan.create).toEqual([
      { key: "new-1", name: "Wed PM", date: "2027-05-12", startTime: null, ring: "Main Ring" },
    ]);
    expect(plan.placements).toEqual(["new-1", "new-1"]);
  });

  it("leaves a heading with an empty name out", () => {
    expect(planImportedSessions([], [{ session: { name: "  " } }], "2027-05-12")).toEqual({
      create: [],
      placements: [null],
    });
  });
});

describe("importedSessionDate", () => {
  it.each([
    ["the printed date first", { name: "A", date: "2027-05-15" }, "2027-05-14", "2027-05-15"],
    ["else its class's date", { name: "A" }, "2027-05-14", "2027-05-14"],
    ["else the show's first day", { name: "A" }, null, "2027-05-13"],
  ])("%s", (_label, session, classDate, expected) => {
    expect(importedSessionDate(session, classDate, "2027-05-13")).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  clearFilters,
  EMPTY_FILTERS,
  filterChips,
  filtersFromParams,
  filtersToApiQuery,
  filtersToParams,
  removeChip,
  truncate,
} from "#client/features/planner/filters.ts";

const full = {
  name: "Spring Jubilee",
  location: "TN",
  judges: ["Tommy Hall", "Debbie Vance"],
  divisions: ["two-year-old"],
  orgs: ["WHOA"],
  past: true,
};

describe("planner filters in the URL", () => {
  it("round-trips every filter through the query string", () => {
    const params = filtersToParams(full);
    expect(params.toString()).toBe(
      "name=Spring+Jubilee&location=TN&judge=Tommy+Hall&judge=Debbie+Vance&division=two-year-old&org=WHOA&past=1",
    );
    expect(filtersFromParams(params)).toEqual(full);
  });

  it("reads a missing or messy query as clean filters", () => {
    expect(filtersFromParams(new URLSearchParams(""))).toEqual(EMPTY_FILTERS);
    expect(
      filtersFromParams(new URLSearchParams("name=%20&judge=a&judge=a&judge=&past=yes&highlight=x")),
    ).toEqual({
      ...EMPTY_FILTERS,
      judges: ["a"],
    });
  });

  it("leaves empty filters out of the URL", () => {
    expect(filtersToParams({ ...EMPTY_FILTERS, name: "  " }).toString()).toBe("");
  });

  it("asks the API for past shows as period=past, and for upcoming ones by default", () => {
    expect(filtersToApiQuery(full)).toBe(
      "name=Spring+Jubilee&location=TN&judge=Tommy+Hall&judge=Debbie+Vance&division=two-year-old&org=WHOA&period=past",
    );
    expect(filtersToApiQuery(EMPTY_FILTERS)).toBe("");
  });

  it("Clear all keeps the Upcoming / Past choice", () => {
    expect(clearFilters(full)).toEqual({ ...EMPTY_FILTERS, past: true });
    expect(clearFilters({ ...full, past: false })).toEqual(EMPTY_FILTERS);
  });
});

describe("chips", () => {
  it("gives one chip per value in the spec's order, and counts them for the badge (the past view is no filter)", () => {
    expect(filterChips(full).map((c) => `${c.kind}:${c.value}`)).toEqual([
      "name:Spring Jubilee",
      "location:TN",
      "judge:Tommy Hall",
      "judge:Debbie Vance",
      "division:two-year-old",
      "org:WHOA",
    ]);
    expect(activeFilterCount(full)).toBe(6);
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
  });

  it("removes exactly the chip's value", () => {
    expect(removeChip(full, { kind: "judge", value: "Tommy Hall" }).judges).toEqual(["Debbie Vance"]);
    expect(removeChip(full, { kind: "name", value: "Spring Jubilee" }).name).toBe("");
    expect(removeChip(full, { kind: "org", value: "WHOA" }).orgs).toEqual([]);
  });

  it.each([
    ["Performance (Padded)", "Performance (Padded)"],
    ["Aged Horses (Five & Over)", "Aged Horses (Five & …"],
    ["12345678901234567890", "12345678901234567890"],
    ["123456789012345678901", "12345678901234567890…"],
  ])("truncates %j to 20 characters as %j", (text, expected) => {
    expect(truncate(text)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { ageInYears, isDateOnly } from "#domain/people/age.ts";

describe("isDateOnly", () => {
  it.each([
    ["2026-02-28", true],
    ["2024-02-29", true],
    ["2000-02-29", true],
    ["2026-12-31", true],
    ["2026-01-01", true],
    ["2026-02-29", false],
    ["1900-02-29", false],
    ["2026-02-30", false],
    ["2026-04-31", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-1-5", false],
    ["26-01-05", false],
    ["2026-01-05T00:00:00Z", false],
    [" 2026-01-05", false],
    ["", false],
    ["yesterday", false],
  ])("%j → %s", (value, expected) => {
    expect(isDateOnly(value)).toBe(expected);
  });
});

describe("ageInYears", () => {
  it.each([
    ["2020-05-10", "2026-05-09", 5],
    ["2020-05-10", "2026-05-10", 6],
    ["2020-05-10", "2026-05-11", 6],
    ["2020-12-31", "2026-01-01", 5],
    ["2026-01-01", "2026-12-31", 0],
    ["2026-03-15", "2026-03-15", 0],
    ["1980-07-04", "2026-03-15", 45],
    ["2000-02-29", "2001-02-28", 0],
    ["2000-02-29", "2001-03-01", 1],
    ["2000-02-29", "2025-02-28", 24],
    ["2000-02-29", "2025-03-01", 25],
    ["2000-02-29", "2024-02-28", 23],
    ["2000-02-29", "2024-02-29", 24],
    ["2001-03-01", "2024-02-29", 22],
    ["2030-01-01", "2026-03-15", 0],
  ])("born %s, on %s → %i", (dateOfBirth, today, expected) => {
    expect(ageInYears(dateOfBirth, today)).toBe(expected);
  });

  it.each([
    ["2026-02-30", "2026-03-15"],
    ["2020-05-10", "15/03/2026"],
    ["", "2026-03-15"],
  ])("rejects %j / %j", (dateOfBirth, today) => {
    expect(() => ageInYears(dateOfBirth, today)).toThrow(RangeError);
  });
});

import { describe, expect, it } from "vitest";
import { matchesAllWords, searchWords } from "#domain/shows/word-search.ts";

describe("searchWords", () => {
  it.each([
    ["", []],
    ["   ", []],
    ["Park", ["park"]],
    ["  Park   PLEASURE ", ["park", "pleasure"]],
    ["two\tyear\nold", ["two", "year", "old"]],
  ])("splits %j into %j", (query, expected) => {
    expect(searchWords(query)).toEqual(expected);
  });
});

describe("matchesAllWords", () => {
  const name = "Owner-Amateur Riders on Two-Year-Old Country Pleasure Walking Horses, Optional Tack";

  it.each([
    ["", true],
    ["   ", true],
    ["country", true],
    ["COUNTRY pleasure", true],
    ["pleasure country", true],
    ["  amateur    two-year ", true],
    ["tack,", false],
    ["country trail", false],
    ["park", false],
    ["owner-amateur", true],
    ["ride", true],
  ])("query %j matches the class name: %s", (query, expected) => {
    expect(matchesAllWords(name, query)).toBe(expected);
  });

  it("matches words inside other words, as a substring search", () => {
    expect(matchesAllWords("Walking Horse Stake", "walk stak")).toBe(true);
  });

  it("never matches a non-blank query against empty text", () => {
    expect(matchesAllWords("", "a")).toBe(false);
    expect(matchesAllWords("", " ")).toBe(true);
  });
});

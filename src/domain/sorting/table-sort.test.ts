import { describe, expect, it } from "vitest";
import { nextSortOf, parseSortParam, sortParam, sortParams } from "#domain/sorting/table-sort.ts";

const FIRST = { name: "ascending", points: "descending" } as const;

describe("sorting a table by a column", () => {
  it.each([
    [{ column: "name", direction: "ascending" }, "name", { column: "name", direction: "descending" }],
    [{ column: "name", direction: "descending" }, "name", { column: "name", direction: "ascending" }],
    [{ column: "name", direction: "ascending" }, "points", { column: "points", direction: "descending" }],
    [{ column: "points", direction: "ascending" }, "name", { column: "name", direction: "ascending" }],
  ] as const)("from %o choosing %s gives %o", (current, column, next) => {
    expect(nextSortOf(current, column, FIRST)).toEqual(next);
  });

  it.each([
    [{ column: "name", direction: "ascending" }, "name"],
    [{ column: "dateOfBirth", direction: "descending" }, "-dateOfBirth"],
  ] as const)("writes %o as the parameter %s and reads it back", (sort, param) => {
    expect(sortParam(sort)).toBe(param);
    expect(parseSortParam(param)).toEqual(sort);
  });

  it("allows each column both ways round and nothing else", () => {
    expect(sortParams(["name", "email"])).toEqual(["name", "email", "-name", "-email"]);
  });
});

import { describe, expect, it } from "vitest";
import { nextNumber, putBackGuess, putBackIndex } from "#domain/imports/put-back-line.ts";

describe("putBackGuess", () => {
  it.each([
    [
      "a class line read whole",
      "36A Amateur Park Pleasure",
      "11",
      { number: "36A", name: "Amateur Park Pleasure" },
    ],
    ["a number OCR mangled", "S$ Walking Horse Stake", "11", { number: "12", name: "Walking Horse Stake" }],
    ["a bar for a digit", "| Open Trail Pleasure", "7", { number: "8", name: "Open Trail Pleasure" }],
    [
      "no number at all",
      "Juvenile Riders Plantation Pleasure",
      "15",
      { number: "16", name: "Juvenile Riders Plantation Pleasure" },
    ],
    ["a name word is kept", "The Walking Horse Stake", "3", { number: "4", name: "The Walking Horse Stake" }],
    ["nothing above to count on", "~ Lead Line", null, { number: "", name: "Lead Line" }],
    [
      "prize money is left off",
      "S$ Walking Horse Stake $500",
      "1",
      { number: "2", name: "Walking Horse Stake" },
    ],
  ])("%s", (_label, line, previous, expected) => {
    expect(putBackGuess(line, previous)).toEqual(expected);
  });
});

describe("nextNumber", () => {
  it.each([
    ["11", "12"],
    ["36A", "37"],
    ["0", "1"],
    ["", ""],
    [null, ""],
  ])("%s → %s", (previous, next) => {
    expect(nextNumber(previous)).toBe(next);
  });
});

describe("putBackIndex", () => {
  const originals = (n: number) => Array.from({ length: n }, (_, i) => ({ key: i + 1 }));
  it.each([
    ["after the class it followed", originals(4), 1, 2],
    ["before any class", originals(4), -1, 0],
    ["after the last", originals(4), 3, 4],
    // Class 2 (key 2) was removed: the line goes after class 1.
    ["after the nearest earlier class still there", [{ key: 1 }, { key: 3 }, { key: 4 }], 1, 1],
    [
      "after lines already put back in the same place",
      [{ key: 1 }, { key: 9, putBackAfter: 0 }, { key: 2 }],
      0,
      2,
    ],
    // Classes the admin added (keys past the originals) are not places lines were printed.
    ["not after a class the admin added", [{ key: 1 }, { key: 7 }, { key: 2 }], 0, 1],
  ])("%s", (_label, rows, after, index) => {
    expect(putBackIndex(rows, after, 4)).toBe(index);
  });
});

import { describe, expect, it } from "vitest";
import { hasNoClassWord, mendMisreadWords } from "#domain/imports/class-name-words.ts";
import { DIVISIONS } from "#domain/shows/divisions.ts";
import { fixtureRecords } from "#tests/support/walking-horse.ts";

describe("hasNoClassWord", () => {
  const names = ["classes-celebration.csv", "classes-celebration-other-years.csv", "classes-other-shows.csv"]
    .flatMap((file) => fixtureRecords(file))
    .map((r) => r.name!);

  it("finds a class word in every fixture class name (388) and every division", () => {
    expect(names.length).toBeGreaterThan(300);
    expect(names.filter(hasNoClassWord)).toEqual([]);
    expect(DIVISIONS.map((d) => d.name).filter(hasNoClassWord)).toEqual([]);
  });

  it.each([
    // OCR's readings of printed classes, from the corpus's photos: some of a class's words survive.
    ["Wester Lite Shod", false],
    ["Gaited Geiding/Stallion Halter", false],
    ["Plamation Pleasure Walking Mares or", false],
    ["Riders' Cup Two Year Old Stallions", false],
    ["15.2 & Under Open", false],
    ["Walking Horse Championship Stake", false],
    ["2&3 YR Old Trail Pleasure Eng. Spec.", false],
    ["Owner-Amateur Weanlings", false],
    // Numbers alone are not judged.
    ["15.2", false],
    // Misreadings in which no word of a class name survives.
    ["Socoiry Plemsre Wk Haves, Opelocal", true],
    ["WesomikeShod", true],
    ["Tennessee Miller Coliseum, Murfreesboro, TN", true],
    ["(615) S5-01R0 Bombe close hme", true],
  ])("%s → %s", (name, expected) => {
    expect(hasNoClassWord(name)).toBe(expected);
  });
});

describe("mendMisreadWords", () => {
  it.each([
    ["Owner-Amateur Ladies Fine Hamess", "Owner-Amateur Ladies Fine Harness"],
    ["Park Perfomance", "Park Perfomance"],
    ["Smith Farm Memorial", "Smith Farm Memorial"],
    ["Model Mares", "Model Mares"],
    ["Amateur Walking Mares", "Amateur Walking Mares"],
  ])("%s → %s", (read, mended) => {
    expect(mendMisreadWords(read)).toBe(mended);
  });
});

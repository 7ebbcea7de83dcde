import { describe, expect, it } from "vitest";
import { type ChampionRecord, championBadge, isWinningPlacing } from "#domain/results/champion-badge.ts";

const CELEBRATION = "87th Tennessee Walking Horse National Celebration";
const rec = (className: string, placing = "1st", showName = CELEBRATION): ChampionRecord => ({
  showName,
  className,
  placing,
});

describe("isWinningPlacing", () => {
  it.each([
    ["1", true],
    ["1st", true],
    ["1ST", true],
    ["WGC", true],
    ["wgc", true],
    [" 1st ", true],
    ["2", false],
    ["2nd", false],
    ["10", false],
    ["11th", false],
    ["Participated", false],
    ["", false],
  ])("%j → %s", (placing, expected) => {
    expect(isWinningPlacing(placing)).toBe(expected);
  });
});

describe("championBadge", () => {
  it.each<[string, ChampionRecord[], ReturnType<typeof championBadge>]>([
    ["no records", [], null],
    [
      "WGC class won at the Celebration",
      [rec("Walking Horse World Grand Championship")],
      "World Grand Champion",
    ],
    ["placing given as WGC", [rec("Park Pleasure World Grand Championship", "WGC")], "World Grand Champion"],
    ["placing given as 1", [rec("Yearling World Grand Championship", "1")], "World Grand Champion"],
    [
      "case-insensitive names",
      [rec("walking horse WORLD GRAND CHAMPIONSHIP", "1st", "the celebration")],
      "World Grand Champion",
    ],
    [
      "World Championship class won",
      [rec("Owner-Amateur Novice Western Trail Pleasure (World Championship)")],
      "World Champion",
    ],
    [
      "Grand wins over plain, whatever the order",
      [rec("Four-Year-Old Walking Mares World Championship"), rec("Walking Horse World Grand Championship")],
      "World Grand Champion",
    ],
    ["2nd place in a WGC class", [rec("Walking Horse World Grand Championship", "2nd")], null],
    ["2 in a World Championship class", [rec("Trail Pleasure World Championship", "2")], null],
    [
      "a WGC class at a show that is not the Celebration",
      [rec("Walking Horse World Grand Championship", "1st", "Columbia Spring Jubilee")],
      null,
    ],
    ["'Championship' without 'World'", [rec("Country Pleasure - Amateur/Youth Championship")], null],
    ["'World Champion' is not 'World Championship'", [rec("Parade of World Champions")], null],
    ["a qualifier at the Celebration", [rec("Owner-Amateur Weanlings")], null],
    [
      "a 2nd in the WGC and a win in a World Championship",
      [
        rec("Walking Horse World Grand Championship", "2nd"),
        rec("Walking Stallions World Championship", "1st"),
      ],
      "World Champion",
    ],
    [
      "a win elsewhere does not borrow the Celebration from another record",
      [
        rec("Walking Horse World Grand Championship", "1st", "Spring Fun Show"),
        rec("Walking Horse World Grand Championship", "3rd"),
      ],
      null,
    ],
  ])("%s", (_label, records, expected) => {
    expect(championBadge(records)).toBe(expected);
  });
});

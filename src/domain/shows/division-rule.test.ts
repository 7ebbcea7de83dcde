import { describe, expect, it } from "vitest";
import {
  DIVISION_PRECEDENCE,
  divisionsForClassName,
  isOutOfScopeClassName,
  primaryDivisionForClassName,
} from "#domain/shows/division-rule.ts";
import { DIVISION_IDS, type DivisionId } from "#domain/shows/divisions.ts";
import { fixtureColumn } from "#tests/support/walking-horse.ts";

const CSV_FILES = {
  "classes-celebration.csv": 30,
  "classes-celebration-other-years.csv": 41,
  "classes-other-shows.csv": 317,
} as const;

const classNames = (file: string): string[] => fixtureColumn(file, "name");

const NAMES_BY_FILE = Object.keys(CSV_FILES).map((file) => [file, classNames(file)] as const);
const ALL_NAMES = NAMES_BY_FILE.flatMap(([, names]) => names);

describe("fixture class names", () => {
  it.each(NAMES_BY_FILE.map(([file, names]) => [file, names.length]))(
    "%s has the documented rows",
    (file, n) => {
      expect(n).toBe(CSV_FILES[file as keyof typeof CSV_FILES]);
    },
  );

  it("parses quoted fields with commas and doubled quotes", () => {
    expect(ALL_NAMES).toContain(
      'Owner-Amateur Youth Riders on Walking Ponies, 60" and Under, World Grand Championship',
    );
    expect(ALL_NAMES).toContain(
      "Boyd, Carter, Elliott, Greenup, Lawrence, Lewis, Rowan Counties Open Pleasure Horse",
    );
    expect(ALL_NAMES.every((name) => name.trim().length > 0)).toBe(true);
  });
});

describe("divisionsForClassName on every fixture class name", () => {
  const valid = new Set<string>(DIVISION_IDS);

  it.each(ALL_NAMES.map((name) => [name]))("%s", (name) => {
    const divisions = divisionsForClassName(name);
    expect(divisions.every((d) => valid.has(d))).toBe(true);
    expect(new Set(divisions).size).toBe(divisions.length);
    expect(primaryDivisionForClassName(name)).toBe(divisions[0] ?? null);
    if (isOutOfScopeClassName(name)) expect(divisions).toEqual([]);
  });

  it("gives a division to at least 85% of the names that are not out of scope", () => {
    const inScope = ALL_NAMES.filter((name) => !isOutOfScopeClassName(name));
    const covered = inScope.filter((name) => primaryDivisionForClassName(name) !== null);
    expect(covered.length / inScope.length).toBeGreaterThanOrEqual(0.85);
  });

  it("keeps the out-of-scope set small, so coverage is not bought by excluding names", () => {
    const outOfScope = ALL_NAMES.filter(isOutOfScopeClassName);
    expect(outOfScope.length / ALL_NAMES.length).toBeLessThan(0.15);
  });

  it("reaches every one of the 24 divisions on real or documented names", () => {
    const extra = ["Four-Year-Old Walking Stallions", "Aged Stallions", "Two Year Old Walking Colts"];
    const seen = new Set([...ALL_NAMES, ...extra].flatMap(divisionsForClassName));
    expect([...seen].sort()).toEqual([...DIVISION_IDS].sort());
  });
});

describe("DIVISION_PRECEDENCE", () => {
  it("orders all 24 divisions exactly once", () => {
    expect([...DIVISION_PRECEDENCE].sort()).toEqual([...DIVISION_IDS].sort());
  });

  it("puts rider status last and park performance before park pleasure", () => {
    expect(DIVISION_PRECEDENCE.slice(-3)).toEqual(["youth", "amateur", "open"]);
    expect(DIVISION_PRECEDENCE.indexOf("park-performance")).toBeLessThan(
      DIVISION_PRECEDENCE.indexOf("park-pleasure"),
    );
  });
});

describe("divisionsForClassName, hand-checked real names (primary first)", () => {
  it.each<[string, DivisionId[]]>([
    ["Model Pleasure Walking Stallions", ["model"]],
    [
      "Owner-Amateur Riders on Four & Five-Year-Old All Day Pleasure Walking Horses, Optional Tack (Registration Required)",
      ["all-day-pleasure", "four-year-old", "five-year-old", "amateur"],
    ],
    [
      "Owner-Amateur Riders on Two-Year-Old Country Pleasure Walking Horses, Optional Tack",
      ["country-pleasure", "two-year-old", "amateur"],
    ],
    [
      "Two-Year-Old Walking Mares (includes Futurity nominated Two-Year-Old Performance Mares)",
      ["two-year-old", "performance"],
    ],
    ["Elite Owner-Amateur Gentlemen Riders on Walking Stallions", ["performance", "amateur"]],
    ["Owner-Amateur Riders on Park Performance Walking Mares or Geldings", ["park-performance", "amateur"]],
    ["Owner-Amateur Park Performance Stallions", ["park-performance", "amateur"]],
    ["Owner-Amateur Ladies Fine Harness", ["fine-harness", "amateur"]],
    ["Western Lite Shod (short form used in results report)", ["lite-shod"]],
    ["Lead Line World Grand Championship", ["youth"]],
    ["Yearling World Grand Championship", ["yearling"]],
    [
      "Owner-Amateur Three & Under Trail Pleasure World Grand Championship",
      ["trail-pleasure", "three-year-old", "amateur"],
    ],
    ["Owner-Amateur Weanlings", ["weanling", "amateur"]],
    ["Amateur Owned and Trained Lite-Shod", ["lite-shod", "amateur"]],
    ["Walking Horse World Grand Championship (final class)", ["performance"]],
    ["Four-Year-Old Walking Mares (Canter) (Riders' Cup)", ["four-year-old", "performance", "open"]],
    [
      "Owner-Amateur Riders on Walking Mares or Geldings, Five Years & Over (Canter)",
      ["aged-walking-mares-geldings", "aged", "performance", "amateur"],
    ],
    [
      "O/A Youth Riders 6-11 Years on Park Pleasure Walking Mares or Geldings",
      ["park-pleasure", "youth", "amateur"],
    ],
    ["Plantation Pleasure Walking Horses, Five Years and Over", ["lite-shod", "aged"]],
    ["Auxiliary Equitation, Medal Class, Youth Division, Riders 6-11 Years", ["equitation", "youth"]],
    [
      "Plantation Pleasure Walking Horses, Three and Four Years Old, Lite Shod",
      ["lite-shod", "three-year-old", "four-year-old"],
    ],
    ["Model Park Pleasure, Open", ["model", "park-pleasure", "open"]],
    ["Walking Mares and Geldings, 15.2 and Under (WHTA Rider Cup)", ["performance", "open"]],
    ["Walking Horse Aux. Equitation Adult, 18 and Over, Canter", ["equitation", "amateur"]],
    ["Amateur Two Year Old, Walking Mares and Geldings", ["two-year-old", "performance", "amateur"]],
    [
      "Walking Mares and Geldings, 15.2 and Over (Five Years & Over)",
      ["aged-walking-mares-geldings", "aged", "performance"],
    ],
    [
      "Walking Stallions, Mares, & Geldings, 15.2 & Over (Five Yrs & Over) Specialty",
      ["aged", "performance"],
    ],
    ["Park Performance 4 Yr. & Under", ["park-performance", "four-year-old"]],
    [
      "Amateur Four Year Old Stallions, Specialty",
      ["four-year-old-walking-stallions", "four-year-old", "performance", "amateur"],
    ],
    ["Amateur 15.2 and Under Stallions, Specialty", ["performance", "amateur"]],
    ["Youth Plantation Lite Shod, 17 and Under, Specialty", ["lite-shod", "youth"]],
    ["Juvenile 11 and Under, FS, Specialty", ["youth"]],
    ["Juvenile 11 and Under, PH, Specialty", ["performance", "youth"]],
    ["Equitation, 8 and Under, FS, Specialty", ["equitation", "youth"]],
    ["2 & 3 YR Old Country Pleas. Eng Spec.", ["country-pleasure", "two-year-old", "three-year-old"]],
    ["Yth Equit 17&Under Champ Cntr, Pattern req.", ["equitation", "youth"]],
    ["Open Park Pleas West Specialty", ["park-pleasure", "open"]],
    ["AOT Specialty", ["performance", "amateur"]],
    ["Light Shod Plantation Pleasure Open Specialty", ["lite-shod", "open"]],
    ["Plantation Pleasure", ["lite-shod"]],
    ["Yearling Halter Open", ["yearling", "model", "open"]],
    ["Weanlings & Yearlings", ["weanling", "yearling"]],
    ["Two & Three Year Old Classic Park Pleasure", ["park-pleasure", "two-year-old", "three-year-old"]],
    ["Riders' Cup Three Year Old Stallion", ["three-year-old", "performance", "open"]],
    ["Kids' Lead Line", ["youth"]],
    ["Lead Line Ponies, Riders 6 and Under", ["youth"]],
    ["Walking Horse Stake", ["performance"]],
    ["Limited Performance", ["performance"]],
    ["Walking Horse 15.2 & Under", ["performance"]],
    ["Aged Mares/Geldings Open Specialty", ["aged-walking-mares-geldings", "aged", "performance", "open"]],
    ["Open Amateur Specialty Walking Horse", ["performance", "amateur"]],
    ["Amateur Specialty (Open to Any in U.S.A., No Canter)", ["performance", "amateur"]],
    ["Men's Country Pleasure Walking Horse (18 & over)", ["country-pleasure", "amateur"]],
    ["All Day Pleasure (11 yrs & under)", ["all-day-pleasure", "youth"]],
    ["All Day Pleasure - Junior 5 & Under", ["all-day-pleasure"]],
    ["Country Pleasure - Amateur/Youth Championship", ["country-pleasure", "youth", "amateur"]],
    ["Classic Park Pleasure - Open (Riders Cup)", ["park-pleasure", "open"]],
    ["Pro-Am Specialty", ["performance", "open"]],
    ["Gaited Mare Halter", ["model"]],
    ["Juvenile 12 to 17 Specialty Walking Horse (no stallions)", ["performance", "youth"]],
    ["Novice Riders on Novice Horses - no blue in 2010", ["amateur"]],
    ["Youth 12-17", ["youth"]],
    ["2 Year Old Open", ["two-year-old", "open"]],
    ["3 Year Old Walking Amateur", ["three-year-old", "performance", "amateur"]],
    [
      "Open Gaited Breed Trail Pleasure - working walk & favorite gait (English or Western)",
      ["trail-pleasure", "open"],
    ],
    ["Park Pleasure Walking Horses, Two Years Old", ["park-pleasure", "two-year-old"]],
  ])("%s → %j", (name, expected) => {
    expect(divisionsForClassName(name)).toEqual(expected);
    expect(primaryDivisionForClassName(name)).toBe(expected[0]);
  });
});

describe("divisionsForClassName, spelling variants and the padded stallion/mare divisions", () => {
  it.each<[string, DivisionId[]]>([
    ["Two Year Old Walking Colts", ["two-year-old", "performance"]],
    ["Two-Year-Old Walking Stallions", ["two-year-old", "performance"]],
    ["2 Yrs Old Walking Mares", ["two-year-old", "performance"]],
    ["Three Years Old Walking Geldings", ["three-year-old", "performance"]],
    ["Five-Year-Old Walking Horses", ["five-year-old", "performance"]],
    ["Four-Year-Old Walking Stallions", ["four-year-old-walking-stallions", "four-year-old", "performance"]],
    ["4 Year Old Walking Stallions, Mares & Geldings", ["four-year-old", "performance"]],
    ["Walking Stallions, Five Years & Over", ["aged-walking-stallions", "aged", "performance"]],
    ["Aged Stallions", ["aged-walking-stallions", "aged", "performance"]],
    ["Walking Mares & Geldings, Five Years & Over", ["aged-walking-mares-geldings", "aged", "performance"]],
    ["Amateur Country Pleasure", ["country-pleasure", "amateur"]],
    ["Trail Pleasure, Four & Under", ["trail-pleasure", "four-year-old"]],
    ["Lite Shod, Five Years & Under", ["lite-shod"]],
    ["Walking Mares, 15.2 & Under", ["performance"]],
    ["Young Trainers Walking Horses", ["performance", "open"]],
    ["Weanling In-Hand", ["weanling", "model"]],
    ["WALKING HORSE STAKE", ["performance"]],
  ])("%s → %j", (name, expected) => {
    expect(divisionsForClassName(name)).toEqual(expected);
  });

  it.each([
    ["Park Performance"],
    ["Park Performance Walking Horse Specialty (pads not to exceed 1 inch thick)"],
  ])("reads %j as park performance, not park pleasure", (name) => {
    expect(divisionsForClassName(name)).toEqual(["park-performance"]);
  });
});

describe("out-of-scope class names", () => {
  it.each([
    ["Style Racking"],
    ["Speed Racking"],
    ["Country Pleasure Racking"],
    ["Spotted Saddle Horse Specialty"],
    ["Amateur Owned & Trained Spotted Saddle Horse (lite shod)"],
    ["Trail Pleasure Mule (walk & favorite gait)"],
    ["Fox Trot (gaited Fox Trotters only)"],
    ["Open Pole Bending"],
    ["Open Barrel Racing"],
    ["Stick Horse Showcase"],
    ["Versatility / Surprise Class"],
    ["Costume Class"],
    ["Senior Walk/Trot (Rider 16 and over) English"],
    ["English Pleasure: walk, trot, canter"],
    ["Mare Halter (non-gaited)"],
  ])("%s → no division", (name) => {
    expect(isOutOfScopeClassName(name)).toBe(true);
    expect(divisionsForClassName(name)).toEqual([]);
    expect(primaryDivisionForClassName(name)).toBeNull();
  });

  it.each([["Walking Horse Stake"], ["Gaited Mare Halter"], ["Trail Pleasure"], ["Open Specialty"]])(
    "%s is in scope",
    (name) => {
      expect(isOutOfScopeClassName(name)).toBe(false);
    },
  );

  it.each([["Pleasure Horse (Clay County Only - No Canter)"], ["Any Age, FS, Canter"], [""]])(
    "%j is in scope but names no division",
    (name) => {
      expect(isOutOfScopeClassName(name)).toBe(false);
      expect(divisionsForClassName(name)).toEqual([]);
    },
  );
});

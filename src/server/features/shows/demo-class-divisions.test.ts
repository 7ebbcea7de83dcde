import { describe, expect, it } from "vitest";
import { primaryDivisionForClassName } from "#domain/shows/division-rule.ts";
import type { DivisionId } from "#domain/shows/divisions.ts";
import {
  CELEBRATION_CLASSES,
  CELINA_CLASSES,
  FUN_CLASSES,
  JACKSON_CLASSES,
  PAST_CLASSES,
} from "#server/db/seed/demo-classes.ts";

const DEMO_CLASSES = { CELEBRATION_CLASSES, CELINA_CLASSES, FUN_CLASSES, JACKSON_CLASSES, PAST_CLASSES };

import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * The division rule on every demo class name, checked by hand: the primary division is the first tag in
 * the rule's precedence order (discipline and class kind before horse age, padded performance next, rider
 * status last). null: out of scope (racking, spotted, games, trotting breeds) or no division word.
 */
const EXPECTED: Record<keyof typeof DEMO_CLASSES, [string, DivisionId | null][]> = {
  CELEBRATION_CLASSES: [
    ["Model Pleasure Walking Stallions", "model"],
    [
      "Owner-Amateur Riders on Four & Five-Year-Old All Day Pleasure Walking Horses, Optional Tack (Registration Required)",
      "all-day-pleasure",
    ],
    [
      "Lite Shod Walking Horses, Five Years & Under, Optional Tack (includes Futurity nominated Three-Year-Old Lite Shod Mares, Geldings & Stallions)",
      "lite-shod",
    ],
    [
      "Owner-Amateur Novice Riders on Novice Country Pleasure Walking Horses, Optional Tack",
      "country-pleasure",
    ],
    ["Trail Pleasure Walking Horses, Four & Five Years Old, Optional Tack", "trail-pleasure"],
    [
      "Amateur Owned & Trained All Day Pleasure Walking Horses, Optional Tack, Registration Required",
      "all-day-pleasure",
    ],
    ["Owner-Amateur Riders on Three-Year-Old Trail Pleasure Walking Horses, Optional Tack", "trail-pleasure"],
    ["Owner-Amateur Novice Riders on Novice Park Pleasure Walking Horses, Optional Tack", "park-pleasure"],
    [
      "Owner-Amateur Riders on Three-Year-Old Country Pleasure Walking Horses, Optional Tack",
      "country-pleasure",
    ],
    [
      "Two-Year-Old Park Pleasure Walking Horses, Optional Tack (includes Futurity nominated Two-Year-Old Park Pleasure Mares, Geldings & Stallions)",
      "park-pleasure",
    ],
    [
      "Amateur Owned & Trained Trail Pleasure Walking Horses, No Professional Training Within 90 Days, Optional Tack",
      "trail-pleasure",
    ],
    [
      "Owner-Amateur Riders on Two-Year-Old Country Pleasure Walking Horses, Optional Tack",
      "country-pleasure",
    ],
    ["Owner-Amateur Riders on Western Park Pleasure Walking Horses", "park-pleasure"],
    [
      "Two-Year-Old Walking Mares (includes Futurity nominated Two-Year-Old Performance Mares)",
      "two-year-old",
    ],
    ["Two-Year-Old Walking Mares", "two-year-old"],
    ["English Lite Shod Walking Horses", "lite-shod"],
    ["Elite Owner-Amateur Gentlemen Riders on Walking Stallions", "performance"],
    ["Owner-Amateur Youth Riders 6-11 Years on Walking Mares", "performance"],
    ["Owner-Amateur Riders on Walking Ponies, Stallions", "performance"],
    ["Owner-Amateur Riders on Two-Year-Old Walking Stallions", "two-year-old"],
    ["Owner-Amateur Riders on Park Performance Walking Mares or Geldings", "park-performance"],
    ["Owner-Amateur Riders on Walking Stallions", "performance"],
    ["Owner-Amateur Ladies Fine Harness", "fine-harness"],
    ["Western Lite Shod", "lite-shod"],
    ["Lead Line World Grand Championship", "youth"],
    ["Yearling World Grand Championship", "yearling"],
    ["Owner-Amateur Park Pleasure World Grand Championship", "park-pleasure"],
    ["Owner-Amateur Fine Harness World Grand Championship", "fine-harness"],
    ["Owner-Amateur Youth All Day Pleasure", "all-day-pleasure"],
    ["Owner-Amateur Three & Under Trail Pleasure World Grand Championship", "trail-pleasure"],
    ["Owner-Amateur Novice Western Trail Pleasure (World Championship)", "trail-pleasure"],
    ["Owner-Amateur Park Performance Stallions", "park-performance"],
    ["Owner-Amateur Two-Year-Old Mares & Geldings", "two-year-old"],
    ["Park Pleasure World Grand Championship", "park-pleasure"],
    ["Model Mares (first class of the show)", "model"],
    ["Amateur Trail Pleasure Two-Year-Old, Optional Tack", "trail-pleasure"],
    ["Elite Amateur Park Pleasure", "park-pleasure"],
    ["Amateur Pony World Grand Championship (held only if 10+ entries)", "performance"],
    ["Owner-Amateur Youth Riders 6-11 on Walking Mares (first class, opening night)", "performance"],
    ["Elite Owner-Amateur Gentleman Riders on Walking Stallions", "performance"],
    ["Owner-Amateur Weanlings", "weanling"],
    ["Owner-Amateur Youth 12-17 Western Country Pleasure", "country-pleasure"],
    ["Amateur Owned and Trained Lite-Shod", "lite-shod"],
    ["Amateur Trail Pleasure Four and Under World Grand Championship", "trail-pleasure"],
    ["Walking Horse World Grand Championship (final class)", "performance"],
    [
      "Owner-Amateur Novice Youth Riders 6-17 Years on Novice Trail Pleasure Walking Mares or Geldings, Optional Tack",
      "trail-pleasure",
    ],
    ["Four-Year-Old Walking Mares (Canter) (Riders' Cup)", "four-year-old"],
    [
      "Owner-Amateur Riders on Walking Mares or Geldings, Five Years & Over (Canter)",
      "aged-walking-mares-geldings",
    ],
    ["Owner-Amateur Youth Riders 12-14 Years on Walking Mares or Geldings", "performance"],
    ["O/A Youth Riders 6-11 Years on Park Pleasure Walking Mares or Geldings", "park-pleasure"],
    ["O/A English Country Pleasure Walking Horses", "country-pleasure"],
    ["Plantation Pleasure Walking Horses, Five Years and Over", "lite-shod"],
    ["O/A Western Country Pleasure Walking Horses", "country-pleasure"],
    ["Park Pleasure Walking Horses, Two and Three Years Old", "park-pleasure"],
    ["O/A Western Trail Pleasure, Three Years Old", "trail-pleasure"],
    ["O/A English Trail Pleasure, Three Years Old", "trail-pleasure"],
    ["Model Pleasure Walking Geldings", "model"],
    ["Auxiliary Equitation, Medal Class, Youth Division, Riders 6-11 Years", "equitation"],
    ["Lead Line Ponies, Riders 6 and Under", "youth"],
    ["Owner-Amateur Novice Lady Riders on Novice Walking Mares or Geldings (Section A)", "performance"],
    ["Owner-Amateur Gentleman Drivers, Fine Harness", "fine-harness"],
    [
      "Amateur Owned and Trained Walking Horses, No Professional Training within 90 Days (Canter)",
      "performance",
    ],
    [
      "Owner-Amateur Youth Riders 6-17 Years on Plantation Pleasure Walking Mares or Geldings, Lite Shod",
      "lite-shod",
    ],
    ["Plantation Pleasure Walking Horses, Three and Four Years Old, Lite Shod", "lite-shod"],
    ["Park Pleasure Walking Horses, Two Years Old", "park-pleasure"],
    ["Elite Owner-Amateur Riders on Walking Stallions", "performance"],
    ['Owner-Amateur Youth Riders on Walking Ponies, 60" and Under, World Grand Championship', "performance"],
    ["Park Pleasure Walking Horses, Amateur Riders", "park-pleasure"],
    ["Model Park Pleasure, Open", "model"],
    ["Fine Harness", "fine-harness"],
    ["Walking Mares and Geldings, 15.2 and Under (WHTA Rider Cup)", "performance"],
    ["Walking Horse Aux. Equitation Adult, 18 and Over, Canter", "equitation"],
    ["Show Pleasure, Open, Specialty", "show-pleasure"],
    ["Plantation Pleasure, Lite Shod, Open, Specialty", "lite-shod"],
    ["Amateur Two Year Old, Walking Mares and Geldings", "two-year-old"],
    ["Pro-Am Class, Specialty (Amt. First/Prof. Second)", "performance"],
    ["Amateur Walking Stallions, Mares, and Geldings", "performance"],
    ["Walking Mares and Geldings, 15.2 and Over (Five Years & Over)", "aged-walking-mares-geldings"],
    ["Amateur Riders on Walking Horses, Riders 50 & Over, Specialty", "performance"],
    ["Amateur Pony Class (18 Yrs. and Older) Specialty", "performance"],
    ["Amateur Mares, Specialty", "performance"],
    ["Park Pleasure, Open, Specialty", "park-pleasure"],
    ["Amateur Three Year Old Mares and Geldings", "three-year-old"],
    ["Western Plantation Pleasure Lite Shod, Specialty", "lite-shod"],
    ["Amateur Four Year Old Mares and Gelding, Specialty", "four-year-old"],
    ["Walking Stallions, Mares, & Geldings, 15.2 & Over (Five Yrs & Over) Specialty", "aged"],
    ["Amateur Men's, Specialty", "performance"],
    ["Park Performance 4 Yr. & Under", "park-performance"],
    ["Amateur Stallions, Specialty", "performance"],
    ["Amateur Plantation, Lite Shod, Specialty", "lite-shod"],
    ["Amateur Two Year Old Stallions", "two-year-old"],
    ["Amateur Park Pleasure, Specialty", "park-pleasure"],
    ["Trail Pleasure Amateur, Specialty (English)", "trail-pleasure"],
    ["Amateur Geldings, Specialty", "performance"],
    ["Amateur Show Pleasure, Specialty", "show-pleasure"],
    ["Amateur Three Year Old Stallions", "three-year-old"],
    ["Amateur Plantation Pleasure Lite Shod, Four Years and Under, Open, Specialty", "lite-shod"],
    ["Amateur 15.2 and Under Stallions, Specialty", "performance"],
    ["Youth Plantation Lite Shod, 17 and Under, Specialty", "lite-shod"],
    ["Amateur 15.2 and Under Mares and Geldings, Specialty", "performance"],
  ],
  CELINA_CLASSES: [
    ["Kids' Lead Line", "youth"],
    ["Walking Yearling Open", "yearling"],
    ["Amateur Rider on 3 Year Old Walking Horse", "three-year-old"],
    ["Walking Horse Youth Council Juvenile 11 Years & Under", "performance"],
    ["Walking Horse 2 Year Old Mare or Gelding", "two-year-old"],
    ["Country Pleasure Open", "country-pleasure"],
    ["Pleasure Horse (Clay County Only - No Canter)", null],
    ["Country Pleasure, Riders 17 Years & Under", "country-pleasure"],
    ["Walking Horse 2 Year Old Stallion", "two-year-old"],
    ["Park Pleasure Open Specialty", "park-pleasure"],
    ["Youth Council Juvenile on Walking Horse, Riders 12 to 17 Years", "performance"],
    ["Ladies Amateur Walking Specialty", "performance"],
    ["Limited Performance", "performance"],
    ["Walking Horse 3 Year Old Stallion, Mare & Gelding", "three-year-old"],
    ["Walking Pony Specialty, Riders 17 & Under", "performance"],
    ["Amateur Specialty (Open to Any in U.S.A., No Canter)", "performance"],
    ["Walking Horse 4 Year Old Open", "four-year-old"],
    ["Light Shod Plantation Pleasure Open Specialty", "lite-shod"],
    ["Amateur Rider on 2 Year Old Mares, Geldings, or Stallions", "two-year-old"],
    ["Walking Horse 15.2 & Under", "performance"],
    ["Show Pleasure Specialty", "show-pleasure"],
    ["Amateur Rider on 4 Year Old Mares, Geldings, or Stallions", "four-year-old"],
    ["Walking Horse Amateur Rider, Canter Class", "performance"],
    ["Walking Horse Stake", "performance"],
  ],
  FUN_CLASSES: [
    ["Pony Halter (56 in. and under)", "model"],
    ["Mare Halter (non-gaited)", null],
    ["Gaited Mare Halter", "model"],
    ["Gelding/Stallion Halter (non-gaited)", null],
    ["Gaited Gelding/Stallion Halter", "model"],
    ["Lead Line (Riders 10 and under, Horse or Pony)", "youth"],
    ["Pony Walk/Trot (Ponies 56 in. and under, Rider 10 and under)", null],
    ["Senior Walk/Trot (Rider 16 and over) English", null],
    [
      "Open Gaited Breed Country Pleasure - flat walk and favorite gait (English or Western)",
      "country-pleasure",
    ],
    ["Junior Walk/Trot (Rider 15 and under) English", null],
    ["English/Western Pony Pleasure: walk, trot, canter (ponies 56 in. and under)", null],
    ["English Pleasure: walk, trot, canter", null],
    ["Senior Walk/Trot (Rider 16 and over) Western", null],
    [
      "Open Gaited Breed Trail Pleasure - working walk & favorite gait (English or Western)",
      "trail-pleasure",
    ],
    ["Senior Western Pleasure: walk, trot, canter (Rider 16 and over)", null],
    ["Junior Walk/Trot (Rider 15 and under) Western", null],
    ["Junior Country Pleasure (gaited only) Rider 15 and under (English or Western)", "country-pleasure"],
    ["Fox Trot (gaited Fox Trotters only)", null],
    ["Tennessee Walking Horse Pleasure 2 gait: walk, running walk (English or Western)", null],
    ["Open Gaited Breeds 3 Gait Pleasure: walk, favorite gait, canter (English or Western)", "open"],
    ["Junior Western Pleasure: walk, trot, canter (Rider 15 and under) (no ponies)", null],
    ["Versatility / Surprise Class", null],
    ["Open Pole Bending Training (no ribbons)", null],
    ["Open Pole Bending", null],
    ["Open Barrel Racing Training (no ribbons)", null],
    ["Open Barrel Racing", null],
  ],
  JACKSON_CLASSES: [
    ["Leadline", "youth"],
    ["Yearling Halter Open", "yearling"],
    ["15.2 & Under Open", "performance"],
    ["Country Pleasure", "country-pleasure"],
    ["2 Year Old Open", "two-year-old"],
    ["Youth Country Pleasure", "country-pleasure"],
    ["Show Pleasure Amateur Specialty", "show-pleasure"],
    ["Youth Ponies", "performance"],
    ["2 Year Old Amateur", "two-year-old"],
    ["Lite Shod Pleasure Specialty", "lite-shod"],
    ["Flatshod Racking (action devices optional)", null],
    ["Amateur Ladies, Stallions/Mares/Geldings Specialty", "performance"],
    ["3 Year Old Open", "three-year-old"],
    ["Youth 11 & Under Mares/Geldings", "performance"],
    ["Spotted Saddle Horse Specialty", null],
    ["Aged Mares/Geldings Open Specialty", "aged-walking-mares-geldings"],
    ["Pro-Am Specialty", "performance"],
    ["4 Year Old Amateur Specialty", "four-year-old"],
    ["Park Pleasure Open Specialty", "park-pleasure"],
    ["Youth 12-17", "youth"],
    ["Speed Racking", null],
    ["Amateur Walking Specialty", "performance"],
    ["3 Year Old Mares/Geldings", "three-year-old"],
    ["Limited Performance", "performance"],
  ],
  PAST_CLASSES: [
    ["Model Stallions", "model"],
    ["Academy 6-11 Years Specialty", "performance"],
    ["Model Mares & Geldings", "model"],
    ["Country Pleasure Driving", "country-pleasure"],
    ["Yearlings", "yearling"],
    ["Park Pleasure Eng Specialty", "park-pleasure"],
    ["Trail Pleasure Eng Specialty", "trail-pleasure"],
    ["Spotted Country Trail Pleasure Spec.", null],
    ["Youth Show Pleasure Specialty", "show-pleasure"],
    ["Country Pleasure English Specialty", "country-pleasure"],
    ["Youth Equitation 11 & Under Specialty", "equitation"],
    ["Lite Shod English Specialty", "lite-shod"],
    ["Academy 12-14 Years Specialty", "performance"],
    ["Youth 17 & Under Eng. Trail Pleas Spec.", "trail-pleasure"],
    ["2 & 3 YR Old Trail Pleasure Eng. Spec.", "trail-pleasure"],
    ["Youth Equitation 12-14 Specialty", "equitation"],
    ["Trail Pleasure Driving", "trail-pleasure"],
    ["2 & 3 YR Old Country Pleas. Eng Spec.", "country-pleasure"],
    ["Amateur Show Pleasure Specialty", "show-pleasure"],
    ["2 & 3 Yr Old Park Pleas. Eng. Spec.", "park-pleasure"],
    ["Youth Equitation 15-17 Specialty", "equitation"],
    ["Academy 15-17 Yrs Specialty", "performance"],
  ],
};

describe("primaryDivisionForClassName on every demo class name", () => {
  for (const [list, rows] of Object.entries(EXPECTED)) {
    it(`covers every name of ${list}`, () => {
      expect(rows.map(([name]) => name)).toEqual([...DEMO_CLASSES[list as keyof typeof DEMO_CLASSES]]);
    });
    it.each(rows)(`${list}: %s → %s`, (name, division) => {
      expect(primaryDivisionForClassName(name)).toBe(division);
    });
  }
});

describe("the demo seed", () => {
  const t = buildTestApp({ demo: true });

  it("stores each class's division from the rule", async () => {
    const rows = await t.app.deps.db.db.selectFrom("show_class").select(["name", "division_id"]).execute();
    expect(rows.length).toBeGreaterThan(190);
    for (const row of rows) expect(row.division_id, row.name).toBe(primaryDivisionForClassName(row.name));
    expect(rows.filter((r) => r.division_id !== null).length / rows.length).toBeGreaterThan(0.85);
  });

  it("summarises the divisions per show for the facets", async () => {
    const { db } = t.app.deps.db;
    const summary = await db
      .selectFrom("show_division")
      .select((eb) => eb.fn.sum<number | string>("class_count").as("total"))
      .executeTakeFirstOrThrow();
    const divided = await db
      .selectFrom("show_class")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("division_id", "is not", null)
      .executeTakeFirstOrThrow();
    expect(Number(summary.total)).toBe(Number(divided.n));
  });
});

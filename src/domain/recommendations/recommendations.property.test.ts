import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROLES } from "#domain/people/roles.ts";
import { classRequirements } from "#domain/recommendations/class-requirements.ts";
import {
  assessClass,
  type CandidateClass,
  type HorseProfile,
  MAX_RECOMMENDATIONS,
  MIN_RECOMMENDATIONS,
  type RiderProfile,
  recommendClasses,
} from "#domain/recommendations/recommendations.ts";
import { DIVISION_IDS } from "#domain/shows/divisions.ts";
import { fixtureColumn } from "#tests/support/walking-horse.ts";

/** Every real class name in the shared CSVs. */
const REAL_NAMES = [
  ...fixtureColumn("classes-celebration.csv", "name"),
  ...fixtureColumn("classes-celebration-other-years.csv", "name"),
  ...fixtureColumn("classes-other-shows.csv", "name"),
];

const horseArb: fc.Arbitrary<HorseProfile> = fc.record({
  name: fc.constantFrom("Midnight Masterpiece", "Sundance Jubilee", "Gold Rush Delight"),
  age: fc.integer({ min: 0, max: 25 }),
  gender: fc.constantFrom("Stallion", "Mare", "Gelding", "Filly", "Colt", null),
  canters: fc.boolean(),
  divisions: fc.uniqueArray(fc.constantFrom(...DIVISION_IDS), { maxLength: 5 }),
  hasTrainer: fc.boolean(),
});

const riderArb: fc.Arbitrary<RiderProfile> = fc.record({
  age: fc.option(fc.integer({ min: 4, max: 85 }), { nil: null }),
  gender: fc.constantFrom("Male", "Female", "Other", null),
  roles: fc.uniqueArray(fc.constantFrom(...ROLES), { minLength: 1, maxLength: 3 }),
  ownsHorse: fc.boolean(),
});

const DAYS = ["2026-08-20", "2026-08-21", "2026-08-22", "2026-08-23"];

/** A show: a sample of real class names (with repeats, as real shows have), each on one of up to four days. */
const showArb: fc.Arbitrary<CandidateClass[]> = fc
  .array(fc.tuple(fc.constantFrom(...REAL_NAMES), fc.constantFrom(...DAYS)), { minLength: 0, maxLength: 80 })
  .map((rows) => rows.map(([name, date], i) => ({ id: `class-${i + 1}`, name, date })));

const eligibleCount = (classes: readonly CandidateClass[], horse: HorseProfile, rider: RiderProfile) =>
  new Set(
    classes
      .filter((c) => assessClass(classRequirements(c.name), horse, rider).eligible)
      .map((c) => c.name.trim().toLowerCase().replace(/\s+/g, " ")),
  ).size;

describe("recommendClasses over every real class name (property)", () => {
  it("never recommends an ineligible class, gives 3 to 5 when at least 3 are eligible, and is deterministic", () => {
    fc.assert(
      fc.property(horseArb, riderArb, showArb, (horse, rider, classes) => {
        const result = recommendClasses({ horse, rider, classes });
        const byId = new Map(classes.map((c) => [c.id, c]));
        for (const rec of result) {
          const cls = byId.get(rec.classId);
          expect(cls?.name).toBe(rec.className);
          expect(assessClass(classRequirements(rec.className), horse, rider).eligible).toBe(true);
          expect(rec.reason.length).toBeGreaterThan(0);
        }
        const available = eligibleCount(classes, horse, rider);
        expect(result.length).toBeLessThanOrEqual(MAX_RECOMMENDATIONS);
        if (available >= MIN_RECOMMENDATIONS)
          expect(result.length).toBeGreaterThanOrEqual(MIN_RECOMMENDATIONS);
        else expect(result).toHaveLength(available);
        expect(recommendClasses({ horse, rider, classes: classes.map((c) => ({ ...c })) })).toEqual(result);
      }),
      { numRuns: 400 },
    );
  });

  it("cantering or dropping qualified disciplines never takes a real class away; professionals never get amateur classes", () => {
    fc.assert(
      fc.property(horseArb, riderArb, (horse, rider) => {
        const freer: HorseProfile = { ...horse, canters: true, divisions: [] };
        for (const name of REAL_NAMES) {
          const req = classRequirements(name);
          if (assessClass(req, horse, rider).eligible)
            expect(assessClass(req, freer, rider).eligible).toBe(true);
          if (rider.roles.includes("Trainer") && req.riderStatus && req.riderStatus !== "professional") {
            expect(assessClass(req, horse, rider).eligible).toBe(false);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

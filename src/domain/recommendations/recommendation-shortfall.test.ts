import { describe, expect, it } from "vitest";
import {
  exclusionPhrase,
  exclusionsOf,
  shortfallNote,
  shortfallReasons,
} from "#domain/recommendations/recommendation-shortfall.ts";
import type { HorseProfile, RiderProfile } from "#domain/recommendations/recommendations.ts";
import { eligibleClasses } from "#domain/recommendations/recommendations.ts";

const midnightSun: HorseProfile = {
  name: "Midnight Sun",
  age: 6,
  gender: "Mare",
  canters: false,
  divisions: [],
  hasTrainer: true,
};
const trainer: RiderProfile = { age: 45, gender: "Male", roles: ["Owner", "Trainer"], ownsHorse: false };
const amateurOwner: RiderProfile = { age: 40, gender: "Female", roles: ["Owner"], ownsHorse: true };
const classes = (...names: string[]) => names.map((name) => ({ name }));

/** One row per rule: a class the pair may not enter, the pair, and whom the class is said to be for. */
const PHRASES: [string, HorseProfile, RiderProfile, string][] = [
  ["Walking Stallions", midnightSun, trainer, "stallions"],
  ["Amateur Country Pleasure", midnightSun, trainer, "amateurs"],
  ["Owner-Amateur Lite Shod", midnightSun, { ...amateurOwner, ownsHorse: false }, "owner-amateurs"],
  ["Amateur Owned & Trained Trail Pleasure", midnightSun, amateurOwner, "horses with no trainer"],
  ["Riders' Cup Walking Horse", midnightSun, amateurOwner, "professionals"],
  ["Trail Pleasure Canter", midnightSun, trainer, "horses that canter"],
  ["Walking Horse 2 Year Old Mare or Gelding", midnightSun, trainer, "horses of other ages"],
  ["Youth 12-17 Country Pleasure", midnightSun, trainer, "youth riders"],
  ["Riders 50 & Over Trail Pleasure", midnightSun, trainer, "riders 50 and over"],
  ["Ladies Country Pleasure", midnightSun, trainer, "lady riders"],
  ["Gentlemen Lite Shod", midnightSun, amateurOwner, "gentleman riders"],
  ["Pony Class", midnightSun, trainer, "ponies"],
  [
    "Country Pleasure",
    { ...midnightSun, divisions: ["park-performance"] },
    trainer,
    "horses in other divisions",
  ],
];

describe("whom a shut class is for", () => {
  it.each(PHRASES)("%s", (name, horse, rider, phrase) => {
    const [exclusion] = exclusionsOf(classes(name), horse, rider);
    expect(exclusion).toBeDefined();
    expect(exclusionPhrase(exclusion!, horse, rider)).toBe(phrase);
  });
});

describe("shortfall reasons", () => {
  it("names the commonest kinds first, at most three, first seen on ties", () => {
    const shut = exclusionsOf(
      classes(
        "Trail Pleasure Canter",
        "Walking Stallions",
        "Amateur Country Pleasure",
        "Walking Stallions Open",
        "Ladies Country Pleasure",
        "Amateur Lite Shod",
        "Four Year Old Walking Stallions",
      ),
      midnightSun,
      trainer,
    );
    expect(shortfallReasons(shut, midnightSun, trainer)).toEqual([
      "stallions",
      "amateurs",
      "horses that canter",
    ]);
  });
});

describe("the dialog's note", () => {
  const show = classes(
    "Open Country Pleasure",
    "Trail Pleasure Open",
    "Walking Stallions",
    "Walking Stallions Open",
    "Amateur Country Pleasure",
    "Trail Pleasure Canter",
  );
  const shut = exclusionsOf(show, midnightSun, trainer);
  const fitting = eligibleClasses(
    show.map((c, i) => ({ ...c, id: String(i), date: "2026-06-01" })),
    midnightSun,
    trainer,
  ).length;

  it.each([
    [
      "two fit",
      fitting,
      "Only 2 classes at this show fit Midnight Sun: the others are for stallions, amateurs, or horses that canter.",
    ],
    [
      "one fits",
      1,
      "Only 1 class at this show fits Midnight Sun: the others are for stallions, amateurs, or horses that canter.",
    ],
    ["none fits", 0, "Its classes are for stallions, amateurs, or horses that canter."],
    ["three fit: no note", 3, null],
  ])("%s", (_, count, note) => {
    expect(shortfallNote({ horse: midnightSun, rider: trainer, fitting: count, exclusions: shut })).toBe(
      note,
    );
  });

  it("says nothing when no class was shut (a short show)", () => {
    expect(shortfallNote({ horse: midnightSun, rider: trainer, fitting: 1, exclusions: [] })).toBeNull();
  });

  it("two reasons are joined with 'or'", () => {
    const two = exclusionsOf(classes("Walking Stallions", "Trail Pleasure Canter"), midnightSun, trainer);
    expect(shortfallNote({ horse: midnightSun, rider: trainer, fitting: 2, exclusions: two })).toBe(
      "Only 2 classes at this show fit Midnight Sun: the others are for stallions or horses that canter.",
    );
  });
});

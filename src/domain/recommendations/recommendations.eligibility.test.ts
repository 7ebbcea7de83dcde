import { describe, expect, it } from "vitest";
import { classRequirements } from "#domain/recommendations/class-requirements.ts";
import {
  assessClass,
  type HorseProfile,
  type Ineligibility,
  type RiderProfile,
} from "#domain/recommendations/recommendations.ts";
import { amateur, mare, trainer } from "#tests/support/recommendation-profiles.ts";

const verdict = (name: string, horse: HorseProfile, rider: RiderProfile): Ineligibility | "eligible" => {
  const result = assessClass(classRequirements(name), horse, rider);
  return result.eligible ? "eligible" : result.because;
};

/** One row per eligibility rule: a class, a horse and rider, and the verdict. */
const ELIGIBILITY: [string, string, HorseProfile, RiderProfile, Ineligibility | "eligible"][] = [
  ["age word admits", "Four Year Old Amateur", mare(), amateur(), "eligible"],
  ["age word refuses", "Walking Horse 2 Year Old Mare or Gelding", mare(), amateur(), "horse-age"],
  [
    "'& under' admits younger",
    "Amateur Trail Pleasure Four and Under World Grand Championship",
    mare({ divisions: [] }),
    amateur(),
    "eligible",
  ],
  [
    "'& under' refuses older",
    "Owner-Amateur Three & Under Trail Pleasure World Grand Championship",
    mare(),
    amateur(),
    "horse-age",
  ],
  [
    "'Aged' refuses a four-year-old",
    "Aged Mares/Geldings Open Specialty",
    mare({ divisions: [] }),
    amateur(),
    "horse-age",
  ],
  [
    "'Aged' admits a ten-year-old",
    "Aged Mares/Geldings Open Specialty",
    mare({ age: 10, divisions: [] }),
    amateur(),
    "eligible",
  ],
  [
    "mare class refuses a stallion",
    "Amateur Mares, Specialty",
    mare({ gender: "Stallion", divisions: [] }),
    amateur(),
    "horse-sex",
  ],
  [
    "filly counts as a mare",
    "Amateur Mares, Specialty",
    mare({ gender: "Filly", divisions: [] }),
    amateur(),
    "eligible",
  ],
  [
    "colt counts as a stallion",
    "Amateur Stallions, Specialty",
    mare({ gender: "Colt", divisions: [] }),
    amateur(),
    "eligible",
  ],
  [
    "unknown sex fails a sex class",
    "Amateur Geldings, Specialty",
    mare({ gender: null, divisions: [] }),
    amateur(),
    "horse-sex",
  ],
  [
    "'no stallions' refuses a stallion",
    "Juvenile 12 to 17 Specialty Walking Horse (no stallions)",
    mare({ gender: "Stallion", divisions: [] }),
    amateur({ age: 14 }),
    "horse-sex",
  ],
  ["discipline outside the horse's refuses", "Park Pleasure Open Specialty", mare(), amateur(), "discipline"],
  ["padded class refuses a flat-shod horse", "Walking Horse Stake", mare(), amateur(), "discipline"],
  [
    "no qualified discipline: any discipline",
    "Park Pleasure Open Specialty",
    mare({ divisions: ["amateur"] }),
    amateur(),
    "eligible",
  ],
  [
    "padded sub-division counts as performance",
    "Owner-Amateur Riders on Walking Stallions",
    mare({ gender: "Stallion", divisions: ["aged-walking-stallions"] }),
    amateur({ gender: "Male" }),
    "eligible",
  ],
  [
    "canter class refuses a horse that does not canter",
    "Country Pleasure - Amateur, Canter",
    mare({ canters: false }),
    amateur(),
    "canter",
  ],
  [
    "canter class admits a horse that canters",
    "Country Pleasure - Amateur, Canter",
    mare(),
    amateur(),
    "eligible",
  ],
  [
    "'No Canter' admits a horse that does not canter",
    "Country Pleasure - Junior 5 & Under, No Canter",
    mare({ canters: false }),
    amateur(),
    "eligible",
  ],
  [
    "youth band refuses an adult",
    "Owner-Amateur Youth 12-17 Western Country Pleasure",
    mare(),
    amateur(),
    "rider-age",
  ],
  [
    "youth band admits a 14-year-old",
    "Owner-Amateur Youth 12-17 Western Country Pleasure",
    mare(),
    amateur({ age: 14 }),
    "eligible",
  ],
  [
    "unknown rider age fails an age class",
    "Youth Country Pleasure",
    mare(),
    amateur({ age: null }),
    "rider-age",
  ],
  [
    "'50 & Over' refuses a 40-year-old",
    "Amateur Riders on Walking Horses, Riders 50 & Over, Specialty",
    mare({ divisions: [] }),
    amateur(),
    "rider-age",
  ],
  [
    "amateur class refuses a professional trainer",
    "Amateur Show Pleasure Specialty",
    mare({ divisions: [] }),
    trainer,
    "rider-status",
  ],
  [
    "owner-amateur class refuses a non-owner",
    "O/A English Country Pleasure Walking Horses",
    mare(),
    amateur({ ownsHorse: false }),
    "rider-status",
  ],
  [
    "amateur class admits a non-owner amateur",
    "Country Pleasure - Amateur English",
    mare(),
    amateur({ ownsHorse: false }),
    "eligible",
  ],
  [
    "AOT refuses a horse with a trainer",
    "Country Pleasure - Amateur Owned and Trained",
    mare({ hasTrainer: true }),
    amateur(),
    "rider-status",
  ],
  [
    "AOT admits an owner-trained horse",
    "Country Pleasure - Amateur Owned and Trained",
    mare(),
    amateur(),
    "eligible",
  ],
  [
    "Riders' Cup refuses an amateur",
    "Country Pleasure - Open (Riders Cup)",
    mare(),
    amateur(),
    "rider-status",
  ],
  ["Riders' Cup admits a professional", "Country Pleasure - Open (Riders Cup)", mare(), trainer, "eligible"],
  ["open class admits a professional", "Country Pleasure Open", mare(), trainer, "eligible"],
  [
    "ladies class refuses a man",
    "Ladies Specialty Mares & Geldings",
    mare({ divisions: [] }),
    trainer,
    "rider-sex",
  ],
  [
    "gentlemen class refuses a woman",
    "Men's Country Pleasure Walking Horse (18 & over)",
    mare(),
    amateur(),
    "rider-sex",
  ],
  [
    "unknown rider sex fails a sex class",
    "Ladies Specialty Mares & Geldings",
    mare({ divisions: [] }),
    amateur({ gender: null }),
    "rider-sex",
  ],
  ["other breeds never", "Speed Racking", mare({ divisions: [] }), amateur(), "excluded"],
  ["ponies never", "Youth Ponies", mare({ divisions: [] }), amateur({ age: 12 }), "excluded"],
  [
    "local-only never",
    "Pleasure Horse (Clay County Only - No Canter)",
    mare({ divisions: [] }),
    amateur(),
    "excluded",
  ],
  [
    "unrestricted name admits everyone",
    "Tennessee Walking Horse Pleasure 2 gait: walk, running walk",
    mare(),
    trainer,
    "eligible",
  ],
];

describe("assessClass: eligibility", () => {
  it.each(ELIGIBILITY)("%s (%s)", (_rule, name, horse, rider, expected) => {
    expect(verdict(name, horse, rider)).toBe(expected);
  });
});

describe("assessClass: preference", () => {
  const score = (name: string, horse = mare(), rider = amateur()) => {
    const result = assessClass(classRequirements(name), horse, rider);
    if (!result.eligible) throw new Error(`${name} should be eligible`);
    return result.score;
  };

  it("prefers a class in the horse's qualified division", () => {
    expect(score("Country Pleasure")).toBeGreaterThan(score("Equitation with Pattern Work, Any Age"));
  });

  it("prefers the more specific match within the division", () => {
    expect(score("Owner-Amateur Ladies Country Pleasure, Four Year Old Mares")).toBeGreaterThan(
      score("Country Pleasure"),
    );
  });

  it("names the matched qualified divisions", () => {
    const result = assessClass(
      classRequirements("Country Pleasure - Amateur English"),
      mare({ divisions: ["country-pleasure", "amateur", "youth"] }),
      amateur(),
    );
    expect(result).toMatchObject({ eligible: true, matchedDivisions: ["country-pleasure", "amateur"] });
  });
});

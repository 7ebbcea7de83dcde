import type { HorseProfile, RiderProfile } from "#domain/recommendations/profiles.ts";

/** A four-year-old country-pleasure mare who canters, with no trainer (recommendation tests). */
export const mare = (overrides: Partial<HorseProfile> = {}): HorseProfile => ({
  name: "Sundance Jubilee",
  age: 4,
  gender: "Mare",
  canters: true,
  divisions: ["country-pleasure"],
  hasTrainer: false,
  ...overrides,
});
/** An amateur who owns the horse. */
export const amateur = (overrides: Partial<RiderProfile> = {}): RiderProfile => ({
  age: 40,
  gender: "Female",
  roles: ["Owner"],
  ownsHorse: true,
  ...overrides,
});
/** A professional. */
export const trainer: RiderProfile = {
  age: 55,
  gender: "Male",
  roles: ["Owner", "Trainer"],
  ownsHorse: false,
};

import type { Role } from "#domain/people/roles.ts";
import type { DivisionId } from "#domain/shows/divisions.ts";

/** The horse and the rider as the recommendation rules read them. */
export type HorseGenderWord = "Stallion" | "Mare" | "Gelding" | "Filly" | "Colt";

export interface HorseProfile {
  name: string;
  /** Whole years on the show's first day. */
  age: number;
  gender: HorseGenderWord | null;
  canters: boolean;
  divisions: readonly DivisionId[];
  /** True when a trainer is listed for the horse (Amateur Owned & Trained needs none). */
  hasTrainer: boolean;
}

export interface RiderProfile {
  /** Whole years on the show's first day; null when the rider's date of birth is unknown. */
  age: number | null;
  gender: "Male" | "Female" | "Other" | null;
  roles: readonly Role[];
  /** True when the rider owns the horse (Owner-Amateur classes). */
  ownsHorse: boolean;
}

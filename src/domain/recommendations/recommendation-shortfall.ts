import { type ClassRequirements, classRequirements } from "#domain/recommendations/class-requirements.ts";
import { sexNoun } from "#domain/recommendations/recommendation-reasons.ts";
import {
  assessClass,
  type CandidateClass,
  type HorseProfile,
  type Ineligibility,
  isProfessional,
  MIN_RECOMMENDATIONS,
  type RiderProfile,
} from "#domain/recommendations/recommendations.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";

/**
 * Why fewer than three classes of a show fit a horse, from the rule engine's own exclusions: each class the
 * pair may not enter names whom it is for ("stallions", "amateurs", "horses that canter"); the most frequent
 * few make the dialog's note "Only 2 classes at this show fit Midnight Sun: the others are for stallions,
 * amateurs, or horses that canter." Pure.
 */

/** At most this many kinds of class are named; the rest are the commonest first. */
export const MAX_SHORTFALL_REASONS = 3;

export interface Exclusion {
  because: Ineligibility;
  requirements: ClassRequirements;
}

/** The classes the pair may not enter, each with the first rule that shuts it. */
export function exclusionsOf(
  classes: readonly Pick<CandidateClass, "name">[],
  horse: HorseProfile,
  rider: RiderProfile,
  requirementsOf: (name: string) => ClassRequirements = classRequirements,
): Exclusion[] {
  const result: Exclusion[] = [];
  for (const cls of classes) {
    const requirements = requirementsOf(cls.name);
    const assessment = assessClass(requirements, horse, rider);
    if (!assessment.eligible) result.push({ because: assessment.because, requirements });
  }
  return result;
}

const EXCLUDED_WORDS: Record<NonNullable<ClassRequirements["excluded"]>, string> = {
  "out-of-scope": "other breeds",
  pony: "ponies",
  academy: "academy riders",
  local: "local horses",
};

function riderStatusPhrase(req: ClassRequirements, horse: HorseProfile, rider: RiderProfile): string {
  if (req.riderStatus === "professional") return "professionals";
  if (isProfessional(rider)) return "amateurs";
  if (req.riderStatus !== "amateur" && !rider.ownsHorse) return "owner-amateurs";
  if (req.riderStatus === "amateur-owned-trained" && horse.hasTrainer) return "horses with no trainer";
  return "amateurs";
}

function riderAgePhrase(req: ClassRequirements): string {
  const range = req.riderAge;
  if (!range) return "riders of another age";
  if (range.max !== null && range.max <= 17) return "youth riders";
  if (range.max === null) return range.min === 18 ? "adult riders" : `riders ${range.min} and over`;
  return `riders ${range.min}–${range.max}`;
}

/** Whom a class the pair may not enter is for, in a few words. */
export function exclusionPhrase(exclusion: Exclusion, horse: HorseProfile, rider: RiderProfile): string {
  const req = exclusion.requirements;
  switch (exclusion.because) {
    case "excluded":
      return EXCLUDED_WORDS[req.excluded ?? "out-of-scope"];
    case "horse-age":
      // One phrase for every age band, so a show of many age classes reads as one reason.
      return "horses of other ages";
    case "horse-sex":
      return sexNoun(req.horseSexes);
    case "discipline":
      return "horses in other divisions";
    case "canter":
      return "horses that canter";
    case "rider-age":
      return riderAgePhrase(req);
    case "rider-status":
      return riderStatusPhrase(req, horse, rider);
    case "rider-sex":
      return req.riderSex === "Male" ? "gentleman riders" : "lady riders";
  }
}

/** The commonest kinds of shut class, most classes first (first seen on ties), at most `most`. */
export function shortfallReasons(
  exclusions: readonly Exclusion[],
  horse: HorseProfile,
  rider: RiderProfile,
  most = MAX_SHORTFALL_REASONS,
): string[] {
  const counts = new Map<string, number>();
  for (const exclusion of exclusions) {
    const phrase = exclusionPhrase(exclusion, horse, rider);
    counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([phrase, count], index) => ({ phrase, count, index }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .slice(0, most)
    .map((r) => r.phrase);
}

/**
 * The dialog's note when fewer than three classes fit: null when three or more do, or when nothing was shut
 * (the list is short because the show is).
 */
export function shortfallNote(input: {
  horse: HorseProfile;
  rider: RiderProfile;
  fitting: number;
  exclusions: readonly Exclusion[];
}): string | null {
  if (input.fitting >= MIN_RECOMMENDATIONS || input.exclusions.length === 0) return null;
  const reasons = shortfallReasons(input.exclusions, input.horse, input.rider);
  return input.fitting === 0
    ? recommendationsTexts.noneFit(reasons)
    : recommendationsTexts.fewFit(input.fitting, input.horse.name, reasons);
}

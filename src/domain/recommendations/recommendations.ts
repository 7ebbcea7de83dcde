import {
  type AgeRange,
  type ClassRequirements,
  classRequirements,
  disciplineOf,
  type HorseSex,
} from "#domain/recommendations/class-requirements.ts";
import type { HorseGenderWord, HorseProfile, RiderProfile } from "#domain/recommendations/profiles.ts";
import { reasonFor } from "#domain/recommendations/recommendation-reasons.ts";
import type { DivisionId } from "#domain/shows/divisions.ts";

/**
 * The class-recommendation rules engine: which classes of a show a horse and its rider may enter, which of
 * them suit the pair best, and why, in plain English. Pure: ages are passed in (computed from the dates of
 * birth for the show's first day by the caller), and the same input always gives the same output.
 *
 * - Eligible: the class name (src/domain/recommendations/class-requirements.ts) admits the horse's age, sex and discipline,
 *   the rider's age, status and sex, and cantering; excluded kinds never are.
 * - Preferred: classes in the horse's qualified divisions ("strong"), then the most specific matches (each
 *   restriction the pair satisfies scores), in show order on ties.
 * - 3 to 5 recommendations: every strong match up to 5, topped up to 3 with other eligible classes; fewer only
 *   when fewer are eligible. Picks spread over the show's days (the least-used day first), one class per name.
 */

export type { HorseGenderWord, HorseProfile, RiderProfile } from "#domain/recommendations/profiles.ts";

export const MIN_RECOMMENDATIONS = 3;
export const MAX_RECOMMENDATIONS = 5;

export type Ineligibility =
  | "excluded"
  | "horse-age"
  | "horse-sex"
  | "discipline"
  | "canter"
  | "rider-age"
  | "rider-status"
  | "rider-sex";

export type Assessment =
  | { eligible: false; because: Ineligibility }
  | {
      eligible: true;
      /** Qualified divisions of the horse that the class belongs to. */
      matchedDivisions: DivisionId[];
      score: number;
    };

export const isProfessional = (rider: Pick<RiderProfile, "roles">) => rider.roles.includes("Trainer");

export function horseSexOf(gender: HorseGenderWord | null): HorseSex | null {
  if (gender === "Stallion" || gender === "Colt") return "stallion";
  if (gender === "Mare" || gender === "Filly") return "mare";
  if (gender === "Gelding") return "gelding";
  return null;
}

const inRange = (age: number, range: AgeRange) =>
  age >= range.min && (range.max === null || age <= range.max);

function ineligibility(
  req: ClassRequirements,
  horse: HorseProfile,
  rider: RiderProfile,
): Ineligibility | null {
  if (req.excluded) return "excluded";
  if (req.horseAges && !req.horseAges.some((range) => inRange(horse.age, range))) return "horse-age";
  if (req.horseSexes) {
    const sex = horseSexOf(horse.gender);
    if (!sex || !req.horseSexes.includes(sex)) return "horse-sex";
  }
  if (req.disciplines.length > 0) {
    const own = horseDisciplines(horse);
    if (own.size > 0 && !req.disciplines.some((d) => own.has(d))) return "discipline";
  }
  if (req.canter && !horse.canters) return "canter";
  if (req.riderAge && (rider.age === null || !inRange(rider.age, req.riderAge))) return "rider-age";
  if (req.riderStatus === "professional" && !isProfessional(rider)) return "rider-status";
  if (req.riderStatus && req.riderStatus !== "professional") {
    if (isProfessional(rider)) return "rider-status";
    if (req.riderStatus !== "amateur" && !rider.ownsHorse) return "rider-status";
    if (req.riderStatus === "amateur-owned-trained" && horse.hasTrainer) return "rider-status";
  }
  if (req.riderSex && rider.gender !== req.riderSex) return "rider-sex";
  return null;
}

function horseDisciplines(horse: HorseProfile): Set<DivisionId> {
  const own = new Set<DivisionId>();
  for (const division of horse.divisions) {
    const discipline = disciplineOf(division);
    if (discipline) own.add(discipline);
  }
  return own;
}

/** Qualified divisions of the horse the class belongs to; a padded sub-division matches performance. */
function matchedDivisions(req: ClassRequirements, horse: HorseProfile): DivisionId[] {
  const qualified = new Set(horse.divisions);
  return req.divisions.filter(
    (d) => qualified.has(d) || (disciplineOf(d) === "performance" && qualified.has("performance")),
  );
}

/** Whether the pair may enter the class and, if so, how well it suits them. */
export function assessClass(req: ClassRequirements, horse: HorseProfile, rider: RiderProfile): Assessment {
  const because = ineligibility(req, horse, rider);
  if (because) return { eligible: false, because };
  const matched = matchedDivisions(req, horse);
  const primaryMatched = req.divisions[0] !== undefined && matched.includes(req.divisions[0]);
  const specific = [
    req.horseAges,
    req.horseSexes,
    req.riderAge,
    req.riderStatus,
    req.riderSex,
    req.canter || null,
  ].filter((r) => r !== null).length;
  const score = matched.length * 10 + (primaryMatched ? 5 : 0) + specific * 2 - (req.heightLimit ? 1 : 0);
  return { eligible: true, matchedDivisions: matched, score };
}

export interface CandidateClass {
  id: string;
  name: string;
  /** The class's effective yyyy-mm-dd date (src/domain/shows/class-dates.ts). */
  date: string;
}

export interface Recommendation {
  classId: string;
  className: string;
  date: string;
  reason: string;
}

export interface AssessedClass extends CandidateClass {
  requirements: ClassRequirements;
  score: number;
  matchedDivisions: DivisionId[];
}

const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/** The eligible classes among `classes`, in show order, each with its requirements and score. */
export function eligibleClasses(
  classes: readonly CandidateClass[],
  horse: HorseProfile,
  rider: RiderProfile,
  requirementsOf: (name: string) => ClassRequirements = classRequirements,
): AssessedClass[] {
  const result: AssessedClass[] = [];
  for (const cls of classes) {
    const requirements = requirementsOf(cls.name);
    const assessment = assessClass(requirements, horse, rider);
    if (assessment.eligible) {
      result.push({
        ...cls,
        requirements,
        score: assessment.score,
        matchedDivisions: assessment.matchedDivisions,
      });
    }
  }
  return result;
}

/**
 * Picks up to `count` of `candidates` (in show order), spreading over days: each pick is the best-scoring
 * class on the day with the fewest picks so far (earliest day, then show order, on ties). Skips names
 * already picked. `dayLoad` and `names` carry over between tiers.
 */
function spreadPick(
  candidates: readonly AssessedClass[],
  count: number,
  dayLoad: Map<string, number>,
  names: Set<string>,
): AssessedClass[] {
  const pool = candidates.map((c) => ({ c, key: nameKey(c.name) })).filter(({ key }) => !names.has(key));
  const picked: AssessedClass[] = [];
  while (picked.length < count && pool.length > 0) {
    let best = 0;
    for (let i = 1; i < pool.length; i++) {
      const a = pool[i]!.c;
      const b = pool[best]!.c;
      const loadA = dayLoad.get(a.date) ?? 0;
      const loadB = dayLoad.get(b.date) ?? 0;
      if (
        loadA < loadB ||
        (loadA === loadB && (a.score > b.score || (a.score === b.score && a.date < b.date)))
      ) {
        best = i;
      }
    }
    const { c: choice, key } = pool[best]!;
    picked.push(choice);
    dayLoad.set(choice.date, (dayLoad.get(choice.date) ?? 0) + 1);
    names.add(key);
    for (let i = pool.length - 1; i >= 0; i--) if (pool[i]!.key === key) pool.splice(i, 1);
  }
  return picked;
}

/** 3 to 5 of the eligible classes (fewer only when fewer are eligible), by date then show order. */
export function pickRecommendations(
  eligible: readonly AssessedClass[],
  horse: HorseProfile,
  rider: RiderProfile,
): Recommendation[] {
  const dayLoad = new Map<string, number>();
  const names = new Set<string>();
  const strong = eligible.filter((c) => c.matchedDivisions.length > 0);
  const weak = eligible.filter((c) => c.matchedDivisions.length === 0);
  const picked = spreadPick(strong, MAX_RECOMMENDATIONS, dayLoad, names);
  if (picked.length < MIN_RECOMMENDATIONS) {
    picked.push(...spreadPick(weak, MIN_RECOMMENDATIONS - picked.length, dayLoad, names));
  }
  const order = new Map(eligible.map((c, i) => [c, i]));
  return picked
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : order.get(a)! - order.get(b)!))
    .map((c) => toRecommendation(c, horse, rider));
}

export function toRecommendation(c: AssessedClass, horse: HorseProfile, rider: RiderProfile): Recommendation {
  return {
    classId: c.id,
    className: c.name,
    date: c.date,
    reason: reasonFor(c.requirements, c.matchedDivisions, horse, rider),
  };
}

/** The whole engine for one show: eligibility, preference, day spread and reasons. */
export function recommendClasses(input: {
  horse: HorseProfile;
  rider: RiderProfile;
  classes: readonly CandidateClass[];
}): Recommendation[] {
  return pickRecommendations(
    eligibleClasses(input.classes, input.horse, input.rider),
    input.horse,
    input.rider,
  );
}

import type { AgeRange, ClassRequirements, HorseSex } from "#domain/recommendations/class-requirements.ts";
import type { HorseProfile, RiderProfile } from "#domain/recommendations/profiles.ts";
import { type DivisionId, divisionName } from "#domain/shows/divisions.ts";

/**
 * Plain-English reasons for a recommendation, naming what matched:
 * "Open to four-year-old mares; she is qualified in Country Pleasure."
 */

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const word = (n: number) => WORDS[n] ?? String(n);

const SEX_NOUNS: Record<string, string> = {
  stallion: "stallions",
  mare: "mares",
  gelding: "geldings",
  "mare,gelding": "mares and geldings",
  "stallion,gelding": "stallions and geldings",
  "stallion,mare": "stallions and mares",
};

export function sexNoun(sexes: readonly HorseSex[] | null): string {
  return sexes ? (SEX_NOUNS[sexes.join(",")] ?? "horses") : "horses";
}

function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "four-year-old mares", "mares and geldings five and over", "yearlings", "two- and three-year-old horses". */
function horsePhrase(ages: readonly AgeRange[] | null, sexes: readonly HorseSex[] | null): string {
  const noun = sexNoun(sexes);
  if (!ages) return noun;
  const exact = ages.filter((r) => r.max === r.min).map((r) => r.min);
  const open = ages.find((r) => r.max !== r.min);
  if (open) {
    return open.max === null ? `${noun} ${word(open.min)} and over` : `${noun} ${word(open.max)} and under`;
  }
  const sorted = [...new Set(exact)].sort((a, b) => a - b);
  const young = sorted.filter((a) => a <= 1).map((a) => (a === 0 ? "weanling" : "yearling"));
  const years = sorted.filter((a) => a >= 2).map(word);
  const adjectives: string[] = [...young];
  if (years.length > 0) {
    adjectives.push(
      years.length === 1
        ? `${years[0]}-year-old`
        : `${joinWords(years.map((y) => `${y}-`)).slice(0, -1)}-year-old`,
    );
  }
  if (sexes === null && years.length === 0) return joinWords(young.map((y) => `${y}s`));
  return `${joinWords(adjectives)} ${noun}`;
}

function ageSuffix(range: AgeRange): string {
  if (range.max === null) return `${range.min} and over`;
  if (range.min === 0) return `${range.max} and under`;
  return `${range.min}–${range.max}`;
}

/** "owner-amateur lady riders 50 and over", "professionals", "youth riders 12–17". */
function riderPhrase(req: ClassRequirements): string | null {
  const adjectives: string[] = [];
  if (req.riderStatus === "owner-amateur") adjectives.push("owner-amateur");
  if (req.riderStatus === "amateur") adjectives.push("amateur");
  if (req.riderStatus === "amateur-owned-trained") adjectives.push("amateur owner-trainer");
  if (req.riderStatus === "professional") adjectives.push("professional");
  if (req.riderSex) adjectives.push(req.riderSex === "Female" ? "lady" : "gentleman");
  const youth = req.riderAge && req.riderAge.max !== null && req.riderAge.max <= 17;
  if (youth) adjectives.push("youth");
  if (adjectives.length === 0 && !req.riderAge) return null;
  const age = req.riderAge ? ` ${ageSuffix(req.riderAge)}` : "";
  return `${adjectives.join(" ")}${adjectives.length ? " " : ""}riders${age}`;
}

function pronoun(horse: HorseProfile): string {
  if (horse.gender === "Mare" || horse.gender === "Filly") return "she";
  if (horse.gender === "Stallion" || horse.gender === "Colt" || horse.gender === "Gelding") return "he";
  return "it";
}

export function reasonFor(
  req: ClassRequirements,
  matched: readonly DivisionId[],
  horse: HorseProfile,
  rider: RiderProfile,
): string {
  const restrictsHorse = req.horseAges !== null || req.horseSexes !== null;
  const riders = riderPhrase(req);
  let opening: string;
  if (restrictsHorse && riders)
    opening = `Open to ${horsePhrase(req.horseAges, req.horseSexes)} with ${riders}`;
  else if (restrictsHorse) opening = `Open to ${horsePhrase(req.horseAges, req.horseSexes)}`;
  else if (riders) opening = `Open to ${riders}`;
  else opening = "Open to every horse and rider";
  if (req.model) opening += ", shown in hand";
  if (req.equitation) opening += ", judged on the rider";

  const parts = [opening];
  const subject = pronoun(horse);
  if (matched.length > 0) parts.push(`${subject} is qualified in ${joinWords(matched.map(divisionName))}`);
  if (req.canter) parts.push(`${subject} canters`);
  if (req.riderStatus === "amateur-owned-trained")
    parts.push(`you own ${objectPronoun(subject)} and no trainer is listed`);
  if (req.riderAge && rider.age !== null) parts.push(`you are ${rider.age}`);
  if (req.heightLimit) parts.push(`check the height limit (${req.heightLimit})`);
  return `${parts.join("; ")}.`;
}

const objectPronoun = (subject: string) => (subject === "she" ? "her" : subject === "he" ? "him" : "it");

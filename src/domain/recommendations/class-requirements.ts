import { divisionsForClassName, isOutOfScopeClassName } from "#domain/shows/division-rule.ts";
import type { DivisionId } from "#domain/shows/divisions.ts";

/**
 * What a walking-horse class name says about who may enter it, read from its words (vocabulary:
 * tests/fixtures/walking-horse/class-name-patterns.md, checked against every real class name there).
 * Case-insensitive. What the name does not restrict stays open: `null` means "any".
 *
 * - Horse age: Weanling(s) (under 1), Yearling(s) (1), "Two-Year-Old" / "2 Yr Old" / "Two Years Old" and lists
 *   such as "2 & 3 YR Old" or "Four & Five-Year-Old"; "Three & Under", "4 Yr. & Under", "Five Years & Under",
 *   ("Junior 5 & Under"); "Five Years & Over" and "Aged" (five and over). Numbers 2-5 are horse ages.
 * - Horse sex: Stallions/Colts, Mares/Fillies, Geldings, in any combination ("Mares or Geldings"); "no stallions".
 * - Rider age: youth bands ("6-11", "12 to 17", "17 & Under", "11 yrs & under": numbers 6-17), "Youth", "Yth",
 *   "Juvenile" (17 and under), "Lead Line" (6 and under unless a band is given), "Adult" (18 and over),
 *   "18 and Over", "Riders 50 & Over".
 * - Rider status: Amateur / "Open Amateur" / Elite / Novice (not a professional), Owner-Amateur and O/A (also
 *   owns the horse), Amateur Owned & Trained / AOT (owns it, and it has no trainer), "Amateur/Youth" (not a
 *   professional, any age), Riders' Cup and Young Trainers (professionals: the WHTA points program for trainers).
 *   "Open" and "Pro-Am" admit everyone.
 * - Rider sex: Ladies / Lady (women), Gentlemen / Gentleman / Men's (men); both words together admit everyone.
 * - Canter (or "Cntr"): only for horses that canter (spec); "No Canter" is a specialty class open to all.
 * - Model / Halter / In-Hand: shown in hand. Equitation / Medal: judged on the rider.
 * - Discipline: the flat-shod divisions, fine harness and padded performance found by the division rule, plus
 *   "FS"/"Flat Shod" (any flat-shod discipline). A horse that is qualified in some discipline enters classes of
 *   its own disciplines only.
 * - Not for our horses, so never eligible: other breeds and games (the division rule's out-of-scope list), pony
 *   classes, academy classes (riders in lesson programs) and local-only classes ("Clay County Only", "...
 *   Counties"), whose residence rule Ringside cannot check.
 * - Height limits ("15.2 & Under") are kept as a note: Ringside does not record a horse's height.
 */

/** Stallions and colts; mares and fillies; geldings. */
export type HorseSex = "stallion" | "mare" | "gelding";
export const HORSE_SEXES: readonly HorseSex[] = ["stallion", "mare", "gelding"];

/** An inclusive age range in whole years; `max` is null for "and over". */
export interface AgeRange {
  min: number;
  max: number | null;
}

export type RiderStatus =
  /** Not a professional. */
  | "amateur"
  /** Not a professional, and an owner of the horse. */
  | "owner-amateur"
  /** Not a professional, an owner, and the horse has no trainer. */
  | "amateur-owned-trained"
  /** Professionals only (Riders' Cup, Young Trainers). */
  | "professional";

export interface ClassRequirements {
  /** Why the class is never for a walking horse entered through Ringside, or null. */
  excluded: "out-of-scope" | "pony" | "academy" | "local" | null;
  /** Admitted horse ages (union of ranges); null = any age. */
  horseAges: AgeRange[] | null;
  /** Admitted horse sexes; null = any. */
  horseSexes: HorseSex[] | null;
  riderAge: AgeRange | null;
  riderStatus: RiderStatus | null;
  riderSex: "Male" | "Female" | null;
  canter: boolean;
  model: boolean;
  equitation: boolean;
  /** A height limit the name states, as printed ("15.2 & under"); not checked. */
  heightLimit: string | null;
  /** Every division the name points to (division rule), primary first. */
  divisions: DivisionId[];
  /** The disciplines among them (padded sub-divisions count as performance); empty = any discipline. */
  disciplines: DivisionId[];
}

/** Flat-shod disciplines; "FS" / "Flat Shod" admits any of them. */
export const FLAT_SHOD: readonly DivisionId[] = [
  "all-day-pleasure",
  "country-pleasure",
  "lite-shod",
  "park-pleasure",
  "show-pleasure",
  "trail-pleasure",
];

/** Disciplines: how a horse is shod and shown. A horse is qualified in some of them, or in none. */
export const DISCIPLINES: readonly DivisionId[] = [
  ...FLAT_SHOD,
  "park-performance",
  "fine-harness",
  "performance",
];

const PADDED_SUBDIVISIONS: readonly DivisionId[] = [
  "four-year-old-walking-stallions",
  "aged-walking-stallions",
  "aged-walking-mares-geldings",
];

/** The discipline a division belongs to, or null for age, rider and class-kind divisions. */
export function disciplineOf(division: DivisionId): DivisionId | null {
  if (PADDED_SUBDIVISIONS.includes(division)) return "performance";
  return DISCIPLINES.includes(division) ? division : null;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = { two: 2, three: 3, four: 4, five: 5 };
const HORSE_AGE = String.raw`(?:\b(?:two|three|four|five)\b|(?<![\d.])[2-5](?![\d.]))`;
const HORSE_AGE_G = new RegExp(HORSE_AGE, "g");
const YEARS = String.raw`(?:years?|yrs?)\.?`;
const AGE_LIST_OLD = new RegExp(
  String.raw`${HORSE_AGE}(?:\s*(?:&|and|,)\s*${HORSE_AGE})*[\s-]*${YEARS}[\s-]*old\b`,
  "g",
);
const HORSE_AND_UNDER = new RegExp(String.raw`(${HORSE_AGE})[\s-]*(?:${YEARS})?\s*(?:&|and)\s*under\b`, "g");
const HORSE_AND_OVER = new RegExp(
  String.raw`(${HORSE_AGE})[\s-]*(?:${YEARS})?\s*(?:&|and)\s*(?:over|older)\b`,
);

const RIDER_BAND = /(?<![\d.])(\d{1,2})\s*(?:-|to)\s*(\d{1,2})(?![\d.])/g;
const RIDER_AND_UNDER = new RegExp(
  String.raw`(?<![\d.])(\d{1,2})(?![\d.])\s*(?:${YEARS})?\s*(?:&|and)\s*under\b`,
  "g",
);
const RIDER_AND_OVER = new RegExp(
  String.raw`(?<![\d.])(\d{1,2})(?![\d.])\s*(?:${YEARS})?\s*(?:&|and)\s*(?:over|older)\b`,
  "g",
);
const HEIGHT = /(?<![\d.])1[3-6]\.\d\s*(?:hands?\s*)?(?:&|and)\s*(?:under|over)\b/;

const isRiderAge = (n: number) => n >= 6 && n <= 17;
const toAge = (word: string) => NUMBER_WORDS[word] ?? Number(word);

function horseAges(text: string): AgeRange[] | null {
  const ranges: AgeRange[] = [];
  if (/\bweanlings?\b/.test(text)) ranges.push({ min: 0, max: 0 });
  if (/\byearlings?\b/.test(text)) ranges.push({ min: 1, max: 1 });
  for (const match of text.matchAll(AGE_LIST_OLD)) {
    for (const word of match[0].matchAll(HORSE_AGE_G)) {
      const age = toAge(word[0]);
      ranges.push({ min: age, max: age });
    }
  }
  for (const match of text.matchAll(HORSE_AND_UNDER)) ranges.push({ min: 0, max: toAge(match[1] ?? "") });
  const over = HORSE_AND_OVER.exec(text);
  if (over || /\baged\b/.test(text)) ranges.push({ min: over ? toAge(over[1] ?? "") : 5, max: null });
  return ranges.length > 0 ? ranges : null;
}

function horseSexes(text: string): HorseSex[] | null {
  const noStallions = /\bno stallions?\b/.test(text);
  const rest = text.replace(/\bno stallions?\b/g, "");
  const found = new Set<HorseSex>();
  if (/\bstallions?\b|\bcolts?\b/.test(rest)) found.add("stallion");
  if (/\bmares?\b|\bfill(?:y|ies)\b/.test(rest)) found.add("mare");
  if (/\bgeldings?\b/.test(rest)) found.add("gelding");
  if (found.size === 0 && noStallions) return ["mare", "gelding"];
  if (found.size === 0 || found.size === HORSE_SEXES.length) return null;
  return HORSE_SEXES.filter((sex) => found.has(sex));
}

function riderAge(text: string): AgeRange | null {
  for (const [, from, to] of text.matchAll(RIDER_BAND)) {
    if (isRiderAge(Number(from)) && isRiderAge(Number(to))) return { min: Number(from), max: Number(to) };
  }
  for (const [, age] of text.matchAll(RIDER_AND_UNDER)) {
    if (isRiderAge(Number(age))) return { min: 0, max: Number(age) };
  }
  for (const [, age] of text.matchAll(RIDER_AND_OVER)) {
    if (Number(age) >= 6) return { min: Number(age), max: null };
  }
  if (/\blead ?line\b/.test(text)) return { min: 0, max: 6 };
  if (/\byouth\b|\byth\b|\bjuvenile\b|\bkids['’]?/.test(text)) {
    // "Amateur/Youth" classes take both groups: any age, amateurs only.
    return /\bamateur\s*\/\s*youth\b/.test(text) ? null : { min: 0, max: 17 };
  }
  if (/\badults?\b/.test(text)) return { min: 18, max: null };
  return null;
}

function riderStatus(text: string): RiderStatus | null {
  if (/\briders?['’]?\s*cup\b|\byoung trainers?\b/.test(text)) return "professional";
  if (/\bamateur owned (?:&|and) trained\b|\baot\b/.test(text)) return "amateur-owned-trained";
  if (/\bowner[- ]amateurs?\b|\bo\/a\b/.test(text)) return "owner-amateur";
  if (/\bamateurs?\b|\belite\b|\bnovice\b/.test(text)) return "amateur";
  return null;
}

function riderSex(text: string): "Male" | "Female" | null {
  const women = /\bladies\b|\blady\b|\bwomen['’]?s\b/.test(text);
  const men = /\bgentlem[ae]n\b|\bmen['’]?s\b/.test(text);
  if (women === men) return null;
  return women ? "Female" : "Male";
}

function excluded(text: string): ClassRequirements["excluded"] {
  if (isOutOfScopeClassName(text)) return "out-of-scope";
  if (/\bpon(?:y|ies)\b/.test(text) && !/\bhorse or pony\b|\bpony or horse\b/.test(text)) return "pony";
  if (/\bacademy\b/.test(text)) return "academy";
  if (/\bcounty only\b|\bcounties\b/.test(text)) return "local";
  return null;
}

/** Everything the class name restricts. Pure; the same name always gives the same answer. */
export function classRequirements(name: string): ClassRequirements {
  // "(includes Futurity nominated ...)" repeats who the class is for; its words would only add noise.
  const text = name
    .toLowerCase()
    .replace(/\(includes[^)]*\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const divisions = divisionsForClassName(text);
  const disciplines = new Set<DivisionId>();
  for (const division of divisions) {
    const discipline = disciplineOf(division);
    if (discipline) disciplines.add(discipline);
  }
  if (disciplines.size === 0 && /\bfs\b|\bflat ?shod\b/.test(text)) {
    for (const discipline of FLAT_SHOD) disciplines.add(discipline);
  }
  return {
    excluded: excluded(text),
    horseAges: horseAges(text),
    horseSexes: horseSexes(text),
    riderAge: riderAge(text),
    riderStatus: riderStatus(text),
    riderSex: riderSex(text),
    canter: /\b(?:canter|cntr)\b/.test(text) && !/\bno canter\b/.test(text),
    model: /\bmodel\b|\bhalter\b|\bin-? ?hand\b/.test(text),
    equitation: /\bequit(?:ation)?\b|\bmedal\b/.test(text),
    heightLimit: HEIGHT.exec(text)?.[0] ?? null,
    divisions,
    disciplines: DISCIPLINES.filter((d) => disciplines.has(d)),
  };
}

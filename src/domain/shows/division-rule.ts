import type { DivisionId } from "#domain/shows/divisions.ts";

/**
 * Which of the 24 divisions a walking-horse class name belongs to, read from its words.
 * Built from tests/fixtures/walking-horse/class-name-patterns.md and checked against every class
 * name in the fixtures. Matching is case-insensitive on the name as printed.
 *
 * A name gets one tag per kind of word it carries, returned in this precedence order; the first
 * tag is the PRIMARY division:
 *
 *  1. equitation          "Equitation", "Equit", "Medal"
 *  2. weanling, yearling  "Weanling(s)", "Yearling(s)": before model, so "Yearling Halter" is a yearling
 *                         class; "Weanlings & Yearlings" gets both tags
 *  3. model               "Model", "Halter", "In-Hand"
 *  4. fine-harness        "Fine Harness"
 *  5. flat-shod disciplines, in this order: all-day-pleasure, country-pleasure, lite-shod
 *                         ("Lite Shod", "Lite-Shod", "Light Shod", and "Plantation" as its older name),
 *                         park-performance (before park), park-pleasure ("Park Pleasure"/"Park Pleas",
 *                         "Classic Park"), show-pleasure, trail-pleasure. "Pleas." abbreviations count.
 *  6. stallion / mare classes of the padded division (only when no kind from 1-5 matched):
 *                         four-year-old-walking-stallions (four-year-old, stallions only),
 *                         aged-walking-stallions, aged-walking-mares-geldings (five & over or "Aged",
 *                         stallions only / mares or geldings only)
 *  7. horse ages          two-, three-, four-, five-year-old ("Two-Year-Old", "Two Year Old", "2 Yr Old",
 *                         "Two Years Old", lists such as "2 & 3 YR Old", "Four & Five-Year-Old");
 *                         "N & Under" (N = 2 to 4) tags N-year-old, its oldest eligible age;
 *                         "5 & Under"/"Five Years & Under" is a junior class and gets no age tag;
 *                         aged = "Aged" or "Five Years & Over"
 *  8. performance         padded: names with walking-horse, sex or pony words, "Stake", "Specialty",
 *                         "Canter", "PH", "Limited Performance" or "15.2", but with no kind from 1-5,
 *                         no "Pleasure"/"Pleas", no "FS"/"Flat Shod" and no "Lead Line"
 *  9. rider status, last: youth ("Youth", "Yth", "Juvenile", "Lead Line", rider bands such as "6-11",
 *                         "12 to 17", "17 & Under", "11 yrs & under" with ages 6-17), amateur
 *                         ("Amateur", "Owner-Amateur", "O/A", "AOT", "Elite", "Novice", "Ladies", "Lady",
 *                         "Gentleman/Gentlemen", "Men's", "Adult(s)"), open ("Open", except "Open Amateur"
 *                         and "Open to ...", "Riders' Cup", "Rider Cup", "Pro-Am", "Young Trainers")
 *
 * So rider status is a secondary tag whenever the name says anything else: "Amateur Country
 * Pleasure" is country-pleasure + amateur, "Owner-Amateur Riders on Walking Stallions" is
 * performance + amateur, and "Youth 12-17" alone is youth. "Two Year Old Walking Colts" is
 * two-year-old + performance.
 *
 * Out of scope (no division at all): racking, spotted saddle, mules, fox trotters, games (pole
 * bending, barrels, versatility / surprise classes), costume and stick-horse classes, and the
 * all-breed classes of fun shows that trot ("Walk/Trot", "walk, trot, canter") or are "non-gaited".
 *
 * Known limits: "Specialty" and "Canter" are gait rules, not shoeing, so a specialty class at a
 * flat-shod-only show is still read as performance; "Pleasure Horse" classes with no discipline
 * word get no division.
 */

const OUT_OF_SCOPE =
  /\bracking\b|\bspotted\b|\bmules?\b|\bfox ?trot|\bpole bending\b|\bpoles?\b|\bbarrels?\b|\bgames?\b|\bcostume|\bstick horse|\bversatility\b|\bsurprise class\b|\btrot\b|\bnon-gaited\b/;

/** The tag order; the first tag found is the primary division. */
export const DIVISION_PRECEDENCE = [
  "equitation",
  "weanling",
  "yearling",
  "model",
  "fine-harness",
  "all-day-pleasure",
  "country-pleasure",
  "lite-shod",
  "park-performance",
  "park-pleasure",
  "show-pleasure",
  "trail-pleasure",
  "four-year-old-walking-stallions",
  "aged-walking-stallions",
  "aged-walking-mares-geldings",
  "two-year-old",
  "three-year-old",
  "four-year-old",
  "five-year-old",
  "aged",
  "performance",
  "youth",
  "amateur",
  "open",
] as const satisfies readonly DivisionId[];

/** Class kinds that are not padded performance: their names block rules 6 and 8. */
const KIND_WORDS: readonly (readonly [DivisionId, RegExp])[] = [
  ["equitation", /\bequit(ation)?\b|\bmedal\b/],
  ["weanling", /\bweanlings?\b/],
  ["yearling", /\byearlings?\b/],
  ["model", /\bmodel\b|\bhalter\b|\bin-? ?hand\b/],
  ["fine-harness", /\bfine harness\b/],
  ["all-day-pleasure", /\ball[- ]day pleas/],
  ["country-pleasure", /\bcountry pleas/],
  ["lite-shod", /\bli(te|ght)[- ]?shod\b|\bplantation\b/],
  ["park-performance", /\bpark performance\b/],
  ["park-pleasure", /\bpark pleas|\bclassic park\b/],
  ["show-pleasure", /\bshow pleas/],
  ["trail-pleasure", /\btrail pleas/],
];

const AGE_DIVISION: Readonly<Record<number, DivisionId>> = {
  2: "two-year-old",
  3: "three-year-old",
  4: "four-year-old",
  5: "five-year-old",
};
const NUMBER_WORDS: Readonly<Record<string, number>> = { two: 2, three: 3, four: 4, five: 5 };

/** A horse age 2-5 as a word or a lone digit (not part of "15.2" or "12"). */
const HORSE_AGE = String.raw`(?:\b(?:two|three|four|five)\b|(?<![\d.])[2-5](?![\d.]))`;
const HORSE_AGE_G = new RegExp(HORSE_AGE, "g");
const YEARS = String.raw`(?:years?|yrs?)\.?`;
/** "Two-Year-Old", "2 & 3 YR Old", "Four & Five Years Old", "Two and Three Years Old". */
const AGE_LIST_OLD = new RegExp(
  String.raw`${HORSE_AGE}(?:\s*(?:&|and|,)\s*${HORSE_AGE})*[\s-]*${YEARS}[\s-]*old\b`,
  "g",
);
/** "Three & Under", "4 Yr. & Under", "Four Years and Under". */
const AGE_AND_UNDER = new RegExp(String.raw`(${HORSE_AGE})[\s-]*(?:${YEARS})?\s*(?:&|and)\s*under\b`, "g");
/** "Five Years & Over", "Five Yrs & Over", "Five Years and Over". */
const FIVE_AND_OVER = new RegExp(String.raw`\b(?:five|5)[\s-]*(?:${YEARS})?\s*(?:&|and)\s*(?:over|older)\b`);
const AGED_WORD = /\baged\b/;

const STALLIONS = /\bstallions?\b|\bcolts?\b/;
const MARES_OR_GELDINGS = /\bmares?\b|\bgeldings?\b|\bfill(y|ies)\b/;
const PADDED_WORDS =
  /\bwalking\b|\bstallions?\b|\bmares?\b|\bgeldings?\b|\bcolts?\b|\bpon(y|ies)\b|\bstake\b|\bspecialty\b|\bcanter\b|\bph\b|\blimited performance\b|\bperformance\b|(?<![\d.])15\.2\b/;
const NOT_PADDED = /\bpleas|\bfs\b|\bflat ?shod\b|\blead ?line\b/;

/** Rider ages 6-17 as a band ("6-11", "12 to 17") or a ceiling ("17 & Under", "11 yrs & under"). */
const RIDER_BAND = /(?<![\d.])(\d{1,2})\s*(?:-|to)\s*(\d{1,2})(?![\d.])/g;
const RIDER_CEILING = new RegExp(
  String.raw`(?<![\d.])(\d{1,2})(?![\d.])\s*(?:${YEARS})?\s*(?:&|and)\s*under\b`,
  "g",
);
const YOUTH_WORDS = /\byouth\b|\byth\b|\bjuvenile\b|\blead ?line\b/;
const AMATEUR_WORDS =
  /\bamateurs?\b|\bo\/a\b|\baot\b|\belite\b|\bnovice\b|\bladies\b|\blady\b|\bgentlem[ae]n\b|\bmen['’]s\b|\badults?\b/;
const OPEN_WORDS = /\bopen\b(?!\s+(?:amateur|to)\b)|\briders?['’]?\s*cup\b|\bpro-am\b|\byoung trainers?\b/;

const isRiderAge = (n: number) => n >= 6 && n <= 17;

function toAge(word: string): number {
  return NUMBER_WORDS[word] ?? Number(word);
}

/** Horse ages (2-5) named by "N-Year-Old" lists and "N & Under" (N ≤ 4). */
function horseAges(name: string): Set<number> {
  const ages = new Set<number>();
  for (const match of name.matchAll(AGE_LIST_OLD)) {
    for (const word of match[0].matchAll(HORSE_AGE_G)) ages.add(toAge(word[0]));
  }
  for (const match of name.matchAll(AGE_AND_UNDER)) {
    const age = toAge(match[1] ?? "");
    if (age <= 4) ages.add(age);
  }
  return ages;
}

function isYouth(name: string): boolean {
  if (YOUTH_WORDS.test(name)) return true;
  for (const [, from, to] of name.matchAll(RIDER_BAND)) {
    if (isRiderAge(Number(from)) && isRiderAge(Number(to))) return true;
  }
  for (const [, age] of name.matchAll(RIDER_CEILING)) {
    if (isRiderAge(Number(age))) return true;
  }
  return false;
}

/** True for classes of other breeds or events that belong to no division (racking, games, ...). */
export function isOutOfScopeClassName(name: string): boolean {
  return OUT_OF_SCOPE.test(name.toLowerCase());
}

/** Every division the class name points to, primary first, no duplicates; [] when none or out of scope. */
export function divisionsForClassName(name: string): DivisionId[] {
  const text = name.toLowerCase();
  if (OUT_OF_SCOPE.test(text)) return [];

  const tags = new Set<DivisionId>();
  for (const [division, pattern] of KIND_WORDS) {
    if (pattern.test(text)) tags.add(division);
  }
  const padded = tags.size === 0;

  const ages = horseAges(text);
  const aged = AGED_WORD.test(text) || FIVE_AND_OVER.test(text);
  if (padded) {
    const sexText = text.replace(/\bno stallions?\b/g, "");
    const stallionsOnly = STALLIONS.test(sexText) && !MARES_OR_GELDINGS.test(sexText);
    const maresOrGeldingsOnly = MARES_OR_GELDINGS.test(sexText) && !STALLIONS.test(sexText);
    if (stallionsOnly && ages.has(4)) tags.add("four-year-old-walking-stallions");
    if (stallionsOnly && aged) tags.add("aged-walking-stallions");
    if (maresOrGeldingsOnly && aged) tags.add("aged-walking-mares-geldings");
  }
  for (const age of ages) {
    const division = AGE_DIVISION[age];
    if (division) tags.add(division);
  }
  if (aged) tags.add("aged");
  if (padded && PADDED_WORDS.test(text) && !NOT_PADDED.test(text)) tags.add("performance");
  if (isYouth(text)) tags.add("youth");
  if (AMATEUR_WORDS.test(text)) tags.add("amateur");
  if (OPEN_WORDS.test(text)) tags.add("open");

  return DIVISION_PRECEDENCE.filter((division) => tags.has(division));
}

/** The class's main division (the first of `divisionsForClassName`), or null. */
export function primaryDivisionForClassName(name: string): DivisionId | null {
  return divisionsForClassName(name)[0] ?? null;
}

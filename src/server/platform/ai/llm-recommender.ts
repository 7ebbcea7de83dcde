import { z } from "zod";
import {
  type AssessedClass,
  type HorseProfile,
  isProfessional,
  MAX_RECOMMENDATIONS,
  MIN_RECOMMENDATIONS,
  pickRecommendations,
  type Recommendation,
  type RiderProfile,
  toRecommendation,
} from "#domain/recommendations/recommendations.ts";
import { divisionName } from "#domain/shows/divisions.ts";
import type { LlmClient } from "#server/platform/ai/llm-client.ts";
import { cleanModelText } from "#server/platform/ai/model-text.ts";

/** The spec's reply: an array of className and reason (wrapped in an object, which every provider accepts). */
export const LlmRecommendations = z.object({
  recommendations: z
    .array(z.object({ className: z.string().max(500), reason: z.string().max(2000) }))
    .max(20),
});

/** Classes offered to the model: the best-scored eligible ones, so a 600-class show stays a short prompt. */
const MAX_OFFERED = 120;
const MAX_REASON = 300;

const SYSTEM = [
  "You recommend classes at a Tennessee Walking Horse show for one horse and its rider.",
  `Choose ${MIN_RECOMMENDATIONS} to ${MAX_RECOMMENDATIONS} classes from the numbered list only, copying each className exactly as listed.`,
  "Every listed class is open to this horse and rider; prefer classes in the horse's qualified divisions and spread them over the show's days.",
  "Give each a one-sentence reason in plain English that names what matched (age, sex, rider status, division).",
  'Answer with JSON: {"recommendations":[{"className":"...","reason":"..."}]}.',
].join(" ");

const normalize = (name: string) =>
  name
    .toLowerCase()
    .replace(/^\s*(?:class\s*)?#?\d+[a-z]?\s*[.:)-]\s*/, "")
    .replace(/\s+/g, " ")
    .trim();

/** What a provider is asked for class recommendations (AiProvider.recommendClasses). */
export interface RecommendClassesInput {
  horse: HorseProfile;
  rider: RiderProfile;
  show: { name: string; startDate: string; endDate: string };
  /** The show's eligible classes, in show order, scored by the rules engine. */
  eligible: readonly AssessedClass[];
}

function prompt(input: RecommendClassesInput, offered: readonly AssessedClass[]): string {
  const { horse, rider, show } = input;
  const profile = {
    horse: {
      name: horse.name,
      age: horse.age,
      gender: horse.gender,
      canters: horse.canters,
      qualifiedDivisions: horse.divisions.map(divisionName),
    },
    rider: {
      age: rider.age,
      gender: rider.gender,
      status: isProfessional(rider) ? "professional trainer" : "amateur",
      ownsHorse: rider.ownsHorse,
    },
    show,
  };
  const list = offered.map((c, i) => `${i + 1}. ${c.name} (${c.date})`).join("\n");
  return `${JSON.stringify(profile)}\n\nClasses:\n${list}`;
}

/**
 * Asks the model, then keeps only its picks that are among the eligible classes (by name, first unused
 * class of that name), at most five, and tops up from the rules engine to at least three.
 */
export async function llmRecommendClasses(
  client: LlmClient,
  input: RecommendClassesInput,
): Promise<Recommendation[]> {
  const { eligible, horse, rider } = input;
  if (eligible.length === 0) return [];
  const offered = [...eligible].sort((a, b) => b.score - a.score).slice(0, MAX_OFFERED);
  const answer = await client.generateObject({
    schema: LlmRecommendations,
    system: SYSTEM,
    prompt: prompt(input, offered),
  });

  const byName = new Map<string, AssessedClass[]>();
  for (const cls of eligible) {
    const key = normalize(cls.name);
    byName.set(key, [...(byName.get(key) ?? []), cls]);
  }
  const used = new Set<string>();
  const chosen: Recommendation[] = [];
  for (const item of answer.recommendations) {
    if (chosen.length >= MAX_RECOMMENDATIONS) break;
    const key = normalize(item.className);
    const cls = byName.get(key)?.find((c) => !used.has(c.id));
    if (!cls || chosen.some((r) => normalize(r.className) === key)) continue;
    used.add(cls.id);
    const rules = toRecommendation(cls, horse, rider);
    chosen.push({ ...rules, reason: cleanModelText(item.reason, MAX_REASON) || rules.reason });
  }
  if (chosen.length < MIN_RECOMMENDATIONS) {
    const taken = new Set(chosen.map((r) => normalize(r.className)));
    for (const extra of pickRecommendations(
      eligible.filter((c) => !taken.has(normalize(c.name))),
      horse,
      rider,
    )) {
      if (chosen.length >= MIN_RECOMMENDATIONS) break;
      chosen.push(extra);
    }
  }
  const order = new Map(eligible.map((c, i) => [c.id, i]));
  return chosen.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : order.get(a.classId)! - order.get(b.classId)!,
  );
}

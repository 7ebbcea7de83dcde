import { z } from "zod";
import { IdParam } from "#domain/contracts/people.ts";

/** The horses the AI planner offers: those the user owns, plus those they train if they hold the Trainer role. */
export const AiHorses = z.object({ horses: z.array(z.object({ id: z.string(), name: z.string() })) });
export type AiHorses = z.infer<typeof AiHorses>;

/** The spec's AI recommendation (className, reason), plus what the screens need to act on it. */
export const RecommendedClass = z.object({
  classId: z.string(),
  number: z.string(),
  className: z.string(),
  /** The class's effective day (yyyy-mm-dd). */
  date: z.string(),
  reason: z.string(),
});
export type RecommendedClass = z.infer<typeof RecommendedClass>;

export const AI_SOURCES = ["rules", "llm"] as const;
export const AiSource = z.enum(AI_SOURCES);
export type AiSource = z.infer<typeof AiSource>;

const Named = z.object({ id: z.string(), name: z.string() });

export const ShowRecommendationsQuery = z.strictObject({ horseId: IdParam });
export const ShowRecommendationsParams = z.strictObject({ showId: z.string().min(1).max(100) });

export const ShowRecommendations = z.object({
  horse: Named,
  show: Named,
  source: AiSource,
  recommendations: z.array(RecommendedClass),
  /** Why fewer than three classes fit (src/domain/recommendations/recommendation-shortfall.ts), or null. */
  shortfall: z.string().nullable(),
});
export type ShowRecommendations = z.infer<typeof ShowRecommendations>;

export const SeasonPlanParams = z.strictObject({ horseId: IdParam });
export const SeasonPlanQuery = z.strictObject({ cursor: z.string().max(200).optional() });
export type SeasonPlanQuery = z.infer<typeof SeasonPlanQuery>;

export const SeasonPlanShow = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** "failed": the provider could not answer for this show while the others went on. */
  status: z.enum(["ok", "failed"]),
  recommendations: z.array(RecommendedClass),
});
export type SeasonPlanShow = z.infer<typeof SeasonPlanShow>;

/** One page of the season plan, upcoming shows by start date; the first page says how many there are. */
export const SeasonPlanPage = z.object({
  horse: Named,
  source: AiSource,
  totalShows: z.number().int().nonnegative().nullable(),
  shows: z.array(SeasonPlanShow),
  nextCursor: z.string().nullable(),
});
export type SeasonPlanPage = z.infer<typeof SeasonPlanPage>;

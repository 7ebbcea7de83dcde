import type { Recommendation } from "#domain/recommendations/recommendations.ts";
import { pickRecommendations } from "#domain/recommendations/recommendations.ts";
import { type Edition, predictByRules, type ShowPrediction } from "#domain/shows/show-prediction.ts";
import type { AiConfig } from "#server/config.ts";
import type { LlmImage } from "#server/platform/ai/llm-client.ts";
import type { RecommendClassesInput } from "#server/platform/ai/llm-recommender.ts";
import type { ImageShowData } from "#server/platform/ai/llm-show-ai.ts";
import { createRateLimiter } from "#server/platform/ai/rate-limit.ts";

/**
 * One interface for every AI feature (ADR 009). The server's features call an AiProvider and never know
 * whether the offline rules engine or an LLM answers. The rules provider is the default and needs no
 * network; the LLM provider is used when AI_BASE_URL and AI_MODEL are set. Show prediction and image
 * extraction (issue 10, ADR 014) use the same LLM client (structured output validated by zod, timeout)
 * and the same per-user allowance.
 */
export interface AiProvider {
  readonly kind: "rules" | "llm";
  /**
   * Takes `calls` from the user's per-minute allowance of provider calls; false (and nothing taken) when
   * they would exceed it. The rules engine costs nothing and always allows.
   */
  allow(userId: string, calls: number): boolean;
  /**
   * 3 to 5 of `eligible` (the show's classes the rules engine found the pair may enter), with reasons.
   * An LLM answer is filtered through that list, so it can never add a class that is not in the show or
   * one the horse cannot enter, and is topped up from the rules engine. Throws AiProviderError on failure.
   */
  recommendClasses(input: RecommendClassesInput): Promise<Recommendation[]>;
  /**
   * The next edition of a show from its editions (at least two, no saved predictions), not before
   * `today`. Throws AiProviderError on failure.
   */
  predictShow(input: { editions: readonly Edition[]; today: string }): Promise<ShowPrediction>;
  /**
   * Show name and classes read from a photo (the spec's call 2), or null when this provider reads no
   * pictures and the OCR engine does. Throws AiProviderError on failure.
   */
  readonly extractShowData: ((image: LlmImage) => Promise<ImageShowData>) | null;
}

export const rulesProvider: AiProvider = {
  kind: "rules",
  allow: () => true,
  recommendClasses: async ({ eligible, horse, rider }) => pickRecommendations(eligible, horse, rider),
  predictShow: async ({ editions, today }) => {
    const prediction = predictByRules(editions, today);
    if (!prediction) throw new RangeError("predictShow needs at least two editions");
    return prediction;
  },
  extractShowData: null,
};

/**
 * The configured provider. The LLM modules (and the `ai` SDK behind them, ~0.5 s to load) are imported only
 * when an LLM is configured, so a rules-only server starts without them.
 */
export async function createAiProvider(config: AiConfig, now: () => number = Date.now): Promise<AiProvider> {
  if (config.provider === "rules") return rulesProvider;
  const [{ createLlmClient }, { llmRecommendClasses }, { llmPredictShow, llmExtractShowData }] =
    await Promise.all([
      import("#server/platform/ai/llm-client.ts"),
      import("#server/platform/ai/llm-recommender.ts"),
      import("#server/platform/ai/llm-show-ai.ts"),
    ]);
  const client = createLlmClient(config);
  const limiter = createRateLimiter({ limit: config.rateLimitPerMinute, windowMs: 60_000, now });
  return {
    kind: "llm",
    allow: (userId, calls) => limiter.take(userId, calls),
    recommendClasses: (input) => llmRecommendClasses(client, input),
    predictShow: (input) => llmPredictShow(client, input),
    extractShowData: (image) => llmExtractShowData(client, image),
  };
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBody } from "#domain/app/errors.ts";
import {
  AiHorses,
  SeasonPlanPage,
  SeasonPlanParams,
  SeasonPlanQuery,
  ShowRecommendations,
  ShowRecommendationsParams,
  ShowRecommendationsQuery,
} from "#domain/contracts/recommendations.ts";
import type { Db } from "#server/db/client.ts";
import { todayYmd } from "#server/features/shows/shows.service.ts";
import type { AiProvider } from "#server/platform/ai/provider.ts";
import {
  getSeasonPlanPage,
  getShowRecommendations,
  listPlannerHorses,
  type RecommendationDeps,
} from "./recommendations.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const PRIVATE = "private, no-store";

/** Class recommendations for one show and the season plan; answered by the configured AI provider. */
export async function recommendationRoutes(
  app: FastifyInstance,
  opts: { db: Db; ai: AiProvider },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest): RecommendationDeps => ({
    db: opts.db,
    ai: opts.ai,
    onProviderError: (err) => request.log.warn({ err }, "AI provider failed"),
  });

  r.get(
    "/api/recommendations/horses",
    {
      schema: {
        tags: ["recommendations"],
        summary: "The AI planner's horses: those you own, plus those you train if you hold the Trainer role",
        response: { 200: AiHorses, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      reply.header("cache-control", PRIVATE);
      return listPlannerHorses(opts.db, viewer);
    },
  );

  r.get(
    "/api/shows/:showId/recommendations",
    {
      schema: {
        tags: ["recommendations"],
        summary: "3 to 5 classes of an upcoming show for one of your horses, with reasons",
        params: ShowRecommendationsParams,
        querystring: ShowRecommendationsQuery,
        response: { 200: ShowRecommendations, ...errors, 409: ErrorBody, 429: ErrorBody, 502: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      reply.header("cache-control", PRIVATE);
      return getShowRecommendations(deps(request), viewer, {
        showId: request.params.showId,
        horseId: request.query.horseId,
        today: todayYmd(),
      });
    },
  );

  r.get(
    "/api/horses/:horseId/season-plan",
    {
      schema: {
        tags: ["recommendations"],
        summary: "The AI Season Plan: recommendations at every upcoming show, a page of shows at a time",
        params: SeasonPlanParams,
        querystring: SeasonPlanQuery,
        response: { 200: SeasonPlanPage, ...errors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      reply.header("cache-control", PRIVATE);
      return getSeasonPlanPage(deps(request), viewer, {
        horseId: request.params.horseId,
        cursor: request.query.cursor,
        today: todayYmd(),
      });
    },
  );
}

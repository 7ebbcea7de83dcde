import { queryOptions, useQuery } from "@tanstack/react-query";
import { recommendationKeys } from "#client/features/recommendations/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { ShowRecommendations } from "#domain/contracts/recommendations.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

export const getShowRecommendations = (showId: string, horseId: string) =>
  api<ShowRecommendations>(
    `/api/shows/${encodeURIComponent(showId)}/recommendations?horseId=${encodeURIComponent(horseId)}`,
    { signedOutMessage: errorsTexts.mustBeLoggedIn },
  );

export const showRecommendationsQuery = (showId: string, horseId: string) =>
  queryOptions({
    queryKey: recommendationKeys.show(showId, horseId),
    queryFn: () => getShowRecommendations(showId, horseId),
    // An LLM answer costs a call: keep it for the visit instead of asking again on every open.
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useShowRecommendations = (showId: string, horseId: string) =>
  useQuery(showRecommendationsQuery(showId, horseId));

import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { recommendationKeys } from "#client/features/recommendations/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { SeasonPlanPage } from "#domain/contracts/recommendations.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

export const getSeasonPlanPage = (horseId: string, cursor: string | null) =>
  api<SeasonPlanPage>(
    `/api/horses/${encodeURIComponent(horseId)}/season-plan${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
    { signedOutMessage: errorsTexts.mustBeLoggedIn },
  );

export const seasonPlanQuery = (horseId: string) =>
  infiniteQueryOptions({
    queryKey: recommendationKeys.seasonPlan(horseId),
    queryFn: ({ pageParam }) => getSeasonPlanPage(horseId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The whole season plan, fetched page after page (the server sends a few shows at a time) for progress. */
export function useSeasonPlan(horseId: string) {
  const plan = useInfiniteQuery(seasonPlanQuery(horseId));
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = plan;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const pages = plan.data?.pages ?? [];
  const total = pages[0]?.totalShows ?? 0;
  const done = pages.reduce((n, p) => n + p.shows.length, 0);
  return { plan, pages, total, done, complete: plan.isSuccess && !hasNextPage };
}

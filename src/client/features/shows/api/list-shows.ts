import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { showKeys } from "#client/features/shows/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { ShowPage } from "#domain/contracts/shows.ts";

/**
 * One page of shows. `query` is the filter part of the querystring (`name=..&judge=..`), built by the
 * planner from its URL so the cache key and the request always agree.
 */
export const listShows = (query: string, cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams(query);
  if (cursor) params.set("cursor", cursor);
  const qs = params.toString();
  return api<ShowPage>(`/api/shows${qs ? `?${qs}` : ""}`, signal ? { signal } : {});
};

export const showListQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: showKeys.list(query),
    queryFn: ({ pageParam, signal }) => listShows(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** While a filter change loads, the previous results stay on screen (dimmed by the planner) instead of a spinner. */
export const useShowList = (query: string) =>
  useInfiniteQuery({ ...showListQueryOptions(query), placeholderData: keepPreviousData });

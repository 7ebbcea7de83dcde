import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { resultKeys } from "#client/features/results/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { Standings } from "#domain/contracts/results.ts";
import { STANDINGS_SORT_PARAMS } from "#domain/results/standings-sort.ts";

const FILTERS = ["year", "org", "division", "mine", "page", "sort"] as const;

/**
 * The API querystring the Standings screen sends for its address: its filters, and the sort only when the
 * server takes it (a hand-edited one is left out, not sent to fail). The server renders with the same one.
 */
export const standingsQueryOf = (params: URLSearchParams): string =>
  new URLSearchParams(
    FILTERS.flatMap((k) => {
      const v = params.get(k);
      const kept = k === "sort" ? STANDINGS_SORT_PARAMS.find((p) => p === v) : v;
      return kept == null ? [] : [[k, kept]];
    }),
  ).toString();

export const standingsPath = (query: string, csv = false) =>
  `/api/standings${csv ? ".csv" : ""}${query ? `?${query}` : ""}`;

export const getStandings = (query: string) => api<Standings>(standingsPath(query));

export const standingsQueryOptions = (query: string) => ({
  queryKey: resultKeys.standings(query),
  queryFn: () => getStandings(query),
});

export const useStandings = (query: string) =>
  useQuery({ ...standingsQueryOptions(query), placeholderData: keepPreviousData });

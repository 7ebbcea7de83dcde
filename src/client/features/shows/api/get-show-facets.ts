import { queryOptions, useQuery } from "@tanstack/react-query";
import { showKeys } from "#client/features/shows/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { ShowFacets } from "#domain/contracts/shows.ts";

/** The checklist values of the upcoming shows, or of the past ones when the planner shows those. */
export const getShowFacets = (past: boolean) =>
  api<ShowFacets>(`/api/shows/facets${past ? "?period=past" : ""}`);

export const showFacetsQueryOptions = (past: boolean) =>
  queryOptions({
    queryKey: showKeys.facets(past),
    queryFn: () => getShowFacets(past),
    staleTime: 5 * 60_000,
  });

export const useShowFacets = (past: boolean, enabled = true) =>
  useQuery({ ...showFacetsQueryOptions(past), enabled });

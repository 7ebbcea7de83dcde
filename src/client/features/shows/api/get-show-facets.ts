import { queryOptions, useQuery } from "@tanstack/react-query";
import { showKeys } from "#client/features/shows/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { ShowFacets } from "#domain/contracts/shows.ts";

export const getShowFacets = (includePast: boolean) =>
  api<ShowFacets>(`/api/shows/facets${includePast ? "?includePast=1" : ""}`);

export const showFacetsQueryOptions = (includePast: boolean) =>
  queryOptions({
    queryKey: showKeys.facets(includePast),
    queryFn: () => getShowFacets(includePast),
    staleTime: 5 * 60_000,
  });

export const useShowFacets = (includePast: boolean, enabled = true) =>
  useQuery({ ...showFacetsQueryOptions(includePast), enabled });

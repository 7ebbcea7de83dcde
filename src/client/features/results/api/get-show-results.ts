import { queryOptions, useQuery } from "@tanstack/react-query";
import { resultKeys } from "#client/features/results/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { ShowResults } from "#domain/contracts/results.ts";

export const getShowResults = (showId: string) =>
  api<ShowResults>(`/api/shows/${encodeURIComponent(showId)}/results`);

export const showResultsQueryOptions = (showId: string) =>
  queryOptions({ queryKey: resultKeys.show(showId), queryFn: () => getShowResults(showId) });

export const useShowResults = (showId: string, enabled = true) =>
  useQuery({ ...showResultsQueryOptions(showId), enabled });

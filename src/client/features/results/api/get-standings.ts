import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { resultKeys } from "#client/features/results/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { Standings } from "#domain/contracts/results.ts";

export const standingsPath = (query: string, csv = false) =>
  `/api/standings${csv ? ".csv" : ""}${query ? `?${query}` : ""}`;

export const getStandings = (query: string) => api<Standings>(standingsPath(query));

export const useStandings = (query: string) =>
  useQuery({
    queryKey: resultKeys.standings(query),
    queryFn: () => getStandings(query),
    placeholderData: keepPreviousData,
  });

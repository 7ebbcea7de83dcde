import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { PeopleSearchResult } from "#domain/contracts/people-search.ts";

/** The rider search (issue 34, item 7): only asked once the text is a search (readPeopleQuery). */
export const searchRiders = (q: string) =>
  api<PeopleSearchResult>(`/api/people/search?q=${encodeURIComponent(q)}`);

export const useRiderSearch = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: ["people", "search", q] as const,
    queryFn: () => searchRiders(q),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

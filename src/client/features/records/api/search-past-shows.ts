import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { recordsKey } from "#client/features/records/api/list-records.ts";
import { api } from "#client/lib/api.ts";
import {
  AUTOCOMPLETE_MIN_CHARS,
  type PastShowClasses,
  type PastShowList,
} from "#domain/contracts/records.ts";

export const pastShowsKey = (q: string) => [...recordsKey, "past-shows", q] as const;
export const pastShowClassesKey = (showId: string) =>
  [...recordsKey, "past-shows", "classes", showId] as const;

export const searchPastShows = (q: string) =>
  api<PastShowList>(`/api/records/past-shows?q=${encodeURIComponent(q)}`);
export const getPastShowClasses = (showId: string) =>
  api<PastShowClasses>(`/api/records/past-shows/${encodeURIComponent(showId)}/classes`);

export const pastShowsQuery = (q: string) =>
  queryOptions({ queryKey: pastShowsKey(q), queryFn: () => searchPastShows(q), staleTime: 60_000 });

/** Suggestions start after more than two characters (the spec); fewer ask the server nothing. */
export const usePastShows = (q: string) =>
  useQuery({
    ...pastShowsQuery(q.trim()),
    enabled: q.trim().length > AUTOCOMPLETE_MIN_CHARS,
    placeholderData: keepPreviousData,
  });

export const usePastShowClasses = (showId: string | null) =>
  useQuery({
    queryKey: pastShowClassesKey(showId ?? ""),
    queryFn: () => getPastShowClasses(showId ?? ""),
    enabled: !!showId,
    staleTime: 5 * 60_000,
  });

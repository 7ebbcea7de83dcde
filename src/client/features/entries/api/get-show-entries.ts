import { queryOptions, useQuery } from "@tanstack/react-query";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { MyEntries } from "#domain/contracts/entries.ts";

export const getShowEntries = (showId: string) =>
  api<MyEntries>(`/api/shows/${encodeURIComponent(showId)}/entries`);

/** One request per show; every class row reads its icons from this cache. */
export const showEntriesQueryOptions = (showId: string) =>
  queryOptions({ queryKey: entryKeys.show(showId), queryFn: () => getShowEntries(showId) });

export const useShowEntries = (showId: string) => useQuery(showEntriesQueryOptions(showId));

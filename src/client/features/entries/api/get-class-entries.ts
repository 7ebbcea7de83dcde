import { queryOptions, useQuery } from "@tanstack/react-query";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { MyEntries } from "#domain/contracts/entries.ts";

export const classEntriesPath = (showId: string, classId: string) =>
  `/api/shows/${encodeURIComponent(showId)}/classes/${encodeURIComponent(classId)}/entries`;

export const getClassEntries = (showId: string, classId: string) =>
  api<MyEntries>(classEntriesPath(showId, classId));

/** Always fresh when the dialog opens: another device may have changed the entries. */
export const classEntriesQueryOptions = (showId: string, classId: string) =>
  queryOptions({
    queryKey: entryKeys.cls(showId, classId),
    queryFn: () => getClassEntries(showId, classId),
    staleTime: 0,
  });

export const useClassEntries = (showId: string, classId: string) =>
  useQuery(classEntriesQueryOptions(showId, classId));

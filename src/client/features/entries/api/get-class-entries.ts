import { onlineManager, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
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

/**
 * Offline, a class never opened before still opens: its entries are in the show's entries already
 * seen (the class row icons), so the dialog starts from those and a save waits in the queue.
 */
export function useClassEntries(showId: string, classId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...classEntriesQueryOptions(showId, classId),
    placeholderData: () => {
      if (onlineManager.isOnline()) return undefined;
      const show = queryClient.getQueryData<MyEntries>(entryKeys.show(showId));
      return show ? { entries: show.entries.filter((e) => e.classId === classId) } : undefined;
    },
  });
}

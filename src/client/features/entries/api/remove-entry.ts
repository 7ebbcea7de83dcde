import { useMutation, useQueryClient } from "@tanstack/react-query";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { rosterKeys } from "#client/features/roster/api/get-roster.ts";
import { api } from "#client/lib/api.ts";

/** Removes one of the viewer's entries, such as one another person's entry mirrored onto them. */
export const removeEntry = (entryId: string) =>
  api<{ removed: number }>(`/api/entries/${encodeURIComponent(entryId)}`, { method: "DELETE" });

export function useRemoveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeEntry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entryKeys.all }),
        queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
      ]),
  });
}

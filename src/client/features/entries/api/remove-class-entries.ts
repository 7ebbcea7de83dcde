import { useMutation, useQueryClient } from "@tanstack/react-query";
import { classEntriesPath } from "#client/features/entries/api/get-class-entries.ts";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { rosterKeys } from "#client/features/roster/api/get-roster.ts";
import { api } from "#client/lib/api.ts";

export const removeClassEntries = (showId: string, classId: string) =>
  api<{ removed: number }>(classEntriesPath(showId, classId), { method: "DELETE" });

export function useRemoveClassEntries(showId: string, classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeClassEntries(showId, classId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entryKeys.all }),
        queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
      ]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { classEntriesPath } from "#client/features/entries/api/get-class-entries.ts";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { rosterKeys } from "#client/features/roster/api/get-roster.ts";
import { api } from "#client/lib/api.ts";
import type { MyEntries, SaveEntriesBody } from "#domain/contracts/entries.ts";

export const saveClassEntries = (showId: string, classId: string, body: SaveEntriesBody) =>
  api<MyEntries>(classEntriesPath(showId, classId), { method: "PUT", body });

export function useSaveClassEntries(showId: string, classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveEntriesBody) => saveClassEntries(showId, classId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entryKeys.all }),
        queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
      ]),
  });
}

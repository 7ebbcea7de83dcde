import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshAfterChange } from "#client/features/admin/api/refresh.ts";
import { showKeys } from "#client/features/shows/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { Deleted, ReplaceClassesBody, ShowDraft } from "#domain/contracts/admin.ts";
import type { ShowDetail } from "#domain/contracts/shows.ts";

const showUrl = (id: string) => `/api/shows/${encodeURIComponent(id)}`;

const fields = (draft: ShowDraft) => ({
  name: draft.name,
  startDate: draft.startDate,
  endDate: draft.endDate,
  location: draft.location,
  sanctioningOrg: draft.sanctioningOrg,
  isAiPrediction: draft.isAIPrediction,
  judges: draft.judges,
});

const editedClasses = (draft: ShowDraft): ReplaceClassesBody["classes"] =>
  draft.classes.map((c) => ({
    ...(c.id ? { id: c.id } : {}),
    number: c.number,
    name: c.name,
    date: c.date || null,
  }));

/**
 * Saves the show editor's draft: a new show in one request (everyone hears of it), or an edit as the
 * show's fields (entrants hear of new dates, place or judges) and then its class list.
 */
export async function saveShowDraft(showId: string | null, draft: ShowDraft): Promise<ShowDetail> {
  if (!showId) {
    return api<ShowDetail>("/api/shows", {
      method: "POST",
      body: {
        ...fields(draft),
        classes: draft.classes.map((c) => ({ id: `class-${c.number}`, name: c.name, date: c.date || null })),
      },
    });
  }
  await api<ShowDetail>(showUrl(showId), { method: "PATCH", body: fields(draft) });
  return api<ShowDetail>(`${showUrl(showId)}/classes`, {
    method: "PUT",
    body: { classes: editedClasses(draft) },
  });
}

export function useSaveShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ showId, draft }: { showId: string | null; draft: ShowDraft }) =>
      saveShowDraft(showId, draft),
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: showKeys.all }),
  });
}

export function useDeleteShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Deleted>(showUrl(id), { method: "DELETE" }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

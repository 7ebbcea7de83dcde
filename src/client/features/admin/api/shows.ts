import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshAfterChange } from "#client/features/admin/api/refresh.ts";
import { showKeys } from "#client/features/shows/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { AdminShowPage, Deleted, ReplaceClassesBody, ShowDraft } from "#domain/contracts/admin.ts";
import type { ShowDetail, ShowPeriod } from "#domain/contracts/shows.ts";
import type { ImportedSession } from "#domain/imports/imported-sessions.ts";

const showUrl = (id: string) => `/api/shows/${encodeURIComponent(id)}`;

/**
 * The Admin Panel's shows of a period matching the search, in the sort asked for ("name", "-location";
 * none: the period's date order), a server page at a time. Kept under the shows' keys, so whatever
 * refreshes shows (a save, an import) refreshes it.
 */
export const useAdminShows = (period: ShowPeriod, q: string, sort: string | null) =>
  useInfiniteQuery({
    queryKey: [...showKeys.all, "admin", period, q, sort] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ period });
      if (q.trim()) params.set("q", q.trim());
      if (sort) params.set("sort", sort);
      if (pageParam) params.set("cursor", pageParam);
      return api<AdminShowPage>(`/api/admin/shows?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

const fields = (draft: ShowDraft) => ({
  name: draft.name,
  startDate: draft.startDate,
  endDate: draft.endDate,
  location: draft.location,
  sanctioningOrg: draft.sanctioningOrg,
  isAiPrediction: draft.isAIPrediction,
  judges: draft.judges,
});

/** A parsed heading as the API takes it: name, and the day and time only when printed. */
export const sessionBody = (s: ImportedSession) => ({
  name: s.name,
  ...(s.date ? { date: s.date } : {}),
  ...(s.startTime ? { startTime: s.startTime } : {}),
});

const editedClasses = (draft: ShowDraft): ReplaceClassesBody["classes"] =>
  draft.classes.map((c) => ({
    ...(c.id ? { id: c.id } : {}),
    number: c.number,
    name: c.name,
    date: c.date || null,
    // A new class pasted from a class list goes into the session it was printed under.
    ...(!c.id && c.session ? { session: sessionBody(c.session) } : {}),
  }));

/**
 * Saves the show editor's draft: a new show in one request (everyone hears of it), or an edit of the
 * show's fields (entrants hear of new dates, place or judges) with its class list, also in one.
 */
export async function saveShowDraft(showId: string | null, draft: ShowDraft): Promise<ShowDetail> {
  if (!showId) {
    return api<ShowDetail>("/api/shows", {
      method: "POST",
      body: {
        ...fields(draft),
        classes: draft.classes.map((c) => ({
          id: `class-${c.number}`,
          name: c.name,
          date: c.date || null,
          ...(c.session ? { session: sessionBody(c.session) } : {}),
        })),
      },
    });
  }
  // One request: new dates and the classes moved onto them are checked and saved together.
  return api<ShowDetail>(showUrl(showId), {
    method: "PATCH",
    body: { ...fields(draft), classes: editedClasses(draft) },
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

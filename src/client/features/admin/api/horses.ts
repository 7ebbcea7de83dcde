import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "#client/features/admin/api/keys.ts";
import { refreshAfterChange } from "#client/features/admin/api/refresh.ts";
import { pageUrl } from "#client/features/admin/api/users.ts";
import { api } from "#client/lib/api.ts";
import type { AdminHorse, AdminHorseBody, AdminHorsePage, Deleted } from "#domain/contracts/admin.ts";

/** Horses matching the search in the sort asked for ("name", "-dateOfBirth"), a server page at a time. */
export const useAdminHorses = (q: string, sort = "name") =>
  useInfiniteQuery({
    queryKey: adminKeys.horses(q, sort),
    queryFn: ({ pageParam, signal }) =>
      api<AdminHorsePage>(pageUrl("/api/admin/horses", q, pageParam, sort), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

const horseUrl = (id: string) => `/api/admin/horses/${encodeURIComponent(id)}`;

export function useSaveHorse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AdminHorseBody }) =>
      api<AdminHorse>(id ? horseUrl(id) : "/api/admin/horses", { method: id ? "PUT" : "POST", body }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useDeleteHorse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Deleted>(horseUrl(id), { method: "DELETE" }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

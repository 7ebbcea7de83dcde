import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { showDayKeys } from "#client/features/show-day/api/show-day-keys.ts";
import { api } from "#client/lib/api.ts";
import type { AdminUserPage } from "#domain/contracts/admin.ts";
import type { Stewards } from "#domain/contracts/show-day.ts";

const stewardsPath = (showId: string) => `/api/shows/${encodeURIComponent(showId)}/stewards`;

export const stewardsQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: showDayKeys.stewards(showId),
    queryFn: () => api<Stewards>(stewardsPath(showId)),
  });

export const useStewards = (showId: string) => useQuery(stewardsQueryOptions(showId));

export function useSaveStewards(showId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      api<Stewards>(stewardsPath(showId), { method: "PUT", body: { userIds } }),
    onSuccess: (data) => {
      client.setQueryData(showDayKeys.stewards(showId), data);
      void client.invalidateQueries({ queryKey: showDayKeys.day(showId) });
    },
  });
}

/** People an admin may name, by name or email (the Admin Panel's user search). */
export const useStewardCandidates = (q: string) =>
  useQuery({
    queryKey: [...showDayKeys.all, "candidates", q],
    queryFn: ({ signal }) =>
      api<AdminUserPage>(`/api/admin/users?${new URLSearchParams({ q, limit: "8" })}`, { signal }),
    enabled: q.trim().length > 1,
  });

import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { adminKeys } from "#client/features/admin/api/keys.ts";
import { refreshAfterChange } from "#client/features/admin/api/refresh.ts";
import { api } from "#client/lib/api.ts";
import type {
  AdminUser,
  AdminUserBody,
  AdminUserCreated,
  AdminUserPage,
  Deleted,
  SoleHorses,
} from "#domain/contracts/admin.ts";

/** A list's page: the search, the sort (the server's default, by name, is left out) and the cursor. */
const pageUrl = (base: string, q: string, cursor: string | null, sort = "name") => {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (sort !== "name") params.set("sort", sort);
  if (cursor) params.set("cursor", cursor);
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
};

/** Users matching the search in the sort asked for ("name", "-email"), a server page at a time ("Load more"). */
export const useAdminUsers = (q: string, sort = "name") =>
  useInfiniteQuery({
    queryKey: adminKeys.users(q, sort),
    queryFn: ({ pageParam, signal }) =>
      api<AdminUserPage>(pageUrl("/api/admin/users", q, pageParam, sort), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

const userUrl = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string | null;
      body: AdminUserBody;
    }): Promise<{ user: AdminUser; signInLinkSentTo: string | null }> =>
      id
        ? api<AdminUser>(userUrl(id), { method: "PUT", body }).then((user) => ({
            user,
            signInLinkSentTo: null,
          }))
        : api<AdminUserCreated>("/api/admin/users", { method: "POST", body }),
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: adminKeys.all }),
  });
}

/** The horses a user is the only owner of: asked about before deleting them (issue 24). */
export const useSoleHorses = (id: string | null) =>
  useQuery({
    queryKey: [...adminKeys.usersAll(), "sole-horses", id],
    queryFn: () => api<SoleHorses>(`${userUrl(id ?? "")}/sole-horses`),
    enabled: id !== null,
    staleTime: 0,
  });

export interface DeleteUserInput {
  id: string;
  /** What becomes of the horses they alone own: given to `to`, or deleted. */
  horses?: "transfer" | "delete";
  to?: string;
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, horses, to }: DeleteUserInput) => {
      const params = new URLSearchParams();
      if (horses) params.set("horses", horses);
      if (horses === "transfer" && to) params.set("to", to);
      const qs = params.toString();
      return api<Deleted>(qs ? `${userUrl(id)}?${qs}` : userUrl(id), { method: "DELETE" });
    },
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export { pageUrl };

import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "#client/features/admin/api/keys.ts";
import { refreshAfterChange } from "#client/features/admin/api/refresh.ts";
import { api } from "#client/lib/api.ts";
import type {
  AdminUser,
  AdminUserBody,
  AdminUserCreated,
  AdminUserPage,
  Deleted,
} from "#domain/contracts/admin.ts";

const pageUrl = (base: string, q: string, cursor: string | null) => {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (cursor) params.set("cursor", cursor);
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
};

export const listAdminUsers = (q: string, cursor: string | null, signal?: AbortSignal) =>
  api<AdminUserPage>(pageUrl("/api/admin/users", q, cursor), signal ? { signal } : {});

/** Users matching the search, a server page at a time ("Load more"). */
export const useAdminUsers = (q: string) =>
  useInfiniteQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam, signal }) => listAdminUsers(q, pageParam, signal),
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

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Deleted>(userUrl(id), { method: "DELETE" }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export { pageUrl };

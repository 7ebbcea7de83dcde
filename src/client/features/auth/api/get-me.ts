import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { configQueryOptions, seedConfig } from "#client/features/auth/api/get-config.ts";
import { ApiError } from "#client/lib/api.ts";
import { mayGetDemoSession, readCachedUser, writeCachedUser } from "#client/lib/session-cache.ts";
import type { BootState } from "#domain/app/boot-state.ts";

export const meQueryKey = ["me"] as const;

/**
 * Starts from the boot state the server wrote into the page: the user it found for the session cookie
 * (or none) is the session check's answer, as fresh as /api/session's, so no call is made for it; the
 * configuration likewise. A browser that may still get the demo session asks as usual (getMe).
 */
export function applyBootState(queryClient: QueryClient, boot: BootState): void {
  seedConfig(boot.config);
  queryClient.setQueryData(configQueryOptions().queryKey, boot.config);
  if (!boot.user && boot.config.demo && mayGetDemoSession()) return;
  writeCachedUser(boot.user);
  queryClient.setQueryData(meQueryKey, boot.user);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    // Its code loads when the session is asked for: a page the server rendered already has the answer.
    queryFn: () => import("#client/features/auth/api/fetch-me.ts").then(({ getMe }) => getMe()),
    // The cached user renders the app at once; the server's answer replaces it.
    initialData: readCachedUser() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status > 0) && count < 2,
  });

export const useMe = () => useQuery(meQueryOptions());

import type { QueryClient, QueryFilters } from "@tanstack/react-query";

/**
 * After an admin change, refetch what it touched. A list fetch already under way (a search typed just
 * before) may have been answered before the change, and TanStack Query lets a refetch join a fetch of a
 * query that has no data yet, so that stale answer would stay on screen: cancel such fetches first.
 */
export async function refreshAfterChange(queryClient: QueryClient, filters: QueryFilters = {}) {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}

/** React Query keys for shows, defined once: `showKeys.all` invalidates every cached show query. */
export const showKeys = {
  all: ["shows"] as const,
  lists: () => [...showKeys.all, "list"] as const,
  list: (query: string) => [...showKeys.lists(), query] as const,
  facets: (past: boolean) => [...showKeys.all, "facets", { past }] as const,
  detail: (showId: string) => [...showKeys.all, "detail", showId] as const,
};

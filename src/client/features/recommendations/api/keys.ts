/** React Query keys for recommendations, defined once. */
export const recommendationKeys = {
  all: ["recommendations"] as const,
  show: (showId: string, horseId: string) => [...recommendationKeys.all, "show", showId, horseId] as const,
  seasonPlan: (horseId: string) => [...recommendationKeys.all, "season-plan", horseId] as const,
};

/** React Query keys for posted results and standings, defined once. */
export const resultKeys = {
  all: ["results"] as const,
  show: (showId: string) => [...resultKeys.all, "show", showId] as const,
  horse: (horseId: string) => [...resultKeys.all, "horse", horseId] as const,
  aliases: (horseId: string) => [...resultKeys.all, "aliases", horseId] as const,
  standings: (query: string) => [...resultKeys.all, "standings", query] as const,
};

export const classResultsPath = (showId: string, classId: string) =>
  `/api/shows/${encodeURIComponent(showId)}/classes/${encodeURIComponent(classId)}/results`;

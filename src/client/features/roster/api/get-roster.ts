import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { Roster } from "#domain/contracts/roster.ts";

export const rosterKeys = {
  all: ["roster"] as const,
  day: (today: string) => [...rosterKeys.all, today] as const,
};

/** `today` is the browser's calendar day, so the sections follow the user's own midnight. */
export const getRoster = (today: string) => api<Roster>(`/api/roster?today=${encodeURIComponent(today)}`);

export const rosterQueryOptions = (today: string) =>
  queryOptions({ queryKey: rosterKeys.day(today), queryFn: () => getRoster(today) });

export const useRoster = (today: string) => useQuery(rosterQueryOptions(today));

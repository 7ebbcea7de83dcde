import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type RequestOptions } from "#client/lib/api.ts";
import type { Roster } from "#domain/contracts/roster.ts";

export const rosterKeys = {
  all: ["roster"] as const,
  day: (today: string) => [...rosterKeys.all, today] as const,
};

/** `today` is the browser's calendar day, so the sections follow the user's own midnight. */
export const getRoster = (today: string, options?: RequestOptions) =>
  api<Roster>(`/api/roster?today=${encodeURIComponent(today)}`, options);

export const rosterQueryOptions = (today: string, options?: RequestOptions) =>
  queryOptions({ queryKey: rosterKeys.day(today), queryFn: () => getRoster(today, options) });

export const useRoster = (today: string) => useQuery(rosterQueryOptions(today));

import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { ShowDay } from "#domain/contracts/show-day.ts";

/** React Query keys for show day, defined once. */
export const showDayKeys = {
  all: ["show-day"] as const,
  day: (showId: string) => [...showDayKeys.all, "day", showId] as const,
  stewards: (showId: string) => [...showDayKeys.all, "stewards", showId] as const,
  alertSetting: () => [...showDayKeys.all, "alert-setting"] as const,
};

export const showDayPath = (showId: string) => `/api/shows/${encodeURIComponent(showId)}/day`;

export const getShowDay = (showId: string) => api<ShowDay>(showDayPath(showId));

/**
 * The show's day. The live stream keeps it current (use-live-ring.ts); a slow poll is the back-stop for
 * an event missed while the stream was down.
 */
export const showDayQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: showDayKeys.day(showId),
    queryFn: () => getShowDay(showId),
    refetchInterval: 60_000,
  });

export const useShowDay = (showId: string, enabled = true) =>
  useQuery({ ...showDayQueryOptions(showId), enabled });

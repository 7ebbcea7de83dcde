import { queryOptions, useQuery } from "@tanstack/react-query";
import { showDayKeys } from "#client/features/show-day/api/show-day-keys.ts";
import { api } from "#client/lib/api.ts";
import type { ShowDay } from "#domain/contracts/show-day.ts";
import { keepNewerRing } from "#domain/show-day/show-day-view.ts";

export const showDayPath = (showId: string) => `/api/shows/${encodeURIComponent(showId)}/day`;

export const getShowDay = (showId: string) => api<ShowDay>(showDayPath(showId));

/**
 * The show's day. The live stream keeps it current (use-live-ring.ts); a slow poll is the back-stop for
 * an event missed while the stream was down. A read answered before a patch applied since keeps the
 * newer ring (keepNewerRing): the bar never steps back to a class already gone.
 */
export const showDayQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: showDayKeys.day(showId),
    // The day held is looked at as the answer lands: a patch applied while it travelled is not undone.
    queryFn: async ({ client, queryKey }) => {
      const read = await getShowDay(showId);
      return keepNewerRing(client.getQueryData<ShowDay>(queryKey), read);
    },
    refetchInterval: 60_000,
  });

export const useShowDay = (showId: string, enabled = true) =>
  useQuery({ ...showDayQueryOptions(showId), enabled });

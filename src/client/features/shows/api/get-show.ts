import { queryOptions, useQuery } from "@tanstack/react-query";
import { showKeys } from "#client/features/shows/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { ShowDetail } from "#domain/contracts/shows.ts";

export const getShow = (showId: string) => api<ShowDetail>(`/api/shows/${encodeURIComponent(showId)}`);

export const showQueryOptions = (showId: string) =>
  queryOptions({ queryKey: showKeys.detail(showId), queryFn: () => getShow(showId) });

export const useShow = (showId: string) => useQuery(showQueryOptions(showId));

/** The server renders the .ics; a plain link downloads it with the session cookie. */
export const showCalendarUrl = (showId: string) => `/api/shows/${encodeURIComponent(showId)}/calendar.ics`;

import { queryOptions, useQuery } from "@tanstack/react-query";
import { showKeys } from "#client/features/shows/api/keys.ts";
import { api, type RequestOptions } from "#client/lib/api.ts";
import type { ShowDetail } from "#domain/contracts/shows.ts";

export const getShow = (showId: string, options?: RequestOptions) =>
  api<ShowDetail>(`/api/shows/${encodeURIComponent(showId)}`, options);

export const showQueryOptions = (showId: string, options?: RequestOptions) =>
  queryOptions({ queryKey: showKeys.detail(showId), queryFn: () => getShow(showId, options) });

export const useShow = (showId: string) => useQuery(showQueryOptions(showId));

/** The server renders the .ics; a plain link downloads it with the session cookie. */
export const showCalendarUrl = (showId: string) => `/api/shows/${encodeURIComponent(showId)}/calendar.ics`;

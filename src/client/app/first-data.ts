import type { QueryClient } from "@tanstack/react-query";
import { rosterQueryOptions } from "#client/features/roster/api/get-roster.ts";
import { showQueryOptions } from "#client/features/shows/api/get-show.ts";
import { readCachedUser } from "#client/lib/session-cache.ts";
import { localDay } from "#domain/roster-view.ts";

const SHOW_PATH = /^\/shows\/([^/]+)\/?$/i;

/**
 * Asks for the first screen's data at start, alongside the session check and the screen's chunk,
 * instead of after the chunk (issue 13). Only in a browser that was signed in when it last looked
 * (the cached user): a signed-out visit makes no request that fails, as /api/session was made for.
 * Speculative: if the session has ended meanwhile, the 401 stays in the cache, the session check
 * decides, and the screen asks again once signed in.
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): void {
  if (!readCachedUser()) return;
  const speculative = { speculative: true };
  if (/^\/roster\/?$/i.test(pathname)) {
    void queryClient.prefetchQuery(rosterQueryOptions(localDay(new Date()), speculative));
    return;
  }
  const show = SHOW_PATH.exec(pathname)?.[1];
  if (show) {
    let showId = show;
    try {
      showId = decodeURIComponent(show);
    } catch {
      // The screen reads the raw segment too (route-match.ts keeps what it cannot decode).
    }
    void queryClient.prefetchQuery(showQueryOptions(showId, speculative));
  }
}

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
 * decides, and the screen asks again once signed in. Answers whether it asked; each of these screens says
 * when it is shown (useFirstScreenShown).
 */
export function prefetchFirstScreen(
  queryClient: QueryClient,
  { pathname, search }: { pathname: string; search: string },
): boolean {
  if (!readCachedUser()) return false;
  const speculative = { speculative: true };
  // The planner's query key is built by its filter code, which is in its screen's chunk: the page is
  // asked for as soon as that chunk is here (it is loading already), before the screen renders.
  if (/^\/planner\/?$/i.test(pathname)) {
    void import("#client/features/planner/planner-screen.tsx").then(({ prefetchPlanner }) =>
      prefetchPlanner(queryClient, search),
    );
    return true;
  }
  if (/^\/roster\/?$/i.test(pathname)) {
    void queryClient.prefetchQuery(rosterQueryOptions(localDay(new Date()), speculative));
    return true;
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
    return true;
  }
  return false;
}

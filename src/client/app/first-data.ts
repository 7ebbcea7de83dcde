import type { QueryClient } from "@tanstack/react-query";
import { rosterQueryOptions } from "#client/features/roster/api/get-roster.ts";
import { showQueryOptions } from "#client/features/shows/api/get-show.ts";
import { localDay } from "#domain/roster-view.ts";

const SHOW_PATH = /^\/shows\/([^/]+)\/?$/i;

/**
 * Asks for the first screen's data at start, alongside the session check and the screen's chunk,
 * instead of after both (issue 13): a cold start of the roster or a show detail then waits for one
 * round trip, not three. Speculative: without a session the answer is a 401 the screen never sees
 * (it asks again once signed in), and nothing ends.
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): void {
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

import type { QueryClient } from "@tanstack/react-query";
import { rosterQueryOptions } from "#client/features/roster/api/get-roster.ts";
import { showQueryOptions } from "#client/features/shows/api/get-show.ts";
import { readCachedUser } from "#client/lib/session-cache.ts";
import { matchPage } from "#domain/app/page-routes.ts";
import { localDay } from "#domain/roster/roster-view.ts";

/** The screens whose data the app asks for at start, and which say when they are shown (useFirstScreenShown). */
export function firstScreenOf(
  pathname: string,
): { screen: "roster" | "planner" } | { screen: "show"; showId: string } | null {
  if (matchPage("/planner", pathname)) return { screen: "planner" };
  if (matchPage("/roster", pathname)) return { screen: "roster" };
  const show = matchPage("/shows/:showId", pathname);
  return show?.showId ? { screen: "show", showId: show.showId } : null;
}

/**
 * Asks for the first screen's data at start, alongside the session check and the screen's chunk,
 * instead of after the chunk (issue 13), when the server did not render it into the page (the service
 * worker's cached page, a hash link moved to its path). Only in a browser that was signed in when it last
 * looked (the cached user): a signed-out visit makes no request that fails, as /api/session was made for.
 * Speculative: if the session has ended meanwhile, the 401 stays in the cache, the session check
 * decides, and the screen asks again once signed in. Answers whether it asked; each of these screens says
 * when it is shown (useFirstScreenShown).
 */
export function prefetchFirstScreen(
  queryClient: QueryClient,
  { pathname, search }: { pathname: string; search: string },
): boolean {
  if (!readCachedUser()) return false;
  const first = firstScreenOf(pathname);
  const speculative = { speculative: true };
  // The planner's query key is built by its filter code, which is in its screen's chunk: the page is
  // asked for as soon as that chunk is here (it is loading already), before the screen renders.
  if (first?.screen === "planner") {
    void import("#client/features/planner/planner-screen.tsx").then(({ prefetchPlanner }) =>
      prefetchPlanner(queryClient, search),
    );
  } else if (first?.screen === "roster") {
    void queryClient.prefetchQuery(rosterQueryOptions(localDay(new Date()), speculative));
  } else if (first?.screen === "show") {
    void queryClient.prefetchQuery(showQueryOptions(first.showId, speculative));
  }
  return first !== null;
}

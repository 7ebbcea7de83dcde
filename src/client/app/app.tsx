import type { DehydratedState, QueryClient } from "@tanstack/react-query";
import { StrictMode, startTransition, useEffect, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { afterFirstScreen, startAfterFirstScreen } from "#client/app/after-first-screen.ts";
import { AppTree } from "#client/app/app-tree.tsx";
import { readBootState } from "#client/app/boot-state.ts";
import { adoptHashRoute, currentLocation, navigate } from "#client/app/path-router.tsx";
import { CACHE_MAX_AGE_MS, createQueryClient } from "#client/app/query-client.ts";
import { preloadScreen } from "#client/app/router.tsx";
import { applyBootState, meQueryKey, meQueryOptions } from "#client/features/auth/api/get-me.ts";
import { startOnlineTracking } from "#client/lib/online.ts";
import { mayGetDemoSession, onSessionEnd, onUserSwitch, readCachedUser } from "#client/lib/session-cache.ts";
import { UTC_OFFSET_COOKIE } from "#domain/app/client-day.ts";
import { matchPage, pathFromHash } from "#domain/app/page-routes.ts";
import { localDay } from "#domain/roster/roster-view.ts";

// The spec's hash links (`/#/planner?x=1`) land on their path form, once, before anything reads the location.
const movedFromHash = adoptHashRoute(pathFromHash(window.location.hash));
// The server renders the roster for this device's calendar day, which it works out from this (ADR 019).
// biome-ignore lint/suspicious/noDocumentCookie: Firefox has no Cookie Store API; one fixed name, a number.
document.cookie = `${UTC_OFFSET_COOKIE}=${new Date().getTimezoneOffset()}; path=/; max-age=31536000; samesite=lax`;

/** The screens whose data the server put in the page say when they are shown (useFirstScreenShown). */
const firstScreenSays = (pathname: string) =>
  ["/auth", "/roster", "/planner", "/shows/:showId", "/shows/:showId/ring", "/standings"].some(
    (path) => matchPage(path, pathname) !== null,
  );

// What App starts from, set by startApp before React renders.
let queryClient: QueryClient;
/** Settles once the saved cache is restored (or there was none). */
let restoring: Promise<void>;
let restored: boolean;
let hydrating: boolean;
let renderedAt: number | null;

function App() {
  // Hydrating, the screen is the server's, made from data newer than anything saved: nothing waits for the
  // restore. Flipping the queries' restoring state mid-hydration would update every part still waiting for
  // its code, and React would render those parts anew instead of keeping the server's markup (issue 33:
  // today's show detail moved on a second visit as its day panel and results card came back).
  const [isRestoring, setIsRestoring] = useState(!restored && !hydrating);
  useEffect(() => {
    void restoring.then(() => setIsRestoring(false));
  }, []);
  return <AppTree queryClient={queryClient} isRestoring={isRestoring} renderedAt={renderedAt} />;
}

/** A task of its own for what follows: the browser may paint or take a tap in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Hydrates the page the server rendered, or renders the app into it, in three tasks instead of one (issue
 * 33, ADR 042: the modules' evaluation, this start and hydration's first step were one task of 140-220 ms
 * at 4x slowdown): the modules have run; then the query cache, the saved cache's restore, the session's
 * listeners and the first screen's data from the page; then React. A transition lets React work in
 * slices, yielding to the browser between them, instead of one long task that blocks input on a slow
 * phone (issue 20, total blocking time).
 */
export async function startApp(root: HTMLElement): Promise<void> {
  await nextTask();
  queryClient = createQueryClient();
  startOnlineTracking();

  const pageStartedAt = Date.now();
  // A browser that was signed in when it last looked may have a saved cache: queries wait for its restore
  // (below). Any other starts fetching at once; there is nothing of theirs to restore.
  const mayHaveSavedCache = readCachedUser() !== null;

  // The saved cache (and its persister, a lazy chunk off the first-load budget): where it may hold
  // something it loads in parallel with the session check and the first screen's data, and queries wait
  // for its restore, so what was saved is on screen at once, even offline; anywhere else it starts once
  // the first screen is shown.
  const offlineCache = (mayHaveSavedCache ? Promise.resolve() : afterFirstScreen())
    .then(() => import("#client/app/offline-cache.ts"))
    .then(({ startOfflineCache }) => startOfflineCache(queryClient, CACHE_MAX_AGE_MS));
  restored = !mayHaveSavedCache;
  // What was restored is on screen; now it is refreshed (what this page load fetched, or the server put
  // into the page, is fresh, and a fetch under way is not restarted), and changes queued before the
  // reload go out (or as soon as the connection returns).
  restoring = offlineCache
    .then(() => {
      void queryClient.invalidateQueries(
        { predicate: (query) => query.state.dataUpdatedAt < pageStartedAt },
        { cancelRefetch: false },
      );
      void queryClient.resumePausedMutations();
    })
    .catch(() => undefined)
    .finally(() => {
      restored = true;
    });
  // A change made just before the tab closes must not wait for the batched write.
  window.addEventListener("pagehide", () => void offlineCache.then((persister) => persister.flush()));

  // When the session ends (Sign Out, a 401, the live stream closing) nothing of it stays on screen
  // or on the device.
  onSessionEnd(() => {
    queryClient.clear();
    void offlineCache.then((persister) => persister.removeClient());
    queryClient.setQueryData(meQueryKey, null);
    navigate("/auth", { replace: true });
  });

  // Another user is signed in than the one whose data is cached: empty every query but the session check
  // that found out (its answer, the new user, lands next), and load again what is on screen.
  onUserSwitch(() => {
    void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    queryClient.getMutationCache().clear();
    void offlineCache.then((persister) => persister.removeClient());
  });

  // The session check and the first screen's data start now, before React's first render; the page the
  // server sent may already hold the session's answer (boot state), and the screen with its data.
  const boot = readBootState();
  const location = currentLocation();
  // A browser that may still get the demo session renders its own first screen once it has one.
  const demoSignIn = !!boot && !boot.user && boot.config.demo && mayGetDemoSession();
  if (boot && !demoSignIn) applyBootState(queryClient, boot);
  const rendered = demoSignIn ? undefined : boot?.rendered;
  if (rendered) {
    // The server's dehydrated queries (successes only) seed the cache as fetched now, so neither the saved
    // cache's restore nor its refresh replaces them. setQueryData rather than hydrate(): the same for such
    // a state, without 0.9 KiB of hydration code on every first load (ADR 019).
    const now = Date.now();
    for (const { queryKey, state } of (rendered.queries as DehydratedState).queries) {
      queryClient.setQueryData(queryKey, state.data, { updatedAt: now });
    }
  }
  // The markup is this location's, made from the same data and day the browser would use: hydrate it.
  // Otherwise (a hash link moved, the day differs) the browser renders the screen over it.
  hydrating =
    !!rendered &&
    !movedFromHash &&
    rendered.path === `${location.pathname}${location.search}` &&
    rendered.today === localDay(new Date());
  renderedAt = hydrating ? (rendered?.now ?? null) : null;
  void queryClient.prefetchQuery(meQueryOptions());
  preloadScreen(location.pathname);
  if (hydrating) startAfterFirstScreen(firstScreenSays(location.pathname));
  // Without the screen in the page (the service worker's cached page, a hash link moved), its data is asked
  // for now, alongside the session check; that code loads only then.
  else
    void import("#client/app/first-data.ts").then(({ prefetchFirstScreen }) =>
      startAfterFirstScreen(prefetchFirstScreen(queryClient, location)),
    );
  await nextTask();

  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  startTransition(() => {
    if (hydrating) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

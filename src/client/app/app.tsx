import { IsRestoringProvider, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { afterFirstScreen, startAfterFirstScreen } from "#client/app/after-first-screen.ts";
import { readBootState } from "#client/app/boot-state.ts";
import { DemoBanner } from "#client/app/demo-banner.tsx";
import { prefetchFirstScreen } from "#client/app/first-data.ts";
import { RouterProvider } from "#client/app/hash-router.tsx";
import { router } from "#client/app/router.tsx";
import { applyBootState, meQueryKey, meQueryOptions } from "#client/features/auth/api/get-me.ts";
import { ApiError } from "#client/lib/api.ts";
import { startOnlineTracking } from "#client/lib/online.ts";
import { onSessionEnd, onUserSwitch, readCachedUser } from "#client/lib/session-cache.ts";

/** How long data seen stays usable offline; queries are kept in memory as long (ADR 013). */
const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const queryClient = new QueryClient({
  defaultOptions: {
    // A change that is not queued (admin, profile, horses …) is tried at once and fails with the network
    // message when offline, rather than waiting unseen and firing later; queued changes wait (queued-change.ts).
    mutations: { networkMode: "always" },
    queries: {
      staleTime: 30_000,
      // Kept as long as the device keeps it, so a screen seen days ago still opens offline.
      gcTime: CACHE_MAX_AGE_MS,
      // Client errors are final; only network failures and 5xx are worth another try.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});
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
let restored = !mayHaveSavedCache;
// What was restored is on screen; now it is refreshed (what this page load fetched already is fresh,
// and a fetch under way is not restarted), and changes queued before the reload go out (or as soon as
// the connection returns).
const restoring = offlineCache
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
  void router.navigate("/auth", { replace: true });
});

// Another user is signed in than the one whose data is cached: empty every query but the session check
// that found out (its answer, the new user, lands next), and load again what is on screen.
onUserSwitch(() => {
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  queryClient.getMutationCache().clear();
  void offlineCache.then((persister) => persister.removeClient());
});

// The session check and the first screen's data start now, before React's first render; the page the
// server sent may already hold the session's answer (boot state), and then the data starts without it.
const boot = readBootState();
if (boot) applyBootState(queryClient, boot);
void queryClient.prefetchQuery(meQueryOptions());
startAfterFirstScreen(prefetchFirstScreen(queryClient, router.location()));

export function App() {
  const [isRestoring, setIsRestoring] = useState(!restored);
  useEffect(() => {
    void restoring.then(() => setIsRestoring(false));
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={isRestoring}>
        <DemoBanner />
        <RouterProvider router={router} />
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}

import { QueryClient } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { RouterProvider } from "react-router";
import { DemoBanner } from "#client/app/demo-banner.tsx";
import {
  CACHE_MAX_AGE_MS,
  CACHE_VERSION,
  createOfflinePersister,
  offlineDehydrateOptions,
} from "#client/app/offline-cache.ts";
import { router } from "#client/app/router.tsx";
import { meQueryKey } from "#client/features/auth/api/get-me.ts";
import { ApiError } from "#client/lib/api.ts";
import { startOnlineTracking } from "#client/lib/online.ts";
import { onSessionEnd, onUserSwitch } from "#client/lib/session-cache.ts";

const queryClient = new QueryClient({
  defaultOptions: {
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
// The queued changes' senders load with the saved cache, before it is restored.
const persister = createOfflinePersister(async () => {
  const { registerQueuedChanges } = await import("#client/app/queued-changes.ts");
  registerQueuedChanges(queryClient);
});
// A change made just before the tab closes must not wait for the batched write.
window.addEventListener("pagehide", () => void persister.flush());

// When the session ends (Sign Out, a 401, the live stream closing) nothing of it stays on screen
// or on the device.
onSessionEnd(() => {
  queryClient.clear();
  void persister.removeClient();
  queryClient.setQueryData(meQueryKey, null);
  void router.navigate("/auth", { replace: true });
});

// Another user is signed in than the one whose data is cached: empty every query but the session check
// that found out (its answer, the new user, lands next), and load again what is on screen.
onUserSwitch(() => {
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  queryClient.getMutationCache().clear();
  void persister.removeClient();
});

export function App() {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        buster: CACHE_VERSION,
        maxAge: CACHE_MAX_AGE_MS,
        dehydrateOptions: offlineDehydrateOptions,
      }}
      // What was restored is on screen at once; now everything in use is refreshed, and changes queued
      // before the reload go out (or as soon as the connection returns).
      onSuccess={() => {
        void queryClient.invalidateQueries();
        void queryClient.resumePausedMutations();
      }}
    >
      <DemoBanner />
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  );
}

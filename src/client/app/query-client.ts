import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "#client/lib/api.ts";

/** How long data seen stays usable offline; queries are kept in memory as long (ADR 013). */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The app's query client, the same in the browser and for the page the server renders (ADR 019). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

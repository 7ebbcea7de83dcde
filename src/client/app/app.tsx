import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { DemoBanner } from "#client/app/demo-banner.tsx";
import { prefetchFirstScreen } from "#client/app/first-data.ts";
import { RouterProvider } from "#client/app/hash-router.tsx";
import { router } from "#client/app/router.tsx";
import { meQueryKey, meQueryOptions } from "#client/features/auth/api/get-me.ts";
import { ApiError } from "#client/lib/api.ts";
import { onSessionEnd } from "#client/lib/session-cache.ts";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Client errors are final; only network failures and 5xx are worth another try.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

// The session check and the first screen's data start now, before React's first render.
void queryClient.prefetchQuery(meQueryOptions());
prefetchFirstScreen(queryClient, router.location().pathname);

// When the session ends (Sign Out, a 401, the live stream closing) nothing of it stays on screen.
onSessionEnd(() => {
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, null);
  void router.navigate("/auth", { replace: true });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <DemoBanner />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

import { IsRestoringProvider, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { OptionalPart } from "#client/app/optional-part.tsx";
import { PathRouter } from "#client/app/path-router.tsx";
import { RenderClock } from "#client/app/render-clock.ts";
import { RenderDay } from "#client/app/render-day.ts";
import { useConfig } from "#client/features/auth/api/get-config.ts";

// Only a demo others can reach shows it: its words and icon stay off everyone else's first load.
const demoBanner = () => import("#client/app/demo-banner.tsx").then((m) => ({ default: m.DemoBanner }));

function DemoNotice() {
  const config = useConfig();
  if (!config.data?.demoReachable) return null;
  return <OptionalPart load={demoBanner} props={{}} />;
}

import { AppRoutes } from "#client/app/router.tsx";

/**
 * The whole app below its query client: what the browser renders or hydrates, and what the server
 * renders for a page (entry-server.tsx) with the requested location and the viewer's calendar day.
 * `renderedAt`: the instant the server rendered the page at, on the server and while the browser
 * hydrates that page.
 */
export function AppTree({
  queryClient,
  isRestoring = false,
  ssr,
  renderedAt = null,
}: {
  queryClient: QueryClient;
  isRestoring?: boolean;
  ssr?: { pathname: string; search: string; today: string };
  renderedAt?: number | null;
}) {
  // The last resort for a part whose code cannot be fetched (each screen and dialog has its own, ADR 024).
  const routes = (
    <PathRouter ssr={ssr}>
      <LoadBoundary>
        <AppRoutes />
      </LoadBoundary>
    </PathRouter>
  );
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={isRestoring}>
        <DemoNotice />
        <RenderClock.Provider value={renderedAt}>
          {ssr ? <RenderDay.Provider value={ssr.today}>{routes}</RenderDay.Provider> : routes}
        </RenderClock.Provider>
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}

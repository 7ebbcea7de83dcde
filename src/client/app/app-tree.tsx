import { IsRestoringProvider, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { DemoBanner } from "#client/app/demo-banner.tsx";
import { PathRouter } from "#client/app/path-router.tsx";
import { RenderDay } from "#client/app/render-day.ts";
import { AppRoutes } from "#client/app/router.tsx";

/**
 * The whole app below its query client: what the browser renders or hydrates, and what the server
 * renders for a page (entry-server.tsx) with the requested location and the viewer's calendar day.
 */
export function AppTree({
  queryClient,
  isRestoring = false,
  ssr,
}: {
  queryClient: QueryClient;
  isRestoring?: boolean;
  ssr?: { pathname: string; search: string; today: string };
}) {
  const routes = (
    <PathRouter ssr={ssr}>
      <AppRoutes />
    </PathRouter>
  );
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={isRestoring}>
        <DemoBanner />
        {ssr ? <RenderDay.Provider value={ssr.today}>{routes}</RenderDay.Provider> : routes}
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}

import type { ComponentType, ReactNode } from "react";
import { Route, Switch } from "wouter";
import { RequireRole, RequireSession, SignedOutOnly } from "#client/app/guards.tsx";
import { AppLayout } from "#client/app/layout.tsx";
import { lazyScreen, Navigate } from "#client/app/path-router.tsx";
import {
  AUTH_PATH,
  HOME_PATH,
  matchPage,
  type PageScreen,
  SIGNED_IN_ROUTES,
} from "#domain/app/page-routes.ts";

type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

const resultsRoute = lazyScreen(() => import("#client/features/results/results-route.tsx"));

/** Each screen's chunk; the server renders the same ones (entry-server.tsx). */
export const SCREENS: Record<PageScreen, LazyScreen> = {
  auth: lazyScreen(() => import("#client/features/auth/auth-screen.tsx")),
  roster: lazyScreen(() => import("#client/features/roster/roster-screen.tsx")),
  planner: lazyScreen(() => import("#client/features/planner/planner-screen.tsx")),
  show: lazyScreen(() => import("#client/features/shows/show-detail-screen.tsx")),
  horses: lazyScreen(() => import("#client/features/horses/horses-screen.tsx")),
  horse: lazyScreen(() => import("#client/features/horses/horse-detail-screen.tsx")),
  barn: lazyScreen(() => import("#client/features/barn/barn-screen.tsx")),
  profile: lazyScreen(() => import("#client/features/profile/profile-screen.tsx")),
  admin: lazyScreen(() => import("#client/features/admin/admin-screen.tsx")),
  notifications: lazyScreen(() => import("#client/features/notifications/notifications-screen.tsx")),
  notificationSettings: lazyScreen(() => import("#client/features/push/notification-settings-screen.tsx")),
  ring: lazyScreen(() => import("#client/features/show-day/ring-control-route.tsx")),
  postResults: resultsRoute,
  standings: resultsRoute,
  print: lazyScreen(() => import("#client/features/season/print-route.tsx")),
};

/** Starts loading the screen `pathname` shows, before React renders (the session check runs meanwhile). */
export function preloadScreen(pathname: string): void {
  const route = matchPage(AUTH_PATH, pathname)
    ? "auth"
    : SIGNED_IN_ROUTES.find((r) => matchPage(r.path, pathname))?.screen;
  if (route) void SCREENS[route].preload();
}

const screenElement = (screen: PageScreen): ReactNode => {
  const Screen = SCREENS[screen];
  const route = SIGNED_IN_ROUTES.find((r) => r.screen === screen);
  return route?.needs ? (
    <RequireRole needs={route.needs}>
      <Screen />
    </RequireRole>
  ) : (
    <Screen />
  );
};

/**
 * The spec's route table (#domain/app/page-routes.ts): signed out, only /auth exists; signed in, / and
 * unknown paths go to /roster. Each route is keyed by its path, so /barn and /admin (both
 * `<RequireRole><Navigate/>` for most people) each redirect even when one follows the other.
 */
export function AppRoutes() {
  const Auth = SCREENS.auth;
  return (
    <Switch>
      <Route key={AUTH_PATH} path={AUTH_PATH}>
        <SignedOutOnly>
          <Auth />
        </SignedOutOnly>
      </Route>
      <Route>
        <RequireSession>
          <AppLayout>
            <Switch>
              <Route key="/" path="/">
                <Navigate to={HOME_PATH} replace />
              </Route>
              {SIGNED_IN_ROUTES.map((route) => (
                <Route key={route.path} path={route.path}>
                  {screenElement(route.screen)}
                </Route>
              ))}
              <Route key="*">
                <Navigate to={HOME_PATH} replace />
              </Route>
            </Switch>
          </AppLayout>
        </RequireSession>
      </Route>
    </Switch>
  );
}

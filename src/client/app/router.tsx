import { RequireRole, RequireSession, SignedOutOnly } from "#client/app/guards.tsx";
import { createHashRouter, lazyScreen, Navigate } from "#client/app/hash-router.tsx";
import { AppLayout } from "#client/app/layout.tsx";

const AuthScreen = lazyScreen(() => import("#client/features/auth/auth-screen.tsx"));
const RosterScreen = lazyScreen(() => import("#client/features/roster/roster-screen.tsx"));
const PlannerScreen = lazyScreen(() => import("#client/features/planner/planner-screen.tsx"));
const ShowDetailScreen = lazyScreen(() => import("#client/features/shows/show-detail-screen.tsx"));
const RingControlScreen = lazyScreen(() => import("#client/features/show-day/ring-control-route.tsx"));
const HorsesScreen = lazyScreen(() => import("#client/features/horses/horses-screen.tsx"));
const HorseDetailScreen = lazyScreen(() => import("#client/features/horses/horse-detail-screen.tsx"));
const BarnScreen = lazyScreen(() => import("#client/features/barn/barn-screen.tsx"));
const ProfileScreen = lazyScreen(() => import("#client/features/profile/profile-screen.tsx"));
const AdminScreen = lazyScreen(() => import("#client/features/admin/admin-screen.tsx"));
const NotificationsScreen = lazyScreen(
  () => import("#client/features/notifications/notifications-screen.tsx"),
);

/** The spec's route table. Signed out, only /auth exists; signed in, / and unknown paths go to /roster. */
export const router = createHashRouter([
  {
    path: "/auth",
    element: (
      <SignedOutOnly>
        <AuthScreen />
      </SignedOutOnly>
    ),
  },
  {
    element: (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to="/roster" replace /> },
      { path: "roster", element: <RosterScreen /> },
      { path: "planner", element: <PlannerScreen /> },
      { path: "shows/:showId", element: <ShowDetailScreen /> },
      { path: "shows/:showId/ring", element: <RingControlScreen /> },
      { path: "horses", element: <HorsesScreen /> },
      { path: "horses/:horseId", element: <HorseDetailScreen /> },
      {
        path: "barn",
        element: (
          <RequireRole needs="Trainer">
            <BarnScreen />
          </RequireRole>
        ),
      },
      { path: "profile", element: <ProfileScreen /> },
      {
        path: "admin",
        element: (
          <RequireRole needs="Admin">
            <AdminScreen />
          </RequireRole>
        ),
      },
      { path: "notifications", element: <NotificationsScreen /> },
      { path: "*", element: <Navigate to="/roster" replace /> },
    ],
  },
]);

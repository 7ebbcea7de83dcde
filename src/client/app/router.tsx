import { lazy } from "react";
import { createHashRouter, Navigate } from "react-router";
import { RequireRole, RequireSession, SignedOutOnly } from "#client/app/guards.tsx";
import { AppLayout } from "#client/app/layout.tsx";

const AuthScreen = lazy(() => import("#client/features/auth/auth-screen.tsx"));
const RosterScreen = lazy(() => import("#client/features/roster/roster-screen.tsx"));
const PlannerScreen = lazy(() => import("#client/features/planner/planner-screen.tsx"));
const ShowDetailScreen = lazy(() => import("#client/features/shows/show-detail-screen.tsx"));
const HorsesScreen = lazy(() => import("#client/features/horses/horses-screen.tsx"));
const HorseDetailScreen = lazy(() => import("#client/features/horses/horse-detail-screen.tsx"));
const BarnScreen = lazy(() => import("#client/features/barn/barn-screen.tsx"));
const ProfileScreen = lazy(() => import("#client/features/profile/profile-screen.tsx"));
const AdminScreen = lazy(() => import("#client/features/admin/admin-screen.tsx"));
const NotificationsScreen = lazy(() => import("#client/features/notifications/notifications-screen.tsx"));

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

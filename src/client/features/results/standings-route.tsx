import { lazy } from "react";

/** The Standings screen's route entry (issue 22), a small chunk in front of the screen's own. */
const StandingsScreen = lazy(() => import("#client/features/results/standings-screen.tsx"));

export default function StandingsRoute() {
  return <StandingsScreen />;
}

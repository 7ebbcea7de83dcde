import { lazy } from "react";
import { useParams } from "#client/app/routing.ts";

/**
 * The route entry of both results screens (issue 22): Post results (/shows/:showId/results) and
 * Standings (/standings). The app's entry chunk names this one small chunk for both, as it names Ring
 * control's (every byte there is on every screen's first load); each screen loads in its own chunk.
 */
const PostResultsScreen = lazy(() => import("#client/features/results/post-results-screen.tsx"));
const StandingsScreen = lazy(() => import("#client/features/results/standings-screen.tsx"));

export default function ResultsRoute() {
  const { showId } = useParams();
  return showId ? <PostResultsScreen /> : <StandingsScreen />;
}

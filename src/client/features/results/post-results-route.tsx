import { lazy } from "react";

/**
 * Post results' route entry (issue 22): the screen loads from here, so the app's entry chunk names one
 * small chunk only (as Ring control's does). The layout's Suspense shows the spinner meanwhile.
 */
const PostResultsScreen = lazy(() => import("#client/features/results/post-results-screen.tsx"));

export default function PostResultsRoute() {
  return <PostResultsScreen />;
}

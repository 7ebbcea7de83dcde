import { retryingLazy } from "#client/lib/retrying-lazy.ts";

/**
 * Ring control's route entry: the screen loads from here, so the app's entry chunk names this one small
 * chunk rather than the screen's shared chunks (every name there is on every screen's first load, and
 * show detail sits at its budget). One more round trip when Ring control opens; the service worker has
 * both chunks after the first visit. The layout's Suspense shows the spinner meanwhile.
 */
const RingControlScreen = retryingLazy(() => import("#client/features/show-day/ring-control-screen.tsx"));

export default function RingControlRoute() {
  return <RingControlScreen />;
}

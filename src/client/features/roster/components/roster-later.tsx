import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { MyResults } from "#client/features/results/components/my-results.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { useMediaQuery } from "#client/ui/use-media-query.ts";

const NotificationsPanel = retryingLazy(
  () => import("#client/features/notifications/notifications-panel.tsx"),
);

/**
 * What the roster adds once its first screen is shown: the viewer's horses' past placings (issue 22) and,
 * from 1280 px, the notifications column (ADR 047), whose code a narrower window never fetches. After the
 * cards in the page, so the keyboard reaches it after them, as the eye does at the right.
 */
export default function RosterLater() {
  const wide = useMediaQuery("(min-width: 80rem)");
  return (
    <>
      <MyResults />
      {wide ? (
        <LoadBoundary fallback={null}>
          <NotificationsPanel />
        </LoadBoundary>
      ) : null}
    </>
  );
}

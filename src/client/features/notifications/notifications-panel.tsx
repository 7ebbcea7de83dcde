import { Link } from "#client/app/routing.ts";
import { NotificationList } from "#client/features/notifications/notifications-screen.tsx";
import { notificationsTexts } from "#domain/texts/notifications.ts";
import { wideTexts } from "#domain/texts/wide.ts";

/** The newest notifications the column shows; the rest are a link away. */
const PANEL_LIMIT = 12;

/**
 * The roster's notifications from 1280 px (issue 36 item 7, ADR 047): a column along the window's right
 * edge, beside the roster's cards and their live ring bars, the same list (and query) as the Notifications
 * screen. Its own chunk, loaded only on a window that wide (roster-later.tsx).
 */
export default function NotificationsPanel() {
  return (
    <section aria-labelledby="notifications-panel" data-testid="notifications-panel" className="roster-side">
      <div className="flex flex-wrap items-center justify-between gap-x-3">
        <h2 id="notifications-panel" className="text-lg font-semibold text-brand-900">
          {notificationsTexts.title}
        </h2>
        <Link to="/notifications" className="plan-link text-sm">
          {wideTexts.allNotifications}
        </Link>
      </div>
      <NotificationList limit={PANEL_LIMIT} />
    </section>
  );
}

import { useEffect, useState } from "react";
import { useNavigate } from "#client/app/routing.ts";
import { useNotifications } from "#client/features/notifications/api/list-notifications.ts";
import { markReadChange, useMarkNotificationRead } from "#client/features/notifications/api/mark-read.ts";
import { NotificationIcon } from "#client/features/notifications/components/notification-icon.tsx";
import { useQueuedChanges } from "#client/lib/queued.ts";
import { LoadError } from "#client/ui/alert.tsx";
import { EmptyState, Spinner } from "#client/ui/page.tsx";
import type { NotificationItem } from "#domain/contracts/notifications.ts";
import { relativeTime } from "#domain/notifications/relative-time.ts";
import { notificationsTexts } from "#domain/texts/notifications.ts";
import { offlineTexts } from "#domain/texts/offline.ts";
import { texts } from "#domain/texts/shell.ts";

const t = notificationsTexts;
/** A friend request opens My Profile on the Friends tab, where it can be accepted or ignored. */
const FRIENDS_TAB_PATH = "/profile?tab=friends";

/** Re-renders every 30 s so "45 seconds ago" keeps moving. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The viewer's notifications, newest first: the Notifications screen's list, and the roster's column from
 * 1280 px (ADR 047) with `limit`. One query for both (useNotifications), so reading one here reads it there.
 * A click marks it read and opens the planner on its show.
 */
export function NotificationList({ limit }: { limit?: number }) {
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const pendingReads = new Set(
    useQueuedChanges<string>(markReadChange.key)
      .filter((c) => c.status === "pending")
      .map((c) => c.input),
  );
  const navigate = useNavigate();
  const now = useNow();

  const open = (n: NotificationItem) => {
    if (!n.isRead) markRead(n.id);
    // A deleted show or removed class has nothing to open: its row says so.
    if (n.showDeleted || n.classDeleted) return;
    navigate(
      n.showId
        ? `/planner?highlight=${encodeURIComponent(n.showId)}`
        : n.type === "FriendRequest"
          ? FRIENDS_TAB_PATH
          : "/planner",
    );
  };

  if (list.isPending) return <Spinner label={texts.common.loading} />;
  if (list.isError)
    return (
      <LoadError message={`${t.loadFailed} ${list.error.message}`} onRetry={() => void list.refetch()} />
    );
  if (list.data.notifications.length === 0) return <EmptyState title={t.empty} />;
  return (
    <ul className="overflow-hidden rounded-xl border border-stone-200 bg-white" aria-label={t.title}>
      {list.data.notifications.slice(0, limit).map((n) => (
        <li key={n.id} className="border-b border-stone-100 last:border-b-0">
          <button
            type="button"
            onClick={() => open(n)}
            className={`flex min-h-16 w-full items-start gap-3 px-4 py-3 text-left hover:bg-brand-50 focus-visible:outline-offset-[-2px] ${
              n.isRead ? "" : "bg-brand-50/50"
            }`}
          >
            <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              <NotificationIcon type={n.type} />
            </span>
            <span className="min-w-0 flex-1">
              <span className={`block text-sm text-stone-900 ${n.isRead ? "" : "font-semibold"}`}>
                {n.message}
              </span>
              {n.showDeleted || n.classDeleted ? (
                <span className="mt-0.5 block text-xs font-medium text-stone-700">
                  {n.showDeleted ? t.showDeleted : t.classDeleted}
                </span>
              ) : null}
              <span className="mt-0.5 block text-xs text-stone-600">{relativeTime(n.createdAt, now)}</span>
              {pendingReads.has(n.id) ? (
                <span className="mt-0.5 block text-xs font-semibold text-amber-800">
                  {offlineTexts.pendingRead}
                </span>
              ) : null}
            </span>
            {n.isRead ? null : (
              <span className="mt-2 flex shrink-0 items-center" data-testid="unread-dot">
                <span aria-hidden className="size-2.5 rounded-full bg-red-600" />
                <span className="sr-only">{t.unread}</span>
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

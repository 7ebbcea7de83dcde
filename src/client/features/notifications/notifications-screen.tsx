import { useState } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { useNotifications } from "#client/features/notifications/api/list-notifications.ts";
import {
  markAllReadChange,
  useMarkAllNotificationsRead,
} from "#client/features/notifications/api/mark-all-read.ts";
import { NotificationList } from "#client/features/notifications/components/notification-list.tsx";
import { useQueuedChanges } from "#client/lib/queued.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { Button } from "#client/ui/button.tsx";
import { PageHeader } from "#client/ui/page.tsx";
import { notificationsTexts } from "#domain/texts/notifications.ts";

const t = notificationsTexts;
// Push is not part of reading the list: its opt-in loads as its own chunk.
const NotifyPrompt = retryingLazy(() => import("#client/features/push/components/notify-prompt.tsx"));

// The roster's notifications column (ADR 047) takes the list from here: one chunk for both, and no chunk of
// its own for the list, whose name every first load would carry in its map of the screens' files.
export { NotificationList };

export default function NotificationsScreen() {
  const list = useNotifications();
  const { markAll } = useMarkAllNotificationsRead();
  const allReadWaiting = useQueuedChanges<null>(markAllReadChange.key).some((c) => c.status === "pending");
  const [markedAll, setMarkedAll] = useState(false);
  const anyUnread = list.data?.notifications.some((n) => !n.isRead) ?? false;

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          anyUnread ? (
            <Button
              variant="secondary"
              onClick={() => {
                markAll(t.markAllReadLabel);
                setMarkedAll(true);
              }}
            >
              {t.markAllRead}
            </Button>
          ) : null
        }
      />
      <p role="status" className="sr-only">
        {markedAll && !anyUnread ? t.allRead : ""}
      </p>
      {allReadWaiting ? (
        <p className="mb-3 text-xs font-semibold text-amber-800">{t.allReadWaiting}</p>
      ) : null}
      <LoadBoundary fallback={null}>
        <NotifyPrompt />
      </LoadBoundary>
      <NotificationList />
    </>
  );
}

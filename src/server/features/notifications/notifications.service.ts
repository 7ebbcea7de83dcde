import type { NotificationItem } from "#domain/contracts/notifications.ts";
import type { Db } from "#server/db/client.ts";
import { isVisibleNotification } from "#server/features/notifications/notifications.policy.ts";
import {
  findNotification,
  insertNotifications,
  listVisible,
  markRead,
  type NewNotification,
  notificationListVersion,
} from "#server/features/notifications/notifications.repository.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { notFound } from "#server/platform/errors.ts";
import type { LiveEvent } from "#server/platform/events.ts";
import { newId, nowIso } from "#server/platform/ids.ts";

type Queryable = Parameters<typeof insertNotifications>[0];

export async function listNotifications(db: Db, viewer: Viewer): Promise<NotificationItem[]> {
  const rows = await listVisible(db.db, viewer.id);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    message: r.message,
    showId: r.show_id,
    createdAt: r.created_at,
    isRead: r.read_at !== null,
  }));
}

/** The cache key and version of the viewer's notification list (see notificationListVersion). */
export async function getNotificationListVersion(
  db: Db,
  viewer: Viewer,
): Promise<{ key: string; version: string }> {
  return { key: viewer.id, version: await notificationListVersion(db.db, viewer.id) };
}

/** Marks one visible notification read for the viewer only; nothing makes it unread again. */
export async function readNotification(db: Db, viewer: Viewer, id: string): Promise<void> {
  const row = await findNotification(db.db, id);
  if (!row || !isVisibleNotification({ userId: row.user_id }, viewer.id)) {
    throw notFound("Notification not found.");
  }
  await markRead(db.db, id, viewer.id, nowIso());
}

export interface Outgoing {
  type: string;
  message: string;
  showId: string | null;
}

/**
 * Writes one notification per recipient (or one for everyone when `recipients` is null) inside the
 * caller's transaction, and returns the live event to publish once that transaction has committed.
 */
export async function createNotifications(
  trx: Queryable,
  recipients: readonly string[] | null,
  outgoing: Outgoing,
): Promise<LiveEvent | null> {
  if (recipients === null) return insertAll(trx, [{ ...outgoing, userId: null }]);
  return insertAll(
    trx,
    recipients.map((userId) => ({ ...outgoing, userId })),
  );
}

/** A notification worded for one person (show-day alerts name their own horse and rider). */
export interface PersonalNotice extends Outgoing {
  userId: string;
}

/**
 * Writes notifications worded per person, inside the caller's transaction; returns the live event to
 * publish after commit. Show-day alerts come this way (types ClassAway and ClassInRing).
 */
export const createPersonalNotifications = (
  trx: Queryable,
  notices: readonly PersonalNotice[],
): Promise<LiveEvent | null> => insertAll(trx, notices);

/**
 * The one place notification rows are written: every kind of notice goes through here, so whatever
 * must follow each new notification (the live event now, a push delivery queue later) is added once.
 */
async function insertAll(
  trx: Queryable,
  notices: readonly (Outgoing & { userId: string | null })[],
): Promise<LiveEvent | null> {
  if (notices.length === 0) return null;
  const createdAt = nowIso();
  await insertNotifications(
    trx,
    notices.map(
      (n): NewNotification => ({
        id: newId(),
        user_id: n.userId,
        type: n.type,
        message: n.message,
        show_id: n.showId,
        created_at: createdAt,
      }),
    ),
  );
  const everyone = notices.some((n) => n.userId === null);
  return {
    type: "notification",
    userIds: everyone ? null : [...new Set(notices.map((n) => n.userId as string))],
  };
}

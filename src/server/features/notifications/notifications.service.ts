import type { NotificationItem, UnreadCount } from "#domain/contracts/notifications.ts";
import type { Db } from "#server/db/client.ts";
import { enqueuePushes, type PushableNotification } from "#server/features/push/push.enqueue.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { notFound } from "#server/platform/errors.ts";
import type { LiveEvent } from "#server/platform/events.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { isVisibleNotification } from "./notifications.policy.ts";
import {
  countUnreadVisible,
  findNotification,
  insertNotifications,
  listVisible,
  markAllRead,
  markRead,
  type NewNotification,
  notificationListVersion,
} from "./notifications.repository.ts";

type Queryable = Parameters<typeof insertNotifications>[0];

export async function listNotifications(db: Db, viewer: Viewer): Promise<NotificationItem[]> {
  const rows = await listVisible(db.db, viewer.id);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    message: r.message,
    showId: r.show_id,
    showDeleted: r.show_deleted === 1,
    classDeleted: r.class_deleted === 1,
    createdAt: r.created_at,
    isRead: r.read_at !== null,
  }));
}

/** The cache key and version of the viewer's notification list (see notificationListVersion). */
export async function getNotificationListVersion(
  db: Db,
  viewer: Viewer,
): Promise<{ key: string; version: string }> {
  const version = await db.versions.read(`notifications:${viewer.id}`, () =>
    notificationListVersion(db.db, viewer.id),
  );
  return { key: viewer.id, version };
}

/**
 * The badge: the viewer's unread count, with the list's version read first, so the version is never newer
 * than the count. The live stream takes that version as `since` and catches up anything after it.
 */
export async function getUnreadCount(db: Db, viewer: Viewer): Promise<UnreadCount> {
  const version = await notificationListVersion(db.db, viewer.id);
  return { count: await countUnreadVisible(db.db, viewer.id), version };
}

/** Marks one visible notification read for the viewer only; nothing makes it unread again. */
export async function readNotification(db: Db, viewer: Viewer, id: string): Promise<void> {
  const row = await findNotification(db.db, id);
  if (!row || !isVisibleNotification({ userId: row.user_id }, viewer.id)) {
    throw notFound("Notification not found.");
  }
  await markRead(db.db, id, viewer.id, nowIso());
}

/** Marks every notification the viewer can see read, for the viewer only; returns how many were unread. */
export async function readAllNotifications(db: Db, viewer: Viewer): Promise<{ marked: number }> {
  return { marked: await markAllRead(db.db, viewer.id, nowIso()) };
}

export type Outgoing = PushableNotification;

/**
 * The one place a notification is created, whatever its kind. Writes one notification per recipient
 * (or one for everyone when `recipients` is null) inside the caller's transaction, queues its push for
 * the devices whose people chose to have that kind pushed (ADR 022), and returns the live event to
 * publish once that transaction has committed (the event also wakes the push delivery worker).
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
  /** The notification's id when the caller needs to know it (default: a new one). */
  id?: string;
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
 * follows each new notification (its push queued for the devices whose people chose that kind, ADR 022;
 * the live event) is added once.
 */
async function insertAll(
  trx: Queryable,
  notices: readonly (Outgoing & { userId: string | null; id?: string })[],
): Promise<LiveEvent | null> {
  if (notices.length === 0) return null;
  const now = new Date();
  const createdAt = now.toISOString();
  await insertNotifications(
    trx,
    notices.map(
      (n): NewNotification => ({
        id: n.id ?? newId(),
        user_id: n.userId,
        type: n.type,
        message: n.message,
        show_id: n.showId,
        class_id: n.classId ?? null,
        created_at: createdAt,
      }),
    ),
  );
  // One push per distinct wording: a broadcast, or the people a notice reads the same for.
  const byWording = new Map<string, { outgoing: Outgoing; userIds: string[] | null }>();
  for (const { userId, id: _id, ...outgoing } of notices) {
    const key = JSON.stringify([
      outgoing.type,
      outgoing.message,
      outgoing.showId,
      outgoing.classId,
      outgoing.subject,
    ]);
    const group = byWording.get(key) ?? { outgoing, userIds: userId === null ? null : [] };
    if (group.userIds && userId !== null) group.userIds.push(userId);
    byWording.set(key, group);
  }
  for (const { outgoing, userIds } of byWording.values()) await enqueuePushes(trx, userIds, outgoing, now);
  const everyone = notices.some((n) => n.userId === null);
  return {
    type: "notification",
    userIds: everyone ? null : [...new Set(notices.map((n) => n.userId as string))],
  };
}

/** For the page the server renders (its unread count) and the live stream's catch-up cursor. */
export { notificationListVersion } from "./notifications.repository.ts";

import { z } from "zod";

/**
 * The badge's count, and the version of the notification list it was counted at (read before the count):
 * the live stream takes it as `since`, so a notification sent between this answer and the stream's start
 * is not missed.
 */
export const UnreadCount = z.object({ count: z.number().int().nonnegative(), version: z.string() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/**
 * The notification types of the spec, plus FriendRequest (ADR 008); any other type is shown with a
 * default icon.
 */
export const NOTIFICATION_TYPES = [
  "NewShow",
  "ShowUpdate",
  "NewQualifyingClass",
  "BarnActivity",
  "FriendRequest",
] as const;

export const NotificationItem = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  showId: z.string().nullable(),
  /** The show it was about has been deleted (showId is then null): the list says so instead of opening it. */
  showDeleted: z.boolean(),
  /** The class it was about has been removed from its show: the list says so instead of opening it. */
  classDeleted: z.boolean(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationList = z.object({ notifications: z.array(NotificationItem) });
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationParams = z.strictObject({ id: z.string().trim().min(1).max(100) });

export const MarkedAllRead = z.object({ marked: z.number().int().nonnegative() });
export type MarkedAllRead = z.infer<typeof MarkedAllRead>;

/**
 * Notifications with no user id are for everyone; the others only for the named user (spec section 6).
 * Read state is per user, so reading a broadcast marks it read for the reader alone.
 */
export const isVisibleNotification = (notification: { userId: string | null }, viewerId: string): boolean =>
  notification.userId === null || notification.userId === viewerId;

import { useLiveNotifications } from "#client/features/notifications/use-live-notifications.ts";

/**
 * The live stream as a component, so the layout can load it after the first paint (a lazy chunk):
 * nothing on a first screen needs it, and every screen's first load would pay for it.
 */
export default function LiveNotifications() {
  useLiveNotifications(true);
  return null;
}

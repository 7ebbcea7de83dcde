import type { PushKind } from "#domain/notifications/push-kinds.ts";

/** A screen's address as the app's router reads it: path routes (ADR 019), `/shows/ID`. */
const screen = (path: string): string => path;

export interface LinkTarget {
  kind: PushKind | null;
  showId: string | null;
  classId?: string | null | undefined;
}

/**
 * Where tapping a notification takes the person: a class alert opens its show at the class; every
 * other notification opens the notification list, where it is marked read and opens what it is about.
 */
export function notificationLink(target: LinkTarget): string {
  if (target.kind === "class-alert" && target.showId) {
    const show = `/shows/${encodeURIComponent(target.showId)}`;
    return screen(target.classId ? `${show}?class=${encodeURIComponent(target.classId)}` : show);
  }
  return screen("/notifications");
}

import { notificationLink } from "#domain/app/app-links.ts";
import type { PushKind } from "#domain/notifications/push-kinds.ts";
import { pushTexts } from "#domain/texts/push.ts";

/**
 * What travels to the lock screen: only what it shows and the link to open. The service worker
 * (src/client/sw-push.ts) reads exactly this shape.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** Same-origin path the tap opens. */
  url: string;
  /** One per subject: a newer message about the same class or show replaces the older one. */
  tag: string;
}

/**
 * An aes128gcm push body holds at most 4096 bytes; its header (86), tag (16) and padding delimiter (1)
 * leave 3993 for the message (RFC 8291 §4).
 */
export const MAX_PUSH_MESSAGE_BYTES = 3993;

const bytes = (text: string) => new TextEncoder().encode(text).length;

export interface PushSource {
  kind: PushKind;
  message: string;
  showId: string | null;
  classId?: string | null | undefined;
  subject: string;
}

/** The message for one notification, its body shortened (never mid-character) to fit a push. */
export function pushMessage(source: PushSource): string {
  const base: PushMessage = {
    title: pushTexts.titles[source.kind],
    body: "",
    url: notificationLink(source),
    tag: source.subject,
  };
  const room = MAX_PUSH_MESSAGE_BYTES - bytes(JSON.stringify(base));
  const full = JSON.stringify({ ...base, body: source.message });
  if (bytes(full) <= MAX_PUSH_MESSAGE_BYTES) return full;
  const chars = Array.from(source.message);
  let low = 0;
  let high = chars.length;
  // The longest prefix whose escaped JSON fits, with an ellipsis to say it was cut.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (bytes(JSON.stringify(`${chars.slice(0, mid).join("")}…`)) - 2 <= room) low = mid;
    else high = mid - 1;
  }
  return JSON.stringify({ ...base, body: `${chars.slice(0, low).join("")}…` });
}

/** The subject a notification is about, when the caller names none: its kind, show and class. */
export const defaultSubject = (kind: PushKind, showId: string | null, classId?: string | null): string =>
  [kind, showId ?? "", classId ?? ""].join(":");

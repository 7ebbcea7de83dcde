import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { PUSH_KIND_RULES, pushKindOf } from "#domain/notifications/push-kinds.ts";
import { defaultSubject, pushMessage } from "#domain/notifications/push-payload.ts";
import { pushDueAt } from "#domain/notifications/push-schedule.ts";
import type { Database } from "#server/db/schema.ts";
import { newId } from "#server/platform/ids.ts";
import { enqueueDeliveries, findPushTargets, type NewDelivery } from "./push.repository.ts";

/** What a notification says, as the notifications feature creates it. */
export interface PushableNotification {
  type: string;
  message: string;
  showId: string | null;
  /** The class it is about, when it is about one (class alerts open the show there). */
  classId?: string | null | undefined;
  /** What it is about, so a newer message on the same subject replaces the older one. */
  subject?: string | undefined;
}

/** RFC 8030 Topic: at most 32 URL-safe characters, the same for every message on one subject. */
export const pushTopic = (subject: string): string =>
  createHash("sha256").update(subject).digest("base64url").slice(0, 32);

/**
 * Queues the push of one notification for every device that should get it, in the transaction that
 * writes the notification, so it is sent once that commits and never if it rolls back. Nothing is
 * sent here: the delivery worker (push.delivery.ts) wakes on the notification's live event.
 * Returns how many messages were queued.
 */
export async function enqueuePushes(
  trx: Kysely<Database> | Transaction<Database>,
  recipients: readonly string[] | null,
  notification: PushableNotification,
  now: Date,
): Promise<number> {
  const kind = pushKindOf(notification.type);
  if (!kind) return 0;
  const rule = PUSH_KIND_RULES[kind];
  const targets = await findPushTargets(trx, kind, rule.pushedByDefault, recipients, now.toISOString());
  if (targets.length === 0) return 0;
  const subject = notification.subject ?? defaultSubject(kind, notification.showId, notification.classId);
  const message = pushMessage({ ...notification, kind, subject });
  const topic = pushTopic(subject);
  const rows = targets.map((t): NewDelivery => {
    const due = pushDueAt(now, kind, { quietHours: t.quiet_hours === 1, timeZone: t.time_zone });
    return {
      id: newId(),
      subscription_id: t.subscription_id,
      topic,
      message,
      urgency: rule.urgency,
      due_at: due.toISOString(),
      expires_at: new Date(due.getTime() + rule.ttlSeconds * 1000).toISOString(),
      created_at: now.toISOString(),
    };
  });
  await enqueueDeliveries(trx, rows);
  return rows.length;
}

/** One Notify-me message (ADR 049): its subscription, what it is about, and the JSON text it carries. */
export interface WatchPush {
  subscriptionId: string;
  subject: string;
  message: string;
}

/**
 * Queues Notify-me messages of watch links in the caller's transaction, sent like a class alert (high
 * urgency, half an hour to live) by the watch queue's worker, which the ring's moves and posted results wake.
 */
export async function enqueueWatchPushes(
  trx: Kysely<Database> | Transaction<Database>,
  pushes: readonly WatchPush[],
  now: Date,
): Promise<void> {
  const rule = PUSH_KIND_RULES["class-alert"];
  await enqueueDeliveries(
    trx,
    pushes.map((p) => ({
      id: newId(),
      subscription_id: p.subscriptionId,
      topic: pushTopic(p.subject),
      message: p.message,
      urgency: rule.urgency,
      due_at: now.toISOString(),
      expires_at: new Date(now.getTime() + rule.ttlSeconds * 1000).toISOString(),
      created_at: now.toISOString(),
    })),
    "watch_push",
  );
}

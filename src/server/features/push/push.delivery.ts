import type { PushUrgency } from "#domain/notifications/push-kinds.ts";
import { pushOutcome, retryDelaySeconds } from "#domain/notifications/push-schedule.ts";
import type { Db } from "#server/db/client.ts";
import type { EventBus, LiveEvent } from "#server/platform/events.ts";
import { newId } from "#server/platform/ids.ts";
import type { PushSender, PushTarget } from "#server/platform/push/send.ts";
import {
  type ClaimedDelivery,
  claimDeliveries,
  type PushQueue,
  releaseForRetry,
  removeClaimed,
  removeGoneSubscription,
  subscriptionsByIds,
} from "./push.repository.ts";

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface PushDeliveryOptions {
  db: Db;
  sender: PushSender;
  log: Logger;
  /** Wakes the worker when a notification was created (on any app server, over PostgreSQL). */
  bus: EventBus;
  /**
   * Which queue it sends: people's devices (the default, woken by notifications) or Notify me on watch
   * links (ADR 049), woken by the ring's moves and posted results, which queue its messages.
   */
  queue?: PushQueue;
  /** Messages taken per claim, and how many of them are in flight at once. */
  batchSize?: number;
  concurrency?: number;
  /** A claim not finished in this time (its server died) is taken by another sender. */
  leaseMs?: number;
  /** How often due retries and held (quiet-hours) messages are looked for without a wake-up. */
  pollMs?: number;
  now?: () => number;
}

/**
 * The delivery worker, one per app server: it claims due messages from the queue in the database,
 * sends them, and settles each by the push service's answer. It runs beside requests, never in one:
 * a notification's request only queues (push.enqueue.ts).
 */
export function startPushDelivery(options: PushDeliveryOptions) {
  const { db, sender, log } = options;
  const batchSize = options.batchSize ?? 64;
  const concurrency = options.concurrency ?? 16;
  const leaseMs = options.leaseMs ?? 60_000;
  const now = options.now ?? Date.now;
  const queue = options.queue ?? "push";
  const wakesOn = (event: LiveEvent) =>
    queue === "push" ? event.type === "notification" : event.type === "ring" || event.type === "results";
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  /** Sends one claimed message and settles it by the answer; true when it was delivered. */
  async function settle(
    item: ClaimedDelivery,
    token: string,
    target: PushTarget | undefined,
  ): Promise<boolean> {
    // Its device was removed meanwhile, and the message with it.
    if (!target) return false;
    const remaining = Math.floor((Date.parse(item.expires_at) - now()) / 1000);
    if (remaining <= 0) {
      await removeClaimed(db.db, [item.id], token, queue);
      return false;
    }
    const answer = await sender.send(target, {
      message: item.message,
      ttlSeconds: remaining,
      urgency: item.urgency as PushUrgency,
      topic: item.topic,
    });
    const outcome = pushOutcome(answer.status);
    const context = { subscriptionId: item.subscription_id, status: answer.status, detail: answer.detail };
    if (outcome === "delivered") return true;
    if (outcome === "subscription-gone") {
      log.info(context, "push: the push service no longer knows this device; removed it");
      await removeGoneSubscription(db.db, queue, item.subscription_id);
      return false;
    }
    if (outcome === "retry") await retryOrDrop(item, token, answer.retryAfterSeconds, context);
    else await drop(item, token, context);
    return false;
  }

  async function drop(item: ClaimedDelivery, token: string, context: object): Promise<void> {
    log.warn(
      { ...context, subscriptionId: item.subscription_id, attempts: item.attempts },
      "push: gave up on a message",
    );
    await removeClaimed(db.db, [item.id], token, queue);
  }

  /** Back in the queue after a wait, or, out of tries, dropped and logged. */
  async function retryOrDrop(item: ClaimedDelivery, token: string, retryAfter: number | null, context = {}) {
    const wait = retryDelaySeconds(item.attempts, retryAfter);
    if (wait === null) await drop(item, token, context);
    else await releaseForRetry(db.db, item.id, token, new Date(now() + wait * 1000).toISOString(), queue);
  }

  /** One claim's worth: returns how many messages it took. */
  async function runBatch(): Promise<number> {
    const token = newId();
    const at = now();
    const claimed = await claimDeliveries(
      db.db,
      db.kind,
      {
        token,
        nowIso: new Date(at).toISOString(),
        leaseUntilIso: new Date(at + leaseMs).toISOString(),
        limit: batchSize,
      },
      queue,
    );
    if (claimed.length === 0) return 0;
    const targets = new Map(
      (await subscriptionsByIds(db.db, [...new Set(claimed.map((c) => c.subscription_id))], queue)).map(
        (s) => [s.id, s],
      ),
    );
    const delivered: string[] = [];
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const item = claimed[next++];
        if (!item) break;
        try {
          if (await settle(item, token, targets.get(item.subscription_id))) delivered.push(item.id);
        } catch (error) {
          log.warn({ err: error, subscriptionId: item.subscription_id }, "push: sending failed unexpectedly");
          await retryOrDrop(item, token, null).catch(() => undefined);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane));
    await removeClaimed(db.db, delivered, token, queue);
    return claimed.length;
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        while (!closed && (await runBatch()) > 0) {}
      } catch (error) {
        log.warn({ err: error }, "push: the delivery queue could not be read");
      }
    } while (again && !closed);
  }

  /** Looks at the queue now (or again right after the current look, if one is running). */
  function wake(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = null;
      // A wake-up that came while the last look was ending is not lost.
      if (again) void wake();
    });
    return running;
  }

  const unsubscribe = options.bus.subscribe((event) => {
    if (wakesOn(event)) void wake();
  });
  const poll = setInterval(() => void wake(), options.pollMs ?? 5_000);
  poll.unref();
  // Messages left by a previous run (a restart) go out without waiting for the next notification.
  void wake();

  return {
    wake,
    /** Resolves once nothing due is left (tests, benchmarks). */
    async drain(): Promise<void> {
      await wake();
      while (running) await running;
      while (!closed && (await runBatch()) > 0) {}
    },
    async close(): Promise<void> {
      closed = true;
      clearInterval(poll);
      unsubscribe();
      await running;
      await sender.close();
    },
  };
}

export type PushDelivery = ReturnType<typeof startPushDelivery>;

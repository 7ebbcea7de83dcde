import type { Transaction } from "kysely";
import type { WatchPushBody } from "#domain/contracts/watch.ts";
import { placingLabel } from "#domain/results/placing.ts";
import type { RingState } from "#domain/show-day/ring.ts";
import { DEFAULT_CLASSES_AWAY, dueAlerts, type Watcher } from "#domain/show-day/ring-alerts.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { pushTexts } from "#domain/texts/push.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import type { Db } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { enqueueWatchPushes, type WatchPush } from "#server/features/push/push.enqueue.ts";
import { p256dhOnCurve } from "#server/features/push/push.service.ts";
import { badRequest, tooManyRequests } from "#server/platform/errors.ts";
import { newId } from "#server/platform/ids.ts";
import { subscriptionProblem } from "#server/platform/push/send.ts";
import {
  claimWatchAlerts,
  classesOfHorses,
  countOfAddress,
  deleteLinkSubscription,
  findLinkSubscription,
  insertLinkSubscription,
  lockAddress,
  notifiedLinksOfShow,
  refreshLinkSubscription,
  sentWatchAlerts,
  subscriptionIdsOfLinks,
} from "./watch-push.repository.ts";

/**
 * Notify me on a watch link's page (issue 35, ADR 049): a browser without an account subscribes to Web
 * Push for the link's horse only; the subscription belongs to the link and ends with it.
 */

/** Browsers one address may have notified of one link: a family's phones, not a script's thousands. */
export const WATCH_PUSH_PER_LINK = 5;
/** Subscriptions one address may hold over every link: a show ground's Wi-Fi puts many families behind one. */
export const WATCH_PUSH_PER_ADDRESS = 50;

export interface WatchPushDeps {
  db: Db;
  allowPrivateEndpoints: boolean;
}

/**
 * Subscribes the browser that asks to the working link `linkId`. Only https addresses on public networks
 * are stored, checked as people's devices are (`subscriptionProblem`); the push service is never
 * contacted. The same browser subscribing again keeps its row with its new keys.
 */
export async function subscribeToLink(
  deps: WatchPushDeps,
  linkId: string,
  input: WatchPushBody,
  address: string,
): Promise<void> {
  const problem = await subscriptionProblem(input.endpoint, deps.allowPrivateEndpoints);
  if (problem) throw badRequest(problem);
  if (!p256dhOnCurve(input.keys.p256dh)) throw badRequest(pushTexts.errors.badKey);
  const keys = { p256dh: input.keys.p256dh.replace(/=+$/, ""), auth: input.keys.auth.replace(/=+$/, "") };
  await deps.db.db.transaction().execute(async (trx) => {
    await lockAddress(trx, deps.db.kind, address);
    const existing = await findLinkSubscription(trx, linkId, input.endpoint);
    if (existing) {
      await refreshLinkSubscription(trx, existing.id, { ...keys, address });
      return;
    }
    const held = await countOfAddress(trx, address, linkId);
    if (held.link >= WATCH_PUSH_PER_LINK || held.all >= WATCH_PUSH_PER_ADDRESS) {
      throw tooManyRequests(watchTexts.notify.tooMany);
    }
    await insertLinkSubscription(trx, {
      id: newId(),
      link_id: linkId,
      endpoint: input.endpoint,
      address,
      created_at: new Date().toISOString(),
      ...keys,
    });
  });
}

/** Stop notifications: the browser's subscription to the link, if it has one, is gone. */
export async function unsubscribeFromLink(db: Db, linkId: string, endpoint: string): Promise<void> {
  await deleteLinkSubscription(db.db, linkId, endpoint);
}

const message = (title: string, body: string, tag: string) => JSON.stringify({ title, body, url: "", tag });

/** Queues each claimed alert's message for every subscription of its link. */
async function queueClaimed(
  trx: Transaction<Database>,
  claimed: readonly { link_id: string; class_id: string; kind: string }[],
  bodyOf: (alert: {
    link_id: string;
    class_id: string;
    kind: string;
  }) => { title: string; body: string } | null,
  now: number,
): Promise<void> {
  if (claimed.length === 0) return;
  const subscriptions = await subscriptionIdsOfLinks(trx, [...new Set(claimed.map((c) => c.link_id))]);
  const pushes: WatchPush[] = [];
  for (const alert of claimed) {
    const text = bodyOf(alert);
    if (!text) continue;
    // One subject per link and class: a newer message about the class replaces one not yet delivered.
    const subject = `watch:${alert.link_id}:${alert.class_id}`;
    for (const s of subscriptions.filter((s) => s.link_id === alert.link_id)) {
      pushes.push({ subscriptionId: s.id, subject, message: message(text.title, text.body, subject) });
    }
  }
  await enqueueWatchPushes(trx, pushes, new Date(now));
}

export interface WatchRingMove {
  showId: string;
  zone: string;
  state: RingState;
  /** Where the running sessions' classes stand (show-day.alerts.ts `ringDistances`). */
  distances: {
    away: ReadonlyMap<string, number>;
    estimates: ReadonlyMap<string, number>;
    numbers: ReadonlyMap<string, string>;
  };
  now: number;
}

/**
 * Inside a ring action's transaction: the Notify-me messages now due for the show's links, by the same
 * rule as people's show-day alerts (`dueAlerts`, at its default "3 classes away") with the link in the
 * person's place. `watch_push_alert` makes each go once, whatever Undo and redo do and whichever server
 * ran the tap. Costs one query when nobody asked to be notified at this show.
 */
export async function queueWatchRingPushes(trx: Transaction<Database>, move: WatchRingMove): Promise<void> {
  const { away, estimates, numbers } = move.distances;
  if (away.size === 0) return;
  const links = await notifiedLinksOfShow(trx, move.showId, new Date(move.now).toISOString());
  if (links.length === 0) return;
  const classes = await classesOfHorses(trx, move.showId, [...new Set(links.map((l) => l.horse_id))]);
  const watchers: Watcher[] = links.map((l) => ({
    userId: l.id,
    threshold: DEFAULT_CLASSES_AWAY,
    classIds: classes.filter((c) => c.horse_id === l.horse_id && away.has(c.class_id)).map((c) => c.class_id),
  }));
  const sent = new Set(
    (
      await sentWatchAlerts(
        trx,
        links.map((l) => l.id),
      )
    ).map((a) => `${a.link_id}|${a.class_id}|${a.kind}`),
  );
  const due = dueAlerts(move.state, away, watchers, sent);
  const claimed = await claimWatchAlerts(
    trx,
    due.map((a) => ({ linkId: a.userId, classId: a.classId, kind: a.kind })),
    new Date(move.now).toISOString(),
  );
  const horses = new Map(links.map((l) => [l.id, l.horse_name]));
  const distance = new Map(due.map((a) => [`${a.userId}|${a.classId}|${a.kind}`, a.away]));
  const n = watchTexts.notify;
  await queueClaimed(
    trx,
    claimed,
    (alert) => {
      const horse = horses.get(alert.link_id) ?? "";
      const number = numbers.get(alert.class_id) ?? alert.class_id;
      if (alert.kind === "ring") return { title: horse, body: n.pushInRing(horse, number) };
      const at = estimates.get(alert.class_id);
      const count = distance.get(`${alert.link_id}|${alert.class_id}|${alert.kind}`) ?? DEFAULT_CLASSES_AWAY;
      return {
        title: horse,
        body: n.pushAway(horse, count, number, at === undefined ? null : formatShowTime(at, move.zone)),
      };
    },
    move.now,
  );
}

/**
 * Inside a results posting's transaction: "placed 2nd" for the links of the class's horses that someone
 * asked to be notified of. Once per link, class and placing: a correction that changes the placing says
 * so again; posting the same placing again says nothing.
 */
export async function queueWatchPlacingPushes(
  trx: Transaction<Database>,
  posted: {
    showId: string;
    classId: string;
    classNumber: string;
    placings: readonly { horseId: string | null; placing: number | null }[];
  },
  now = Date.now(),
): Promise<void> {
  const placed = new Map(
    posted.placings.flatMap((p) =>
      p.horseId && p.placing !== null ? [[p.horseId, p.placing] as const] : [],
    ),
  );
  if (placed.size === 0) return;
  const links = (await notifiedLinksOfShow(trx, posted.showId, new Date(now).toISOString())).filter((l) =>
    placed.has(l.horse_id),
  );
  const claimed = await claimWatchAlerts(
    trx,
    links.map((l) => ({ linkId: l.id, classId: posted.classId, kind: `placed:${placed.get(l.horse_id)}` })),
    new Date(now).toISOString(),
  );
  const byLink = new Map(links.map((l) => [l.id, l]));
  await queueClaimed(
    trx,
    claimed,
    (alert) => {
      const link = byLink.get(alert.link_id);
      const placing = link ? placed.get(link.horse_id) : undefined;
      if (!link || placing === undefined) return null;
      return {
        title: link.horse_name,
        body: watchTexts.notify.pushPlaced(
          link.horse_name,
          placingLabel(String(placing)),
          posted.classNumber,
        ),
      };
    },
    now,
  );
}

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
import { enqueueWatchPushes, pushTopic, type WatchPush } from "#server/features/push/push.enqueue.ts";
import { p256dhOnCurve } from "#server/features/push/push.service.ts";
import { badRequest, tooManyRequests } from "#server/platform/errors.ts";
import { newId } from "#server/platform/ids.ts";
import { subscriptionProblem } from "#server/platform/push/send.ts";
import {
  chooseHorses,
  claimWatchAlerts,
  classesOfHorses,
  countOfAddress,
  deleteLinkSubscription,
  findLinkSubscription,
  insertLinkSubscription,
  lockAddress,
  type PushLinkRef,
  refreshLinkSubscription,
  sentWatchAlerts,
  type WatchAlert,
  watchersOfShow,
} from "./watch-push.repository.ts";

/**
 * Notify me on a live link's page (issue 35, ADR 049; a barn's, ADR 052): a browser without an account
 * subscribes to Web Push for the link's horse, or for the barn's horses it chooses; the subscription
 * belongs to the link and ends with it.
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
 * The link a browser subscribes to: a horse's, or a barn's with the horses (trainer's, entered at the
 * show) that a subscription may choose from, read when it subscribes.
 */
export type PushLink = PushLinkRef & { barnHorses?: ReadonlySet<string> };

/**
 * The horses a subscription chooses: none for a horse's link (it has its one), at least one of the
 * barn's horses at the show for a barn's. Anything else is refused before anything is written.
 */
function choiceOf(link: PushLink, horseIds: readonly string[] | undefined): string[] {
  const n = watchTexts.notify;
  if (link.kind === "horse") {
    if (horseIds !== undefined) throw badRequest(n.noChoiceHere);
    return [];
  }
  const chosen = [...new Set(horseIds ?? [])];
  if (chosen.length === 0) throw badRequest(n.chooseHorse);
  if (!chosen.every((id) => link.barnHorses?.has(id))) throw badRequest(n.notBarnHorse);
  return chosen;
}

/**
 * Subscribes the browser that asks to the working link. Only https addresses on public networks
 * are stored, checked as people's devices are (`subscriptionProblem`); the push service is never
 * contacted. The same browser subscribing again keeps its row with its new keys (and, on a barn's
 * link, its new choice of horses).
 */
export async function subscribeToLink(
  deps: WatchPushDeps,
  link: PushLink,
  input: WatchPushBody,
  address: string,
): Promise<void> {
  const horses = choiceOf(link, input.horseIds);
  const problem = await subscriptionProblem(input.endpoint, deps.allowPrivateEndpoints);
  if (problem) throw badRequest(problem);
  if (!p256dhOnCurve(input.keys.p256dh)) throw badRequest(pushTexts.errors.badKey);
  const keys = { p256dh: input.keys.p256dh.replace(/=+$/, ""), auth: input.keys.auth.replace(/=+$/, "") };
  const ref = { kind: link.kind, id: link.id };
  await deps.db.db.transaction().execute(async (trx) => {
    await lockAddress(trx, deps.db.kind, address);
    const existing = await findLinkSubscription(trx, ref, input.endpoint);
    let id = existing?.id;
    if (id) {
      await refreshLinkSubscription(trx, id, { ...keys, address });
    } else {
      const held = await countOfAddress(trx, address, ref);
      if (held.link >= WATCH_PUSH_PER_LINK || held.all >= WATCH_PUSH_PER_ADDRESS) {
        throw tooManyRequests(watchTexts.notify.tooMany);
      }
      id = newId();
      await insertLinkSubscription(trx, {
        id,
        link_id: link.kind === "horse" ? link.id : null,
        barn_link_id: link.kind === "barn" ? link.id : null,
        endpoint: input.endpoint,
        address,
        created_at: new Date().toISOString(),
        ...keys,
      });
    }
    if (link.kind === "barn") await chooseHorses(trx, id, horses);
  });
}

/** Stop notifications: the browser's subscription to the link, if it has one, is gone. */
export async function unsubscribeFromLink(db: Db, link: PushLinkRef, endpoint: string): Promise<void> {
  await deleteLinkSubscription(db.db, link, endpoint);
}

/**
 * Queues each claimed alert's message for its browser. One subject per horse and class: a newer message
 * about it replaces one not yet delivered, and on the lock screen (its tag, opaque) the one shown.
 */
async function queueClaimed(
  trx: Transaction<Database>,
  claimed: readonly WatchAlert[],
  textOf: (alert: WatchAlert) => { title: string; body: string } | null,
  now: number,
): Promise<void> {
  const pushes: WatchPush[] = [];
  for (const alert of claimed) {
    const text = textOf(alert);
    if (!text) continue;
    const subject = `watch:${alert.horse_id}:${alert.class_id}`;
    pushes.push({
      subscriptionId: alert.subscription_id,
      subject,
      message: JSON.stringify({ title: text.title, body: text.body, url: "", tag: pushTopic(subject) }),
    });
  }
  if (pushes.length > 0) await enqueueWatchPushes(trx, pushes, new Date(now));
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

/** A browser watching one horse: the watcher `dueAlerts` knows, by subscription and horse. */
const watcherKey = (subscriptionId: string, horseId: string) => `${subscriptionId}:${horseId}`;

/**
 * Inside a ring action's transaction: the Notify-me messages now due for the show's watchers (each
 * browser and horse), by the same rule as people's show-day alerts (`dueAlerts`, at its default "3
 * classes away") with the browser and horse in the person's place. `watch_push_alert` makes each go once,
 * whatever Undo and redo do and whichever server ran the tap. Costs one query when nobody asked to be
 * notified at this show.
 */
export async function queueWatchRingPushes(trx: Transaction<Database>, move: WatchRingMove): Promise<void> {
  const { away, estimates, numbers } = move.distances;
  if (away.size === 0) return;
  const watching = await watchersOfShow(trx, move.showId, new Date(move.now).toISOString());
  if (watching.length === 0) return;
  const classes = (
    await classesOfHorses(trx, move.showId, [...new Set(watching.map((w) => w.horse_id))])
  ).filter((c) => away.has(c.class_id));
  const watchers: Watcher[] = watching.map((w) => ({
    userId: watcherKey(w.subscription_id, w.horse_id),
    threshold: DEFAULT_CLASSES_AWAY,
    classIds: classes.filter((c) => c.horse_id === w.horse_id).map((c) => c.class_id),
  }));
  const sent = new Set(
    (
      await sentWatchAlerts(
        trx,
        [...new Set(watching.map((w) => w.subscription_id))],
        [...new Set(classes.map((c) => c.class_id))],
      )
    ).map((a) => `${watcherKey(a.subscription_id, a.horse_id)}|${a.class_id}|${a.kind}`),
  );
  const byKey = new Map(watching.map((w) => [watcherKey(w.subscription_id, w.horse_id), w]));
  const due = dueAlerts(move.state, away, watchers, sent);
  const distance = new Map(due.map((a) => [`${a.userId}|${a.classId}|${a.kind}`, a.away]));
  const claimed = await claimWatchAlerts(
    trx,
    due.flatMap((a) => {
      const w = byKey.get(a.userId);
      return w
        ? [{ subscription_id: w.subscription_id, horse_id: w.horse_id, class_id: a.classId, kind: a.kind }]
        : [];
    }),
    new Date(move.now).toISOString(),
  );
  const n = watchTexts.notify;
  await queueClaimed(
    trx,
    claimed,
    (alert) => {
      const key = watcherKey(alert.subscription_id, alert.horse_id);
      const horse = byKey.get(key)?.horse_name ?? "";
      const number = numbers.get(alert.class_id) ?? alert.class_id;
      if (alert.kind === "ring") return { title: horse, body: n.pushInRing(horse, number) };
      const at = estimates.get(alert.class_id);
      const count = distance.get(`${key}|${alert.class_id}|${alert.kind}`) ?? DEFAULT_CLASSES_AWAY;
      return {
        title: horse,
        body: n.pushAway(horse, count, number, at === undefined ? null : formatShowTime(at, move.zone)),
      };
    },
    move.now,
  );
}

/**
 * Inside a results posting's transaction: "placed 2nd" for the watchers of the class's horses. Once per
 * browser, horse, class and placing: a correction that changes the placing says so again; posting the
 * same placing again says nothing.
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
  const watching = (await watchersOfShow(trx, posted.showId, new Date(now).toISOString())).filter((w) =>
    placed.has(w.horse_id),
  );
  const names = new Map(watching.map((w) => [w.horse_id, w.horse_name]));
  const claimed = await claimWatchAlerts(
    trx,
    watching.map((w) => ({
      subscription_id: w.subscription_id,
      horse_id: w.horse_id,
      class_id: posted.classId,
      kind: `placed:${placed.get(w.horse_id)}`,
    })),
    new Date(now).toISOString(),
  );
  await queueClaimed(
    trx,
    claimed,
    (alert) => {
      const horse = names.get(alert.horse_id);
      const placing = placed.get(alert.horse_id);
      if (horse === undefined || placing === undefined) return null;
      return {
        title: horse,
        body: watchTexts.notify.pushPlaced(horse, placingLabel(String(placing)), posted.classNumber),
      };
    },
    now,
  );
}

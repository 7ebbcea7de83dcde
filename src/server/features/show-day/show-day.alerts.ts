import type { Transaction } from "kysely";
import type { RingState } from "#domain/show-day/ring.ts";
import { sessionLive } from "#domain/show-day/ring.ts";
import {
  DEFAULT_CLASSES_AWAY,
  dueAlerts,
  MAX_CLASSES_AWAY,
  type Watcher,
} from "#domain/show-day/ring-alerts.ts";
import { awayCounts, estimateSession } from "#domain/show-day/ring-estimates.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";
import { blocksAmong, horsePeople } from "#server/db/relations.ts";
import type { Database } from "#server/db/schema.ts";
import {
  createPersonalNotifications,
  type PersonalNotice,
} from "#server/features/notifications/notifications.service.ts";
import type { LiveEvent } from "#server/platform/events.ts";
import { alertSettingsOf, claimAlerts, sentAlerts, showingEntries } from "./show-day.repository.ts";
import type { Schedule } from "./show-day.schedule.ts";

/** Notification types of show-day alerts (the push delivery reads them as "class alerts"). */
export const CLASS_AWAY = "ClassAway";
export const CLASS_IN_RING = "ClassInRing";

/** Statuses whose own author watches the class (the one showing, the owner, the trainer of the customer). */
const AUTHOR_WATCHES = new Set(["ImShowing", "HorseIsShowing", "CustomerIsShowing"]);

/**
 * Where the running sessions' classes stand now: how many classes away each is (0 = in the ring), only
 * within the largest possible "N away", each one's estimated start, and its number. What both the
 * people's alerts and the watch links' Notify me (ADR 049) go by.
 */
export interface RingDistances {
  away: Map<string, number>;
  estimates: Map<string, number>;
  numbers: Map<string, string>;
}

export function ringDistances(schedule: Schedule, state: RingState, now: number): RingDistances {
  const away = new Map<string, number>();
  const estimates = new Map<string, number>();
  const numbers = new Map<string, string>();
  for (const session of schedule.sessions) {
    if (sessionLive(state, session.id).status !== "running") continue;
    for (const [id, count] of awayCounts(state, session)) if (count <= MAX_CLASSES_AWAY) away.set(id, count);
    const estimate = estimateSession({
      session,
      state,
      minutesPerClass: Number(schedule.show.minutes_per_class),
      zone: schedule.zone,
      now,
    });
    for (const [id, at] of estimate.starts) estimates.set(id, at);
    for (const c of session.classes) numbers.set(c.id, c.number);
  }
  return { away, estimates, numbers };
}

/**
 * Sends the show-day alerts now due (src/domain/show-day/ring-alerts.ts) inside the ring action's transaction,
 * and returns the live event to publish after commit. Only classes of running sessions within the
 * largest possible "N away" are looked at, so a tap costs the same on a 600-class show.
 */
export async function sendDueAlerts(
  trx: Transaction<Database>,
  schedule: Schedule,
  state: RingState,
  distances: RingDistances,
  now: number,
): Promise<LiveEvent | null> {
  const showId = schedule.show.id;
  const { away, estimates, numbers } = distances;
  const classIds = [...away.keys()];
  const entries = await showingEntries(trx, showId, classIds);
  if (entries.length === 0) return null;
  const people = await horsePeople(trx, [
    ...new Set(entries.flatMap((e) => (e.horse_id ? [e.horse_id] : []))),
  ]);

  // A block in either direction keeps one's entries from alerting the other (ADR 008).
  const involved = new Set(entries.flatMap((e) => [e.user_id, ...(e.rider_id ? [e.rider_id] : [])]));
  for (const ids of people.values()) for (const id of ids) involved.add(id);
  const blocks = await blocksAmong(trx, [...involved]);

  // Who watches which class, and what of theirs runs in it ("Midnight Sun, ridden by Jane Doe").
  const watching = new Map<string, Map<string, Set<string>>>();
  for (const e of entries) {
    const who = new Set<string>();
    if (AUTHOR_WATCHES.has(e.status)) who.add(e.user_id);
    if (e.rider_id) who.add(e.rider_id);
    for (const id of e.horse_id ? (people.get(e.horse_id) ?? []) : []) who.add(id);
    for (const id of who) if (blocks.has(`${e.user_id}|${id}`)) who.delete(id);
    const detail = showDayTexts.alerts.ridden(e.horse_name, e.rider_name);
    for (const userId of who) {
      const classes = watching.get(userId) ?? new Map<string, Set<string>>();
      watching.set(userId, classes);
      const details = classes.get(e.class_id) ?? new Set<string>();
      classes.set(e.class_id, details);
      if (detail) details.add(detail);
    }
  }
  const settings = await alertSettingsOf(trx, [...watching.keys()]);
  const watchers: Watcher[] = [...watching].map(([userId, classes]) => ({
    userId,
    threshold: settings.get(userId) ?? DEFAULT_CLASSES_AWAY,
    classIds: [...classes.keys()],
  }));
  const sent = new Set(
    (await sentAlerts(trx, showId, classIds)).map((a) => `${a.user_id}|${a.class_id}|${a.kind}`),
  );
  const due = dueAlerts(state, away, watchers, sent);
  const claimed = await claimAlerts(trx, showId, due, new Date(now).toISOString());
  const byKey = new Map(due.map((a) => [`${a.userId}|${a.classId}|${a.kind}`, a]));
  const t = showDayTexts.alerts;
  const notices = claimed.flatMap((row): PersonalNotice[] => {
    const alert = byKey.get(`${row.user_id}|${row.class_id}|${row.kind}`);
    if (!alert) return [];
    const number = numbers.get(alert.classId) ?? alert.classId;
    const who = [...(watching.get(alert.userId)?.get(alert.classId) ?? [])].join("; ");
    const at = estimates.get(alert.classId);
    return [
      alert.kind === "ring"
        ? {
            userId: alert.userId,
            type: CLASS_IN_RING,
            message: t.inRing(number, who),
            showId,
            classId: alert.classId,
          }
        : {
            userId: alert.userId,
            type: CLASS_AWAY,
            message: t.away(
              number,
              alert.away,
              at === undefined ? null : formatShowTime(at, schedule.zone),
              who,
            ),
            showId,
            classId: alert.classId,
          },
    ];
  });
  return createPersonalNotifications(trx, notices);
}

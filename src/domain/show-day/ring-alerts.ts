import { classLive, type RingState } from "#domain/show-day/ring.ts";

/**
 * Show-day alerts (issue 21), pure. A person watching a class (it is on their roster as shower, owner,
 * rider, trainer of the horse or customer-showing) hears once when it comes within their "N classes
 * away" and once when it goes into the ring. What decides is the ring as it is now and what was already
 * sent, never the path there: an Undo and a redo, or a class jumping closer after a scratch, cannot
 * send anything twice. A scratched or done class sends nothing; neither does a setting of 0.
 */

/** Largest "N classes away" a person may choose; the default is 3. */
export const MAX_CLASSES_AWAY = 20;
export const DEFAULT_CLASSES_AWAY = 3;

export type AlertKind = "away" | "ring";

export interface Watcher {
  userId: string;
  /** Their "N classes away"; 0 = no show-day alerts. */
  threshold: number;
  classIds: readonly string[];
}

export interface DueAlert {
  userId: string;
  classId: string;
  kind: AlertKind;
  /** For "away": how many classes away the class is now. */
  away: number;
}

export const alertKey = (a: { userId: string; classId: string; kind: AlertKind }): string =>
  `${a.userId}|${a.classId}|${a.kind}`;

/**
 * The alerts due now. `away` is the running sessions' distances (awayCounts: 0 = in the ring);
 * `sent` the keys (alertKey) already sent. A class already in the ring gets only its "in the ring"
 * alert, and once that went, no "away" alert follows (after an Undo, say).
 */
export function dueAlerts(
  state: RingState,
  away: ReadonlyMap<string, number>,
  watchers: readonly Watcher[],
  sent: ReadonlySet<string>,
): DueAlert[] {
  const due: DueAlert[] = [];
  const taken = new Set(sent);
  const add = (alert: DueAlert) => {
    if (taken.has(alertKey(alert))) return;
    taken.add(alertKey(alert));
    due.push(alert);
  };
  for (const w of watchers) {
    if (w.threshold <= 0) continue;
    for (const classId of new Set(w.classIds)) {
      const count = away.get(classId);
      if (count === undefined) continue;
      const status = classLive(state, classId).status;
      const ring = { userId: w.userId, classId, kind: "ring" as const };
      if (status === "in-ring") {
        add({ ...ring, away: 0 });
        continue;
      }
      if (status !== "waiting" || count > w.threshold || taken.has(alertKey(ring))) continue;
      add({ userId: w.userId, classId, kind: "away", away: count });
    }
  }
  return due;
}

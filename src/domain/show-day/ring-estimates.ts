import {
  classLive,
  type Delay,
  inRingOf,
  queueOf,
  type RingState,
  sessionLive,
} from "#domain/show-day/ring.ts";
import type { EffectiveSession, ScheduledClass } from "#domain/show-day/show-sessions.ts";
import { zonedInstant } from "#domain/show-day/show-time.ts";

/**
 * Estimated times and how far each class is from the ring (issue 21), pure.
 *
 * Before a session runs, its classes follow its printed start (plus any "running late") at the show's
 * minutes per class. Once it runs, estimates are re-based on what the ring has done: from the real
 * clock and the median length of the classes done so far (the show's minutes per class until one is
 * done). A delay a steward announced counts until the ring moves past it (a class going in after it
 * already carries it in the real clock).
 */

const MINUTE = 60_000;

export interface SessionEstimate {
  /** Estimated start (epoch ms) of each class still to run, by id. */
  starts: Map<string, number>;
  /** Minutes per class used: observed median, or the show's. */
  minutesPerClass: number;
}

/** The median of the durations (minutes) of the session's done classes, or null when none is done. */
export function observedMedian(state: RingState, session: EffectiveSession): number | null {
  const durations = session.classes
    .map((c) => classLive(state, c.id))
    .filter((c) => c.status === "done" && c.startedAt !== null && c.endedAt !== null)
    .map((c) => (c.endedAt! - c.startedAt!) / MINUTE)
    .sort((a, b) => a - b);
  if (durations.length === 0) return null;
  const mid = Math.floor(durations.length / 2);
  return durations.length % 2 ? durations[mid]! : (durations[mid - 1]! + durations[mid]!) / 2;
}

const delayAfter = (delays: readonly Delay[], after: number) =>
  delays.filter((d) => d.at > after).reduce((sum, d) => sum + d.minutes, 0);

export function estimateSession(input: {
  session: EffectiveSession;
  state: RingState;
  minutesPerClass: number;
  zone: string;
  now: number;
}): SessionEstimate {
  const { session, state, zone, now } = input;
  const live = sessionLive(state, session.id);
  const delays = state.delays[session.id] ?? [];
  const starts = new Map<string, number>();
  if (live.status === "finished") return { starts, minutesPerClass: input.minutesPerClass };

  let anchor: number | null;
  let perClass = input.minutesPerClass;
  const printed = session.startTime ? zonedInstant(session.date, session.startTime, zone) : null;
  if (live.status === "running") {
    perClass = observedMedian(state, session) ?? input.minutesPerClass;
    const inRing = inRingOf(state, session);
    if (inRing) {
      const since = classLive(state, inRing.id).startedAt ?? now;
      anchor = Math.max(now, since + perClass * MINUTE) + delayAfter(delays, since) * MINUTE;
    } else {
      const ends = session.classes.map((c) => classLive(state, c.id).endedAt ?? -Infinity);
      const last = Math.max(live.startedAt ?? now, ...ends);
      anchor = Math.max(now, last) + delayAfter(delays, last) * MINUTE;
    }
    // Never before the printed start unless the steward said the session started early (issue 34).
    if (printed !== null && !live.early) anchor = Math.max(anchor, printed);
  } else {
    anchor = printed === null ? null : Math.max(now, printed + delayAfter(delays, -Infinity) * MINUTE);
  }
  if (anchor === null) return { starts, minutesPerClass: perClass };
  for (const [i, c] of queueOf(state, session).entries()) starts.set(c.id, anchor + i * perClass * MINUTE);
  return { starts, minutesPerClass: perClass };
}

/**
 * How many classes each class still to run is from the ring while its session runs: the one in the
 * ring is 0, the next 1 ("up next"), and so on. Empty unless the session is running.
 */
export function awayCounts(state: RingState, session: EffectiveSession): Map<string, number> {
  const away = new Map<string, number>();
  if (sessionLive(state, session.id).status !== "running") return away;
  const inRing = inRingOf(state, session);
  if (inRing) away.set(inRing.id, 0);
  for (const [i, c] of queueOf(state, session).entries()) away.set(c.id, i + 1);
  return away;
}

/** What a class on my roster says on show day. */
export type ClassDayStatus =
  | { kind: "in-ring"; since: number | null }
  | { kind: "up-next"; at: number | null }
  | { kind: "away"; count: number; at: number | null }
  | { kind: "done" }
  | { kind: "scratched"; reason: string | null }
  | { kind: "estimate"; at: number }
  | { kind: "none" };

export function classDayStatus(
  classId: string,
  state: RingState,
  away: ReadonlyMap<string, number>,
  estimate: SessionEstimate,
): ClassDayStatus {
  const live = classLive(state, classId);
  if (live.status === "in-ring") return { kind: "in-ring", since: live.startedAt };
  if (live.status === "done") return { kind: "done" };
  if (live.status === "scratched") return { kind: "scratched", reason: live.reason };
  const at = estimate.starts.get(classId) ?? null;
  const count = away.get(classId);
  if (count === 1) return { kind: "up-next", at };
  if (count !== undefined) return { kind: "away", count, at };
  return at === null ? { kind: "none" } : { kind: "estimate", at };
}

/**
 * The one estimate (issue 34): every class's live status and estimated start, from the ring as it is.
 * Show detail, the roster, Ring control, the printed schedule and the calendar feed all read it, so a
 * class never has two times. A scratched or done class has no time; a class of a finished session
 * that never ran says "none".
 */
export interface DayEstimates {
  estimates: Map<string, SessionEstimate>;
  statusOf: (classId: string) => ClassDayStatus;
}

export function estimateDay(input: {
  sessions: readonly EffectiveSession[];
  state: RingState;
  minutesPerClass: number;
  zone: string;
  now: number;
}): DayEstimates {
  const { sessions, state, minutesPerClass, zone, now } = input;
  const estimates = new Map<string, SessionEstimate>();
  const away = new Map<string, number>();
  const sessionOf = new Map<string, string>();
  for (const session of sessions) {
    estimates.set(session.id, estimateSession({ session, state, minutesPerClass, zone, now }));
    for (const [id, n] of awayCounts(state, session)) away.set(id, n);
    for (const c of session.classes) sessionOf.set(c.id, session.id);
  }
  const none: SessionEstimate = { starts: new Map(), minutesPerClass };
  return {
    estimates,
    statusOf: (classId) =>
      classDayStatus(classId, state, away, estimates.get(sessionOf.get(classId) ?? "") ?? none),
  };
}

/** The estimated start a status carries (null for done, scratched, in the ring or untimed). */
export function statusTime(status: ClassDayStatus): number | null {
  return status.kind === "up-next" || status.kind === "away" || status.kind === "estimate" ? status.at : null;
}

/**
 * When each class would start by the printed schedule: its session's start plus `minutesPerClass` for
 * every class before it. Untimed sessions give no times. Epoch milliseconds by class id.
 */
export function plannedStarts(
  sessions: readonly EffectiveSession[],
  minutesPerClass: number,
  zone: string,
): Map<string, number> {
  const starts = new Map<string, number>();
  for (const s of sessions) {
    const start = s.startTime ? zonedInstant(s.date, s.startTime, zone) : null;
    if (start === null) continue;
    for (const [i, c] of s.classes.entries()) starts.set(c.id, start + i * minutesPerClass * 60_000);
  }
  return starts;
}

/** One ring's line in the live bar: the class in it and since when, and the next with its estimate. */
export interface RingSummary {
  ring: string;
  session: EffectiveSession;
  inRing: { cls: ScheduledClass; since: number | null } | null;
  next: { cls: ScheduledClass; at: number | null } | null;
}

/** A summary per ring with a running session, in session order. */
export function ringSummaries(
  sessions: readonly EffectiveSession[],
  state: RingState,
  estimates: ReadonlyMap<string, SessionEstimate>,
): RingSummary[] {
  return sessions
    .filter((s) => sessionLive(state, s.id).status === "running")
    .map((session) => {
      const current = inRingOf(state, session);
      const next = queueOf(state, session)[0] ?? null;
      return {
        ring: session.ring,
        session,
        inRing: current ? { cls: current, since: classLive(state, current.id).startedAt } : null,
        next: next ? { cls: next, at: estimates.get(session.id)?.starts.get(next.id) ?? null } : null,
      };
    });
}

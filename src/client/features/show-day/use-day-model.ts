import { useEffect, useMemo, useState } from "react";
import type { RingActionBody, ShowDay } from "#domain/contracts/show-day.ts";
import { applyInput, type RingState } from "#domain/show-day/ring.ts";
import {
  awayCounts,
  type ClassDayStatus,
  classDayStatus,
  estimateSession,
  type RingSummary,
  ringSummaries,
  type SessionEstimate,
} from "#domain/show-day/ring-estimates.ts";
import { ringStateOf, sessionsOfDay } from "#domain/show-day/show-day-view.ts";
import type { EffectiveSession } from "#domain/show-day/show-sessions.ts";

/** The clock the estimates run on, ticking every 30 s (a class lasts minutes). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface DayModel {
  zone: string;
  sessions: EffectiveSession[];
  state: RingState;
  estimates: Map<string, SessionEstimate>;
  rings: RingSummary[];
  statusOf: (classId: string) => ClassDayStatus;
}

/**
 * Everything a live screen derives from the day: sessions in order, the ring (with a steward's waiting
 * actions applied on top, so the next tap is made on what the steward sees), estimates, distances.
 */
export function useDayModel(day: ShowDay, now: number, waiting: readonly RingActionBody[] = []): DayModel {
  return useMemo(() => {
    const sessions = sessionsOfDay(day);
    let state = ringStateOf(day.ring);
    for (const action of waiting) {
      if (action.kind !== "undo") state = applyInput(sessions, state, action, now);
    }
    const estimates = new Map<string, SessionEstimate>();
    const away = new Map<string, number>();
    const sessionOf = new Map<string, string>();
    for (const session of sessions) {
      estimates.set(
        session.id,
        estimateSession({ session, state, minutesPerClass: day.minutesPerClass, zone: day.timeZone, now }),
      );
      for (const [id, n] of awayCounts(state, session)) away.set(id, n);
      for (const c of session.classes) sessionOf.set(c.id, session.id);
    }
    const none = { starts: new Map<string, number>(), minutesPerClass: day.minutesPerClass };
    return {
      zone: day.timeZone,
      sessions,
      state,
      estimates,
      rings: ringSummaries(sessions, state, estimates),
      statusOf: (classId) =>
        classDayStatus(classId, state, away, estimates.get(sessionOf.get(classId) ?? "") ?? none),
    };
  }, [day, now, waiting]);
}

import { useContext, useEffect, useMemo, useState } from "react";
import { RenderClock } from "#client/app/render-clock.ts";
import type { RingActionBody, ShowDay } from "#domain/contracts/show-day.ts";
import { applyInput, type RingState } from "#domain/show-day/ring.ts";
import {
  type ClassDayStatus,
  estimateDay,
  type RingSummary,
  ringSummaries,
  type SessionEstimate,
} from "#domain/show-day/ring-estimates.ts";
import { ringStateOf, sessionsOfDay } from "#domain/show-day/show-day-view.ts";
import type { EffectiveSession } from "#domain/show-day/show-sessions.ts";
import { learnZone } from "#domain/show-day/zone-spans.ts";

/**
 * The clock the estimates run on, ticking every 30 s (a class lasts minutes). In a page the server
 * rendered it starts at the instant of that render, so hydration finds the same estimates in the markup,
 * and moves to the device's clock once mounted.
 */
export function useNow(intervalMs = 30_000): number {
  const renderedAt = useContext(RenderClock);
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  useEffect(() => {
    if (renderedAt !== null) setNow(Date.now());
  }, [renderedAt]);
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
    // The zone's offsets came with the day: the times below print without the browser's zone data.
    learnZone(day.timeZone, day.zoneSpans);
    const sessions = sessionsOfDay(day);
    let state = ringStateOf(day.ring);
    for (const action of waiting) {
      if (action.kind !== "undo") state = applyInput(sessions, state, action, now);
    }
    const { estimates, statusOf } = estimateDay({
      sessions,
      state,
      minutesPerClass: day.minutesPerClass,
      zone: day.timeZone,
      now,
    });
    return {
      zone: day.timeZone,
      sessions,
      state,
      estimates,
      rings: ringSummaries(sessions, state, estimates),
      statusOf,
    };
  }, [day, now, waiting]);
}

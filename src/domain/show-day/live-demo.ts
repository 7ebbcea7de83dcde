import { showClockTime, showToday, zonedInstant } from "#domain/show-day/show-time.ts";

/**
 * The demo's running show (issue 33): whenever someone opens the demo, or a benchmark runs, a show is
 * on today with a session in progress at the show's own hour, so a newcomer at 2 AM in Tennessee sees
 * classes estimated around 2 AM. The session is placed relative to `now` on the show's clock; a ring
 * that has gone stale (another day, idle for hours, or no longer running) is placed again.
 */

const MINUTE = 60_000;

export interface DemoRingShape {
  /** Classes the ring has already run before the one in it, when the day allows. */
  classesBefore: number;
  minutesPerClass: number;
}

export const DEMO_RING: DemoRingShape = { classesBefore: 5, minutesPerClass: 7 };

/** A ring idle this long looks abandoned: the demo places its session again. */
export const DEMO_RING_IDLE_MS = 2 * 60 * MINUTE;

export interface DemoRingPlan {
  /** The show's today ("yyyy-mm-dd"), the session's date. */
  date: string;
  /** The session's printed start ("HH:MM" on the show's clock, on a five-minute mark). */
  startTime: string;
  /** "AM" or "PM", by the printed start, for the session's name. */
  part: "AM" | "PM";
  /** When the session was started (the printed start). */
  startedAt: number;
  /** When each class went in, in running order: the last is in the ring now, those before are done. */
  inRingAt: number[];
}

/**
 * Where the demo's running session stands at `now` in `zone`: it began `classesBefore` classes and a few
 * minutes ago (rounded down to five minutes, as printed starts are), classes taking `minutesPerClass`,
 * the next one in the ring now. Never before the show's midnight, so the session is always today's:
 * just after midnight fewer classes have run.
 */
export function planDemoRing(now: number, zone: string, shape: DemoRingShape = DEMO_RING): DemoRingPlan {
  const date = showToday(now, zone);
  const midnight = zonedInstant(date, "00:00", zone) ?? now;
  const step = shape.minutesPerClass * MINUTE;
  const ideal = now - (shape.classesBefore * shape.minutesPerClass + 4) * MINUTE;
  const printed = midnight + Math.floor((ideal - midnight) / (5 * MINUTE)) * 5 * MINUTE;
  const startedAt = Math.max(midnight, printed);
  const inRing = Math.min(shape.classesBefore, Math.floor((now - startedAt) / step));
  const startTime = showClockTime(startedAt, zone);
  return {
    date,
    startTime,
    part: Number(startTime.slice(0, 2)) < 12 ? "AM" : "PM",
    startedAt,
    inRingAt: Array.from({ length: inRing + 1 }, (_, i) => startedAt + i * step),
  };
}

export interface DemoRingNow {
  /** The running session's date, or null when no session of the show is running. */
  runningSessionDate: string | null;
  /** The latest ring action's instant, or null when there is none. */
  lastActionAt: number | null;
}

/** Whether the demo's ring must be placed again at `now`: not running today, or idle for hours. */
export function demoRingIsStale(ring: DemoRingNow, now: number, zone: string): boolean {
  if (ring.runningSessionDate !== showToday(now, zone)) return true;
  return ring.lastActionAt === null || now - ring.lastActionAt > DEMO_RING_IDLE_MS;
}

import { formatDayHeading } from "#domain/dates/show-dates.ts";
import type { EffectiveSession } from "#domain/show-day/show-sessions.ts";
import { formatClockTime } from "#domain/show-day/show-sessions.ts";
import { showToday, zonedInstant } from "#domain/show-day/show-time.ts";

/**
 * Starting a session early (issue 34, ADR 033): before its day on the show's clock, or more than
 * EARLY_MINUTES before its printed time, a Start asks first. Only a start the steward confirmed as
 * early lets estimates put its classes before the printed start.
 */
export const EARLY_MINUTES = 30;

/** Whether starting `session` at `now` is early, and its printed day and time in words ("Sunday, December 6 · 8:00 AM"). */
export function earlyStart(
  session: Pick<EffectiveSession, "date" | "startTime">,
  zone: string,
  now: number,
): { early: boolean; printed: string } {
  const printed = [
    formatDayHeading(session.date),
    session.startTime ? formatClockTime(session.startTime) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  if (showToday(now, zone) < session.date) return { early: true, printed };
  const at = session.startTime ? zonedInstant(session.date, session.startTime, zone) : null;
  return { early: at !== null && now < at - EARLY_MINUTES * 60_000, printed };
}

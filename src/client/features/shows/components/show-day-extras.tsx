/**
 * What show detail adds for show day (issue 21), in a chunk of its own that starts loading with the
 * screen, beside the show's data: session headings for a show with sessions, and the way to the live
 * ring panel (the ring bar, Ring control), itself loaded once the first screen is shown. Shows without
 * sessions carry none of it on their first paint.
 */

import type { ShowClass, ShowDetail, ShowSession } from "#domain/contracts/shows.ts";
import { formatClockTime } from "#domain/show-day/show-sessions.ts";
import type { groupClassesByDate } from "#domain/shows/class-dates.ts";

/** A heading (a day, or with `label` a session on it) or a class. */
export type ScheduleRow =
  | { kind: "day"; date: string; label?: string; level: "h3" | "h4" }
  | { kind: "class"; cls: ShowClass };

/** "Thursday Evening · 7:00 PM CDT · Main Ring". */
const sessionHeading = (s: ShowSession) =>
  [s.name, s.startTime ? `${formatClockTime(s.startTime)} ${s.zoneAbbr}` : null, s.ring]
    .filter(Boolean)
    .join(" · ");

/**
 * Date → session → classes (issue 21): a session's classes fall on its date, in its order, under its
 * heading (sessions come from the server in running order); classes of no session stay under their
 * date after the day's sessions, as before.
 */
export function sessionRows(
  show: Pick<ShowDetail, "startDate" | "endDate">,
  sessions: readonly ShowSession[],
  classes: readonly ShowClass[],
  // Passed in rather than imported: the schedule has it, and a module both chunks import would be wrapped.
  byDate: typeof groupClassesByDate,
): ScheduleRow[] {
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const placed = classes.map((c) => ({ ...c, date: byId.get(c.sessionId ?? "")?.date ?? c.date }));
  const order = new Map(sessions.map((s, i) => [s.id, i]));
  const rank = (c: ShowClass) => order.get(c.sessionId ?? "") ?? sessions.length;
  return byDate(show, placed).flatMap((day) => {
    const rows: ScheduleRow[] = [{ kind: "day", date: day.date, level: "h3" }];
    let current: string | null = null;
    // A stable sort keeps show order within each session.
    for (const cls of [...day.classes].sort((a, b) => rank(a) - rank(b))) {
      const session = byId.get(cls.sessionId ?? "");
      if (session && session.id !== current)
        rows.push({ kind: "day", date: day.date, label: sessionHeading(session), level: "h4" });
      current = session?.id ?? null;
      rows.push({ kind: "class", cls });
    }
    return rows;
  });
}

/** The live ring bar and the way to Ring control. */
export const loadShowDayPanel = () => import("#client/features/show-day/show-day-panel.tsx");

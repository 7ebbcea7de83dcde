import { endOfMonth, format, parseISO } from "date-fns";
import { CALENDAR_MAX_SHOWS, type CalendarMonth, type CalendarQuery } from "#domain/contracts/season.ts";
import type { Db } from "#server/db/client.ts";
import { blockedWith } from "#server/db/relations.ts";
import { viewerSourcesVersion } from "#server/features/roster/roster.service.ts";
import { listShowsBetween } from "#server/features/shows/shows.service.ts";
import type { Viewer } from "#server/http/viewer.ts";

/**
 * What a cached month is valid for: the viewer and the query (`key`), and the counters every write to its
 * sources bumps (`version`): the catalogue's for the shows and their filters, the viewer's own for the
 * entries that mark a show as theirs and the blocks that unmark a rider's entry (migration 011).
 */
export async function getCalendarVersion(
  db: Db,
  viewer: Pick<Viewer, "id">,
  query: CalendarQuery,
): Promise<{ key: string; version: string }> {
  return { key: `${viewer.id}|${JSON.stringify(query)}`, version: await viewerSourcesVersion(db, viewer.id) };
}

/**
 * One month of the season calendar (issue 25): the shows whose days meet the month, through the
 * planner's filters, each marked when the viewer has an entry there (their own, or one naming them as
 * rider by someone in no block with them, as on the roster). With `mine`, only those (the roster's calendar).
 */
export async function getCalendarMonth(
  db: Db,
  viewer: Pick<Viewer, "id">,
  query: CalendarQuery,
): Promise<CalendarMonth> {
  const first = parseISO(`${query.month}-01`);
  const from = format(first, "yyyy-MM-dd");
  const to = format(endOfMonth(first), "yyyy-MM-dd");
  const rows = await listShowsBetween(
    db.db,
    {
      name: query.name,
      location: query.location,
      judges: query.judge,
      divisions: query.division,
      orgs: query.org,
    },
    { from, to, limit: CALENDAR_MAX_SHOWS + 1 },
  );
  const page = rows.slice(0, CALENDAR_MAX_SHOWS);
  const mine = new Set<string>();
  const ids = page.map((s) => s.id);
  // Chunks keep the statement inside both engines' parameter limits.
  for (let i = 0; i < ids.length; i += 500) {
    const found = await db.db
      .selectFrom("class_entry")
      .select(["show_id", "user_id"])
      .distinct()
      .where("show_id", "in", ids.slice(i, i + 500))
      .where((eb) => eb.or([eb("user_id", "=", viewer.id), eb("rider_id", "=", viewer.id)]))
      .execute();
    // An entry naming the viewer as rider counts only while its author and the viewer are in no block.
    const authors = [...new Set(found.map((r) => r.user_id).filter((id) => id !== viewer.id))];
    const blocked = await blockedWith(db.db, viewer.id, authors);
    for (const r of found) if (!blocked.has(r.user_id)) mine.add(r.show_id);
  }
  return {
    month: query.month,
    shows: page
      .map((s) => ({
        id: s.id,
        name: s.name,
        location: s.location,
        startDate: s.start_date,
        endDate: s.end_date,
        mine: mine.has(s.id),
      }))
      .filter((s) => !query.mine || s.mine),
    truncated: rows.length > CALENDAR_MAX_SHOWS,
  };
}

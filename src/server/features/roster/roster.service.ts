import { format } from "date-fns";
import type { Roster } from "#domain/contracts/roster.ts";
import { hasRole } from "#domain/people/roles.ts";
import { deriveRosterEntries, type RosterEntry } from "#domain/roster/roster.ts";
import {
  buildRoster,
  classKey,
  type RosterClassInfo,
  type RosterShowInfo,
} from "#domain/roster/roster-view.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { seasonWarnings } from "./roster.conflicts.ts";
import { type RosterSource, rosterRows, rosterVersion } from "./roster.repository.ts";

/**
 * The viewer's roster: one query for every entry it may show (own entries, entries naming the
 * viewer as rider for trainers, never from someone in a block with the viewer, accepted friends'
 * showing entries) with the names they mention; the pure `deriveRosterEntries` and `buildRoster`
 * do the rest.
 *
 * `today` is the viewer's calendar day, sent by the browser, so "Today" turns over at the
 * user's local midnight rather than the server's.
 */
export async function getRoster(
  db: Db,
  viewer: Pick<Viewer, "id" | "roles">,
  today = format(new Date(), "yyyy-MM-dd"),
): Promise<Roster> {
  const isTrainer = hasRole(viewer, "Trainer");
  const rows = await rosterRows(db.db, viewer.id, { rider: isTrainer }, today);
  const shows = new Map<string, RosterShowInfo>();
  const classes = new Map<string, RosterClassInfo>();
  const userNames = new Map<string, string>();
  const horseNames = new Map<string, string>();
  const bySource: Record<RosterSource, RosterEntry[]> = { own: [], rider: [], friends: [] };
  for (const r of rows) {
    shows.set(r.show.id, r.show);
    classes.set(classKey(r.cls.showId, r.cls.id), r.cls);
    userNames.set(r.entry.userId, r.userName);
    if (r.entry.riderId && r.riderName !== null) userNames.set(r.entry.riderId, r.riderName);
    if (r.entry.horseId && r.horseName !== null) horseNames.set(r.entry.horseId, r.horseName);
    if (r.creatorName !== null) userNames.set(r.entry.createdBy, r.creatorName);
    bySource[r.source].push(r.entry);
  }
  const entries = deriveRosterEntries({
    viewerId: viewer.id,
    isTrainer,
    own: bySource.own,
    riderEntries: bySource.rider,
    friendEntries: bySource.friends,
  });
  const roster = buildRoster(viewer.id, entries, { shows, classes, userNames, horseNames }, today);
  const warnings = seasonWarnings(entries, rows);
  // Posted results (issue 22) set the placing on the entries of a matched horse; derived entries keep their ids.
  const placings = new Map(rows.flatMap((r) => (r.placing ? [[r.entry.id, r.placing] as const] : [])));
  if (warnings.size > 0 || placings.size > 0) {
    for (const section of Object.values(roster.sections))
      for (const show of section)
        for (const day of show.days)
          for (const cls of day.classes)
            for (const entry of cls.entries) {
              const list = warnings.get(entry.id);
              if (list) entry.warnings = list;
              const placing = placings.get(entry.id);
              if (placing) entry.placing = placing;
            }
  }
  return roster;
}

/**
 * What a cached roster is valid for: the viewer, their day and whether they see rider entries
 * (`key`), and the counters every write to its sources bumps (`version`, see rosterVersion).
 */
export async function getRosterVersion(
  db: Db,
  viewer: Viewer,
  today: string,
): Promise<{ key: string; version: string }> {
  const role = hasRole(viewer, "Trainer") ? "trainer" : "owner";
  return { key: `${viewer.id}|${today}|${role}`, version: await viewerSourcesVersion(db, viewer.id) };
}

/**
 * The counters behind everything a viewer's roster is built from (their entries and the entries naming
 * them as rider, their friends and blocks, the shows and names): other per-viewer answers built from the
 * same sources are versioned by it too (the season calendar's month).
 */
export const viewerSourcesVersion = (db: Db, viewerId: string): Promise<string> =>
  db.versions.read(`roster:${viewerId}`, () => rosterVersion(db.db, viewerId));

/** The season's conflicts among the viewer's entries, as show detail, entry saves and recommendations read them. */
export { planConflictTest, SHOWING, viewerWarnings } from "./roster.conflicts.ts";

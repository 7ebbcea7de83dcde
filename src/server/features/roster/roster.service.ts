import { format } from "date-fns";
import type { Roster } from "#domain/contracts/roster.ts";
import { hasRole } from "#domain/roles.ts";
import { deriveRosterEntries } from "#domain/roster.ts";
import {
  buildRoster,
  classKey,
  entryAuthor,
  type RosterClassInfo,
  type RosterShowInfo,
} from "#domain/roster-view.ts";
import type { Db } from "#server/db/client.ts";
import { namesOf, type RosterRow, rosterRows } from "#server/features/roster/roster.repository.ts";
import type { Viewer } from "#server/http/viewer.ts";

/**
 * The viewer's roster. A fixed number of queries whatever the data: own entries, entries naming
 * the viewer as rider (trainers only; never from someone in a block with the viewer), accepted
 * friends' showing entries, then the names of the people and horses involved. The pure `deriveRosterEntries` and `buildRoster` do the rest.
 *
 * `today` is the viewer's calendar day, sent by the browser, so "Today" turns over at the
 * user's local midnight rather than the server's.
 */
export async function getRoster(
  db: Db,
  viewer: Viewer,
  today = format(new Date(), "yyyy-MM-dd"),
): Promise<Roster> {
  const isTrainer = hasRole(viewer, "Trainer");
  const own = await rosterRows(db.db, viewer.id, "own", today);
  const rider = isTrainer ? await rosterRows(db.db, viewer.id, "rider", today) : [];
  const friends = await rosterRows(db.db, viewer.id, "friends", today);

  const shows = new Map<string, RosterShowInfo>();
  const classes = new Map<string, RosterClassInfo>();
  const remember = (rows: RosterRow[]) => {
    for (const r of rows) {
      shows.set(r.show.id, r.show);
      classes.set(classKey(r.cls.showId, r.cls.id), r.cls);
    }
    return rows.map((r) => r.entry);
  };
  const entries = deriveRosterEntries({
    viewerId: viewer.id,
    isTrainer,
    own: remember(own),
    riderEntries: remember(rider),
    friendEntries: remember(friends),
  });

  const people = new Set<string>();
  const horses = new Set<string>();
  for (const e of entries) {
    const author = entryAuthor(viewer.id, e);
    if (author) people.add(author);
    if (e.riderId) people.add(e.riderId);
    if (e.horseId) horses.add(e.horseId);
  }
  const [userNames, horseNames] = [
    await namesOf(db.db, "user", [...people]),
    await namesOf(db.db, "horse", [...horses]),
  ];
  return buildRoster(viewer.id, entries, { shows, classes, userNames, horseNames }, today);
}

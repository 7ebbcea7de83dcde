import {
  hearsOfNewShow,
  newShowNotice,
  newShowsSummary,
  type PersonTies,
} from "#domain/notifications/new-show-reach.ts";
import { asNewShowReach } from "#domain/notifications/push-kinds.ts";
import { divisionsForClassName } from "#domain/shows/division-rule.ts";
import { normaliseShowName } from "#domain/shows/show-prediction.ts";
import { stateOfLocation } from "#domain/shows/show-time-zone.ts";
import type { LiveEvent } from "#server/platform/events.ts";
import { newId } from "#server/platform/ids.ts";
import {
  allShowPlaces,
  classNamesOfShows,
  deleteNotifications,
  entrantsOf,
  horseDivisionsOfPeople,
  readDigests,
  readNewShowReaches,
  recordedShowNames,
  recordHolders,
  writeDigests,
} from "./new-shows.repository.ts";
import { createPersonalNotifications, type PersonalNotice } from "./notifications.service.ts";

type Queryable = Parameters<typeof createPersonalNotifications>[0];

export interface AnnouncedShow {
  id: string;
  name: string;
  location: string;
}

/**
 * Every person's ties to `shows`: only the ties that can matter to them are read (entries at, and
 * records from, shows of the same name or state; the horses' divisions of those tied by state), so
 * the work follows the few people near the new shows, not every entry of the season.
 */
async function peopleTies(trx: Queryable, shows: readonly AnnouncedShow[]): Promise<Map<string, PersonTies>> {
  const people = new Map<
    string,
    PersonTies & { showNames: Set<string>; states: Set<string>; divisionIds: Set<string> }
  >();
  for (const row of await readNewShowReaches(trx)) {
    people.set(row.id, {
      reach: asNewShowReach(row.new_shows),
      showNames: new Set(),
      states: new Set(),
      divisionIds: new Set(),
    });
  }
  const near = [...people.values()].some((p) => p.reach === "near");
  if (!near) return people;
  const names = new Set(shows.map((s) => normaliseShowName(s.name)));
  const states = new Set(shows.map((s) => stateOfLocation(s.location)).filter((s) => s !== null));
  const tied = new Map<string, { name: string; state: string | null }>();
  for (const show of await allShowPlaces(trx)) {
    const name = normaliseShowName(show.name);
    const state = stateOfLocation(show.location);
    if (names.has(name) || (state !== null && states.has(state))) tied.set(show.id, { name, state });
  }
  const byState = new Set<string>();
  for (const e of await entrantsOf(trx, [...tied.keys()])) {
    const person = people.get(e.user_id);
    const show = tied.get(e.show_id);
    if (!person || !show) continue;
    if (names.has(show.name)) person.showNames.add(show.name);
    if (show.state !== null && states.has(show.state)) {
      person.states.add(show.state);
      byState.add(e.user_id);
    }
  }
  const recorded = (await recordedShowNames(trx)).filter((n) => names.has(normaliseShowName(n)));
  for (const r of await recordHolders(trx, recorded))
    people.get(r.user_id)?.showNames.add(normaliseShowName(r.show_name));
  for (const h of await horseDivisionsOfPeople(trx, [...byState]))
    people.get(h.user_id)?.divisionIds.add(h.division_id);
  return people;
}

/**
 * Tells the people each new show concerns (ADR 023, src/domain/notifications/new-show-reach.ts), inside the caller's
 * transaction: a person who hears of one show gets "New show added: …" linking to it; one who hears of
 * several at once (a calendar import) gets a single summary ("12 new shows added in Tennessee."). With
 * `importId` (a calendar import sent in batches), a person's notice from an earlier batch of the same
 * import is replaced by one summary of all the shows. Returns the live event to publish after commit.
 */
export async function announceNewShows(
  trx: Queryable,
  shows: readonly AnnouncedShow[],
  options: { importId?: string } = {},
): Promise<LiveEvent | null> {
  if (shows.length === 0) return null;
  const ids = shows.map((s) => s.id);
  // Every division a class belongs to ("Amateur Park Pleasure": park pleasure and amateur), not only its first.
  const divisions = new Map<string, Set<string>>();
  for (const c of await classNamesOfShows(trx, ids)) {
    const set = divisions.get(c.show_id) ?? new Set<string>();
    for (const d of divisionsForClassName(c.name)) set.add(d);
    divisions.set(c.show_id, set);
  }
  const now = new Date();
  const { importId } = options;
  const earlier = importId ? await readDigests(trx, importId, now) : new Map<string, never>();
  const notices: PersonalNotice[] = [];
  const digests: { userId: string; notificationId: string; locations: string[] }[] = [];
  const replaced: string[] = [];
  for (const [userId, ties] of await peopleTies(trx, shows)) {
    const theirs = shows.filter((s) =>
      hearsOfNewShow(ties, {
        name: s.name,
        location: s.location,
        divisionIds: [...(divisions.get(s.id) ?? [])],
      }),
    );
    const [only] = theirs;
    if (!only) continue;
    const before = earlier.get(userId);
    const locations = [...(before?.locations ?? []), ...theirs.map((s) => s.location)];
    const id = newId();
    notices.push(
      locations.length === 1
        ? { id, userId, type: "NewShow", message: newShowNotice(only), showId: only.id }
        : { id, userId, type: "NewShow", message: newShowsSummary(locations), showId: null },
    );
    if (before) replaced.push(before.notification_id);
    if (importId) digests.push({ userId, notificationId: id, locations });
  }
  await deleteNotifications(trx, replaced);
  if (importId) await writeDigests(trx, importId, digests, now);
  return createPersonalNotifications(trx, notices);
}

import type { EntryChoice, EntryChoices, MyEntry } from "#domain/contracts/entries.ts";
import type { EntryWarning } from "#domain/contracts/season.ts";
import { hasRole } from "#domain/people/roles.ts";
import { entriesTexts } from "#domain/texts/entries.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import type { Db } from "#server/db/client.ts";
import { knownRiders } from "#server/db/people-search.ts";
import { blockedWith } from "#server/db/relations.ts";
import type { ClassEntryTable } from "#server/db/schema.ts";
import { SHOWING, viewerWarnings } from "#server/features/roster/roster.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { notFound } from "#server/platform/errors.ts";
import { type EventBus, publishQuietly } from "#server/platform/events.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { barnNotices, sendBarnNotices } from "./entries.barn-notices.ts";
import { checkChoices, checkRosterWrites, mirrorEntries, unique } from "./entries.consent.ts";
import { canRemoveEntry } from "./entries.policy.ts";
import {
  byCreation,
  deleteEntry,
  deleteUserEntries,
  type EntryRow,
  findClass,
  findClassWithEntries,
  findEntry,
  listUserEntries,
  replaceEntries,
  saveScope,
  showExists,
} from "./entries.repository.ts";
import { allHorses, customerHorses, horsesOwnedBy, loadHorses } from "./entry-people.repository.ts";

export interface EntriesDeps {
  db: Db;
  bus: EventBus;
  log: { warn(obj: unknown, msg?: string): void };
}

const present = (row: EntryRow): MyEntry => ({
  id: row.id,
  classId: row.class_id,
  status: row.status,
  horseId: row.horse_id,
  horseName: row.horse_name,
  riderId: row.rider_id,
  riderName: row.rider_name,
  enteredBy: row.created_by === row.user_id ? null : { id: row.created_by, name: row.created_by_name },
  // Set by posted results (issue 22) on the entries of a matched horse.
  ...(row.placing ? { placing: row.placing } : {}),
});

const choiceKey = (c: { status: string; horseId: string | null; riderId: string | null }) =>
  JSON.stringify([c.status, c.horseId, c.riderId]);

export async function getMyShowEntries(db: Db, viewer: Viewer, showId: string): Promise<MyEntry[]> {
  if (!(await showExists(db.db, showId))) throw notFound(errorsTexts.showNotFound);
  const entries = await listUserEntries(db.db, viewer.id, showId);
  // Season warnings go on the viewer's showing entries only: without one here (most visits to a show),
  // the season's entries are not read at all.
  const warnings = entries.some((row) => SHOWING.has(row.status))
    ? await viewerWarnings(db, viewer)
    : new Map<string, EntryWarning[]>();
  return entries.map((row) => {
    const entry = present(row);
    const list = warnings.get(entry.id);
    return list ? { ...entry, warnings: list } : entry;
  });
}

export async function getMyClassEntries(
  db: Db,
  viewer: Viewer,
  showId: string,
  classId: string,
): Promise<MyEntry[]> {
  if (!(await findClass(db.db, showId, classId))) throw notFound(entriesTexts.denials.classNotFound);
  return (await listUserEntries(db.db, viewer.id, showId, classId)).map(present);
}

/**
 * Save: replace all of the viewer's entries for the class with the chosen set, mirror friend and
 * customer entries to their riders, and notify the barns of the horses entered. Only entries this
 * save adds are checked against the chooser rules, mirror and notify: an entry kept unchanged keeps
 * who made it (an entry mirrored onto the viewer stays "Entered by" its author, even with a horse
 * the viewer could not choose), and saving an unchanged dialog sends nothing twice. Mirroring and
 * barn notices follow the consent rules of ADR 008.
 *
 * It runs as one transaction no other save of the class interleaves with (`saveScope`): reads the
 * class with the viewer's entries in one statement, loads facts only for what the save adds (a
 * choice with no horse and no rider needs none), and writes the removed and added entries with
 * their mirrors (`replaceEntries`) and the barn notices. The answer is built from the rows the save
 * read and wrote, not read again.
 */
export async function saveClassEntries(
  deps: EntriesDeps,
  viewer: Viewer,
  showId: string,
  classId: string,
  choices: readonly EntryChoice[],
): Promise<MyEntry[]> {
  const chosen = [...new Map(choices.map((c) => [choiceKey(c), c])).values()];
  const { kind } = deps.db;
  const saved = await saveScope(
    deps.db,
    showId,
    classId,
  )(async (q) => {
    const found = await findClassWithEntries(q, viewer.id, showId, classId);
    if (!found) throw notFound(entriesTexts.denials.classNotFound);
    const { cls, entries: previous } = found;

    const kept = new Map(previous.map((r) => [choiceKey(rowChoice(r)), r]));
    const added = chosen.filter((c) => !kept.has(choiceKey(c)));
    const chosenKeys = new Set(chosen.map(choiceKey));
    // Entries no longer chosen go, and so does any second copy of a kept one.
    const removed = new Set(
      previous.filter((r) => {
        const key = choiceKey(rowChoice(r));
        return !chosenKeys.has(key) || kept.get(key) !== r;
      }),
    );
    // Saving the dialog as it was writes nothing (and so invalidates no one's cached roster).
    if (added.length === 0 && removed.size === 0) return { rows: previous, events: [] };

    const horses = await loadHorses(q, unique(added.map((c) => c.horseId)));
    const riders = await checkChoices(q, viewer, added, horses);

    const people = unique([
      ...added.map((c) => c.riderId),
      ...[...horses.values()].flatMap((h) => [...h.owners, ...h.trainers]),
    ]);
    const blocked = await blockedWith(q, viewer.id, people);
    // Mirrors go to riders other than the viewer (mayMirrorOnto), so they do not depend on the
    // viewer's own rows below and go in with them in one statement. Kept entries stay as they are.
    const mirrors = await mirrorEntries(q, viewer.id, added, blocked, showId, classId);
    await checkRosterWrites(q, viewer, mirrors.length);
    const notices = await barnNotices(q, viewer, [...added, ...mirrors], { horses, blocked });

    const createdAt = nowIso();
    const row = (userId: string, c: EntryChoice): ClassEntryTable => ({
      id: newId(),
      user_id: userId,
      show_id: showId,
      class_id: classId,
      status: c.status,
      horse_id: c.horseId,
      rider_id: c.riderId,
      placing: null,
      created_by: viewer.id,
      created_at: createdAt,
    });
    const own = added.map((c) => row(viewer.id, c));
    await replaceEntries(
      q,
      kind,
      [...removed].map((r) => r.id),
      [...own, ...mirrors.map((m) => row(m.riderId!, m))],
    );
    const events = await sendBarnNotices(q, deps.log, viewer, notices, cls);

    const named = (r: ClassEntryTable): EntryRow => ({
      ...r,
      horse_name: r.horse_id === null ? null : (horses.get(r.horse_id)?.name ?? null),
      rider_name: r.rider_id === null ? null : (riders.get(r.rider_id)?.name ?? null),
      created_by_name: viewer.name,
    });
    const rows = [...previous.filter((r) => !removed.has(r)), ...own.map(named)].sort(byCreation);
    return { rows, events };
  });
  await publishQuietly(deps.bus, saved.events, deps.log);
  return saved.rows.map(present);
}

const rowChoice = (r: EntryRow): EntryChoice => ({
  status: r.status as EntryChoice["status"],
  horseId: r.horse_id,
  riderId: r.rider_id,
});

/**
 * Removes one of the viewer's entries: how a rider takes an entry someone else's entry mirrored
 * onto their roster off it in one action. Anyone else's entry is "not found".
 */
export async function removeEntry(db: Db, viewer: Viewer, entryId: string): Promise<number> {
  const entry = await findEntry(db.db, entryId);
  if (!entry || !canRemoveEntry(viewer, entry)) throw notFound(entriesTexts.denials.entryNotFound);
  return deleteEntry(db.db, entryId, viewer.id);
}

/** Remove all: deletes every one of the viewer's entries for the class. */
export async function removeClassEntries(
  db: Db,
  viewer: Viewer,
  showId: string,
  classId: string,
): Promise<number> {
  return db.db.transaction().execute(async (trx) => {
    if (!(await findClass(trx, showId, classId))) throw notFound(entriesTexts.denials.classNotFound);
    return deleteUserEntries(trx, viewer.id, showId, classId);
  });
}

/** What the dialog's choosers offer this viewer (the same rules `entryChoiceDenial` checks). */
export async function getEntryChoices(db: Db, viewer: Viewer): Promise<EntryChoices> {
  const trainer = hasRole(viewer, "Trainer");
  const [ownHorses, riders, horses, customerRows] = await Promise.all([
    horsesOwnedBy(db.db, viewer.id),
    knownRiders(db.db, viewer.id),
    allHorses(db.db),
    trainer ? customerHorses(db.db, viewer.id) : Promise.resolve([]),
  ]);
  const customers = new Map<string, { id: string; name: string; horses: { id: string; name: string }[] }>();
  for (const row of customerRows) {
    const customer = customers.get(row.customer_id) ?? {
      id: row.customer_id,
      name: row.customer_name,
      horses: [],
    };
    customer.horses.push({ id: row.horse_id, name: row.horse_name });
    customers.set(row.customer_id, customer);
  }
  return { ownHorses, riders, customers: [...customers.values()], allHorses: horses };
}

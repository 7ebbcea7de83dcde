import type { EntryChoice, EntryChoices, MyEntry } from "#domain/contracts/entries.ts";
import { hasRole } from "#domain/roles.ts";
import { texts } from "#domain/texts.ts";
import type { Db } from "#server/db/client.ts";
import type { ClassEntryTable } from "#server/db/schema.ts";
import { type ChoiceFacts, entryChoiceDenial } from "#server/features/entries/entries.policy.ts";
import {
  allHorses,
  customerHorses,
  deleteUserEntries,
  type EntryRow,
  findClass,
  horsesOwnedBy,
  insertEntries,
  listImShowing,
  listUserEntries,
  loadHorses,
  loadPeople,
  ownedHorseIds,
  ridersList,
  showExists,
} from "#server/features/entries/entries.repository.ts";
import { createNotifications } from "#server/features/notifications/notifications.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, forbidden, notFound } from "#server/platform/errors.ts";
import { type EventBus, type LiveEvent, publishQuietly } from "#server/platform/events.ts";
import { newId, nowIso } from "#server/platform/ids.ts";

export interface EntriesDeps {
  db: Db;
  bus: EventBus;
  log: { warn(obj: unknown, msg?: string): void };
}

/** Entries that tell a horse's barn about it (spec section 4, "Barn notifications"). */
const BARN_STATUSES = new Set(["ImShowing", "HorseIsShowing", "CustomerIsShowing"]);

const present = (row: EntryRow): MyEntry => ({
  id: row.id,
  classId: row.class_id,
  status: row.status,
  horseId: row.horse_id,
  horseName: row.horse_name,
  riderId: row.rider_id,
  riderName: row.rider_name,
});

const choiceKey = (c: { status: string; horseId: string | null; riderId: string | null }) =>
  JSON.stringify([c.status, c.horseId, c.riderId]);

const unique = <T>(values: readonly (T | null)[]): T[] => [
  ...new Set(values.filter((v): v is T => v !== null)),
];

export async function getMyShowEntries(db: Db, viewer: Viewer, showId: string): Promise<MyEntry[]> {
  if (!(await showExists(db.db, showId))) throw notFound(texts.errors.showNotFound);
  return (await listUserEntries(db.db, viewer.id, showId)).map(present);
}

export async function getMyClassEntries(
  db: Db,
  viewer: Viewer,
  showId: string,
  classId: string,
): Promise<MyEntry[]> {
  if (!(await findClass(db.db, showId, classId))) throw notFound(texts.entries.denials.classNotFound);
  return (await listUserEntries(db.db, viewer.id, showId, classId)).map(present);
}

/**
 * Save: in one transaction, check every choice against the chooser rules, replace all of the
 * viewer's entries for the class with the chosen set, mirror friend and customer entries to their
 * riders, and notify the barns of the horses entered. Only entries this save adds (not the ones it
 * merely keeps) mirror and notify, so saving an unchanged dialog sends nothing twice.
 */
export async function saveClassEntries(
  deps: EntriesDeps,
  viewer: Viewer,
  showId: string,
  classId: string,
  choices: readonly EntryChoice[],
): Promise<MyEntry[]> {
  const chosen = [...new Map(choices.map((c) => [choiceKey(c), c])).values()];
  const events = await deps.db.db.transaction().execute(async (trx) => {
    const cls = await findClass(trx, showId, classId);
    if (!cls) throw notFound(texts.entries.denials.classNotFound);

    const horseIds = unique(chosen.map((c) => c.horseId));
    const personIds = unique(chosen.map((c) => c.riderId));
    const customerIds = hasRole(viewer, "Trainer")
      ? unique(chosen.map((c) => (c.status === "CustomerIsShowing" ? c.riderId : null)))
      : [];
    const horses = await loadHorses(trx, horseIds);
    const people = await loadPeople(trx, personIds);
    const customerMap = new Map<string, Set<string>>();
    for (const row of await customerHorses(trx, viewer.id, customerIds)) {
      const set = customerMap.get(row.customer_id) ?? new Set<string>();
      set.add(row.horse_id);
      customerMap.set(row.customer_id, set);
    }
    const facts: ChoiceFacts = {
      horses: new Set(horses.keys()),
      ownHorses: await ownedHorseIds(trx, viewer.id, horseIds),
      people: new Map([...people].map(([id, p]) => [id, p.roles])),
      customerHorses: customerMap,
    };
    for (const choice of chosen) {
      const denial = entryChoiceDenial(viewer, choice, facts);
      if (denial) throw denial.status === 403 ? forbidden(denial.message) : badRequest(denial.message);
    }

    const before = new Set(
      (await listUserEntries(trx, viewer.id, showId, classId)).map((r) =>
        choiceKey({ status: r.status, horseId: r.horse_id, riderId: r.rider_id }),
      ),
    );
    await deleteUserEntries(trx, viewer.id, showId, classId);
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
    await insertEntries(
      trx,
      chosen.map((c) => row(viewer.id, c)),
    );
    const added = chosen.filter((c) => !before.has(choiceKey(c)));

    const mirrors = await mirrorEntries(trx, added, showId, classId);
    await insertEntries(
      trx,
      mirrors.map((m) => row(m.riderId!, m)),
    );

    const live: LiveEvent[] = [];
    const entered = unique(
      [...added, ...mirrors].map((c) => (BARN_STATUSES.has(c.status) ? c.horseId : null)),
    );
    for (const horseId of entered) {
      const horse = horses.get(horseId);
      if (!horse) continue;
      const event = await createNotifications(
        trx,
        horse.barn.filter((id) => id !== viewer.id),
        {
          type: "BarnActivity",
          message: texts.entries.barnActivity(viewer.name, horse.name, cls.className, cls.showName),
          showId,
        },
      );
      if (event) live.push(event);
    }
    return live;
  });
  await publishQuietly(deps.bus, events, deps.log);
  return (await listUserEntries(deps.db.db, viewer.id, showId, classId)).map(present);
}

/**
 * Mirroring (spec section 4): FriendIsShowing with a rider, or CustomerIsShowing with rider and
 * horse, gives the rider an ImShowing entry with that horse, unless an identical one exists.
 */
async function mirrorEntries(
  trx: Parameters<typeof listImShowing>[0],
  added: readonly EntryChoice[],
  showId: string,
  classId: string,
): Promise<EntryChoice[]> {
  const wanted = added
    .filter(
      (c) =>
        (c.status === "FriendIsShowing" && c.riderId !== null) ||
        (c.status === "CustomerIsShowing" && c.riderId !== null && c.horseId !== null),
    )
    .map((c): EntryChoice => ({ status: "ImShowing", horseId: c.horseId, riderId: c.riderId }));
  if (wanted.length === 0) return [];
  const existing = await listImShowing(trx, unique(wanted.map((w) => w.riderId)), showId, classId);
  const taken = new Set(existing.map((e) => JSON.stringify([e.user_id, e.horse_id, e.rider_id])));
  const result: EntryChoice[] = [];
  for (const w of wanted) {
    const key = JSON.stringify([w.riderId, w.horseId, w.riderId]);
    if (taken.has(key)) continue;
    taken.add(key);
    result.push(w);
  }
  return result;
}

/** Remove all: deletes every one of the viewer's entries for the class. */
export async function removeClassEntries(
  db: Db,
  viewer: Viewer,
  showId: string,
  classId: string,
): Promise<number> {
  return db.db.transaction().execute(async (trx) => {
    if (!(await findClass(trx, showId, classId))) throw notFound(texts.entries.denials.classNotFound);
    return deleteUserEntries(trx, viewer.id, showId, classId);
  });
}

/** What the dialog's choosers offer this viewer (the same rules `entryChoiceDenial` checks). */
export async function getEntryChoices(db: Db, viewer: Viewer): Promise<EntryChoices> {
  const trainer = hasRole(viewer, "Trainer");
  const [ownHorses, riders, horses, customerRows] = await Promise.all([
    horsesOwnedBy(db.db, viewer.id),
    ridersList(db.db),
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

import type { EntryChoice } from "#domain/contracts/entries.ts";
import { hasRole } from "#domain/people/roles.ts";
import { formatWait } from "#domain/people/throttle.ts";
import { mayMirrorOnto, mirrorsToRider } from "#domain/roster/mirroring.ts";
import {
  ROSTER_WRITE_LIMIT,
  rosterWritesAllowed,
  rosterWriteWindow,
  untilNextWindow,
} from "#domain/roster/roster-writes.ts";
import { consentTexts } from "#domain/texts/consent.ts";
import type { Queryable } from "#server/db/client.ts";
import { barnMatesAmong, friendsAmong } from "#server/db/relations.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { denied, tooManyRequests } from "#server/platform/errors.ts";
import { type ChoiceFacts, entryChoiceDenial } from "./entries.policy.ts";
import { listImShowing } from "./entries.repository.ts";
import {
  customerHorses,
  type HorseFacts,
  loadPeople,
  ownedHorseIds,
  type Person,
} from "./entry-people.repository.ts";
import { countRosterWrites } from "./entry-quotas.repository.ts";

/**
 * What a save's added entries must pass before they are written (ADR 008, ADR 016): the chooser rules,
 * ties to the riders they mirror onto, the mirrors themselves, and the cap on writes to others' rosters.
 */

/** The values that are not null, each once. */
export const unique = <T>(values: readonly (T | null)[]): T[] => [
  ...new Set(values.filter((v): v is T => v !== null)),
];

/**
 * The per-actor cap on entries put on other people's rosters (issue 19, item 12): counted in the
 * save's transaction; a save over it is refused whole (429), and the rollback takes its count back.
 */
export async function checkRosterWrites(q: Queryable, viewer: Viewer, mirrored: number): Promise<void> {
  if (mirrored === 0) return;
  const now = new Date();
  const used = await countRosterWrites(q, viewer.id, rosterWriteWindow(now), mirrored);
  if (!rosterWritesAllowed(used)) {
    throw tooManyRequests(
      consentTexts.rosterWriteLimit(ROSTER_WRITE_LIMIT, formatWait(untilNextWindow(now))),
    );
  }
}

/**
 * Throws the first chooser rule an added choice breaks (`entryChoiceDenial`); returns the riders the
 * added choices name.
 */
export async function checkChoices(
  trx: Queryable,
  viewer: Viewer,
  added: readonly EntryChoice[],
  horses: ReadonlyMap<string, HorseFacts>,
): Promise<ReadonlyMap<string, Person>> {
  if (added.length === 0) return new Map();
  const horseIds = unique(added.map((c) => c.horseId));
  const customerIds = hasRole(viewer, "Trainer")
    ? unique(added.map((c) => (c.status === "CustomerIsShowing" ? c.riderId : null)))
    : [];
  const people = await loadPeople(trx, unique(added.map((c) => c.riderId)));
  const facts: ChoiceFacts = {
    horses: new Set(horses.keys()),
    ownHorses: await ownedHorseIds(trx, viewer.id, horseIds),
    people: new Map([...people].map(([id, p]) => [id, p.roles])),
    names: new Map([...people].map(([id, p]) => [id, p.name])),
    customerHorses: groupCustomerHorses(await customerHorses(trx, viewer.id, customerIds)),
    tied: await tiesAmong(trx, viewer.id, unique(added.filter(mirrorsToRider).map((c) => c.riderId))),
  };
  for (const choice of added) {
    const denial = entryChoiceDenial(viewer, choice, facts);
    if (denial) throw denied(denial);
  }
  return people;
}

/** The people among `ids` with a tie to the viewer: accepted friends, then barn mates. */
async function tiesAmong(trx: Queryable, viewerId: string, ids: readonly string[]): Promise<Set<string>> {
  const friends = await friendsAmong(trx, viewerId, ids);
  const rest = ids.filter((id) => !friends.has(id));
  return new Set([...friends, ...(await barnMatesAmong(trx, viewerId, rest))]);
}

const groupCustomerHorses = (rows: { customer_id: string; horse_id: string }[]) => {
  const map = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = map.get(row.customer_id) ?? new Set<string>();
    set.add(row.horse_id);
    map.set(row.customer_id, set);
  }
  return map;
};

/**
 * Mirroring (spec section 4): FriendIsShowing with a rider, or CustomerIsShowing with rider and
 * horse, gives the rider an ImShowing entry with that horse, unless an identical one exists or
 * the rider and the actor are in a block (ADR 008).
 */
export async function mirrorEntries(
  trx: Queryable,
  actorId: string,
  added: readonly EntryChoice[],
  blocked: ReadonlySet<string>,
  showId: string,
  classId: string,
): Promise<EntryChoice[]> {
  const wanted = added
    .filter(mirrorsToRider)
    .filter((c) => mayMirrorOnto(actorId, c.riderId, blocked))
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

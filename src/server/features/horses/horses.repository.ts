import type { Kysely, Transaction } from "kysely";
import type { PersonRef } from "#domain/contracts/people.ts";
import { parseRoles, type Role } from "#domain/people/roles.ts";
import { normaliseHorseName } from "#domain/results/horse-match.ts";
import { assignClassDates } from "#domain/shows/class-dates.ts";
import type { Database } from "#server/db/schema.ts";
import { newId, nowIso } from "#server/platform/ids.ts";

type Executor = Kysely<Database> | Transaction<Database>;

export interface HorseRow {
  id: string;
  name: string;
  gender: string | null;
  dateOfBirth: string;
  canters: boolean;
  pictureId: string | null;
  owners: PersonRef[];
  trainers: PersonRef[];
  ownerIds: string[];
  trainerIds: string[];
  divisions: string[];
}

export async function listOwnedHorses(db: Executor, userId: string) {
  return db
    .selectFrom("horse as h")
    .innerJoin("horse_owner as o", "o.horse_id", "h.id")
    .where("o.user_id", "=", userId)
    .select(["h.id", "h.name", "h.gender", "h.picture_id as pictureId"])
    .orderBy("h.name")
    .orderBy("h.id")
    .execute();
}

/** People linked to a set of horses through horse_owner or horse_trainer, in one query. */
export async function peopleOfHorses(
  db: Executor,
  table: "horse_owner" | "horse_trainer",
  horseIds: readonly string[],
): Promise<Map<string, PersonRef[]>> {
  const byHorse = new Map<string, PersonRef[]>();
  if (horseIds.length === 0) return byHorse;
  const rows = await db
    .selectFrom(`${table} as l`)
    .innerJoin("user as u", "u.id", "l.user_id")
    .where("l.horse_id", "in", horseIds)
    .select(["l.horse_id as horseId", "u.id", "u.name", "u.photo_id as photoId"])
    .orderBy("u.name")
    .execute();
  for (const { horseId, ...person } of rows) {
    const list = byHorse.get(horseId);
    if (list) list.push(person);
    else byHorse.set(horseId, [person]);
  }
  return byHorse;
}

export async function findHorse(db: Executor, id: string): Promise<HorseRow | undefined> {
  const horse = await db
    .selectFrom("horse")
    .select(["id", "name", "gender", "date_of_birth", "canters", "picture_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!horse) return undefined;
  const [owners, trainers, divisions] = await Promise.all([
    peopleOfHorses(db, "horse_owner", [id]),
    peopleOfHorses(db, "horse_trainer", [id]),
    db
      .selectFrom("horse_division as hd")
      .innerJoin("division as d", "d.id", "hd.division_id")
      .where("hd.horse_id", "=", id)
      .select("d.id")
      .orderBy("d.position")
      .execute(),
  ]);
  const ownerList = owners.get(id) ?? [];
  const trainerList = trainers.get(id) ?? [];
  return {
    id: horse.id,
    name: horse.name,
    gender: horse.gender,
    dateOfBirth: horse.date_of_birth,
    canters: Number(horse.canters) === 1,
    pictureId: horse.picture_id,
    owners: ownerList,
    trainers: trainerList,
    ownerIds: ownerList.map((p) => p.id),
    trainerIds: trainerList.map((p) => p.id),
    divisions: divisions.map((d) => d.id),
  };
}

/** Only the ownership links: what the permission checks need, without names or divisions. */
export async function findHorseAccess(db: Executor, id: string) {
  const horse = await db
    .selectFrom("horse")
    .select(["id", "name", "picture_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!horse) return undefined;
  const [owners, trainers] = await Promise.all([
    db.selectFrom("horse_owner").select("user_id").where("horse_id", "=", id).execute(),
    db.selectFrom("horse_trainer").select("user_id").where("horse_id", "=", id).execute(),
  ]);
  return {
    id: horse.id,
    name: horse.name,
    pictureId: horse.picture_id,
    ownerIds: owners.map((o) => o.user_id),
    trainerIds: trainers.map((t) => t.user_id),
  };
}

export async function recordsOfHorse(db: Executor, horseId: string) {
  return db
    .selectFrom("show_record")
    .select(["show_name as showName", "class_name as className", "placing"])
    .where("horse_id", "=", horseId)
    .execute();
}

export async function usersWithRoles(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { id: string; roles: Role[] }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom("user").select(["id", "roles"]).where("id", "in", unique).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, roles: parseRoles(r.roles) }]));
}

export interface HorseDetailsValues {
  name: string;
  dateOfBirth: string;
  gender: string | null;
  canters: boolean;
  divisions: readonly string[];
}

/**
 * A horse's name and its key for exact matching of printed names (migration 023): every write of a
 * name writes both, so the key never falls behind a rename.
 */
export const horseNameColumns = (name: string) => ({ name, name_key: normaliseHorseName(name) });

/**
 * The horses each normalised name is exactly: a horse's own name or a name it was printed under and
 * confirmed (`horse_alias`). Two indexed lookups for the names of one class, however many horses there are.
 */
export async function horsesNamedExactly(
  db: Executor,
  keys: readonly string[],
): Promise<Map<string, Set<string>>> {
  const byKey = new Map<string, Set<string>>();
  if (keys.length === 0) return byKey;
  const unique = [...new Set(keys)];
  const [named, aliased] = await Promise.all([
    db.selectFrom("horse").select(["id as horse_id", "name_key"]).where("name_key", "in", unique).execute(),
    db.selectFrom("horse_alias").select(["horse_id", "name_key"]).where("name_key", "in", unique).execute(),
  ]);
  for (const r of [...named, ...aliased])
    byKey.set(r.name_key, (byKey.get(r.name_key) ?? new Set()).add(r.horse_id));
  return byKey;
}

export async function insertHorse(
  trx: Transaction<Database>,
  values: HorseDetailsValues & { ownerIds: readonly string[]; trainerIds: readonly string[] },
): Promise<string> {
  const id = newId();
  await trx
    .insertInto("horse")
    .values({
      id,
      ...horseNameColumns(values.name),
      gender: values.gender,
      date_of_birth: values.dateOfBirth,
      canters: values.canters ? 1 : 0,
      picture_id: null,
      created_at: nowIso(),
    })
    .execute();
  await replaceDivisions(trx, id, values.divisions);
  await replacePeople(trx, id, values.ownerIds, values.trainerIds);
  return id;
}

export async function updateHorseDetails(
  trx: Transaction<Database>,
  id: string,
  values: HorseDetailsValues,
): Promise<void> {
  await trx
    .updateTable("horse")
    .set({
      ...horseNameColumns(values.name),
      gender: values.gender,
      date_of_birth: values.dateOfBirth,
      canters: values.canters ? 1 : 0,
    })
    .where("id", "=", id)
    .execute();
  await replaceDivisions(trx, id, values.divisions);
}

async function replaceDivisions(trx: Transaction<Database>, id: string, divisions: readonly string[]) {
  await trx.deleteFrom("horse_division").where("horse_id", "=", id).execute();
  const unique = [...new Set(divisions)];
  if (unique.length > 0) {
    await trx
      .insertInto("horse_division")
      .values(unique.map((division_id) => ({ horse_id: id, division_id })))
      .execute();
  }
}

export async function replacePeople(
  trx: Transaction<Database>,
  id: string,
  ownerIds: readonly string[],
  trainerIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom("horse_owner").where("horse_id", "=", id).execute();
  await trx.deleteFrom("horse_trainer").where("horse_id", "=", id).execute();
  const owners = [...new Set(ownerIds)];
  const trainers = [...new Set(trainerIds)];
  if (owners.length > 0) {
    await trx
      .insertInto("horse_owner")
      .values(owners.map((user_id) => ({ horse_id: id, user_id })))
      .execute();
  }
  if (trainers.length > 0) {
    await trx
      .insertInto("horse_trainer")
      .values(trainers.map((user_id) => ({ horse_id: id, user_id })))
      .execute();
  }
}

export async function setHorsePicture(trx: Transaction<Database>, id: string, pictureId: string) {
  await trx.updateTable("horse").set({ picture_id: pictureId }).where("id", "=", id).execute();
}

export interface UpcomingClass {
  showId: string;
  showName: string;
  location: string;
  startDate: string;
  endDate: string;
  classId: string;
  number: string;
  className: string;
  position: number;
  date: string;
}

/**
 * The horse's upcoming ImShowing and HorseIsShowing entries (any user's), one row per show and class.
 * An undated class gets its date from the spec's class-dates rule over the whole show, so the
 * schedule agrees with the show-detail screen; only classes dated today or later are kept.
 */
export async function upcomingShowings(
  db: Executor,
  horseId: string,
  today: string,
): Promise<UpcomingClass[]> {
  const entries = await db
    .selectFrom("class_entry as e")
    .innerJoin("show_class as c", (join) =>
      join.onRef("c.show_id", "=", "e.show_id").onRef("c.id", "=", "e.class_id"),
    )
    .innerJoin("show as s", "s.id", "e.show_id")
    .where("e.horse_id", "=", horseId)
    .where("e.status", "in", ["ImShowing", "HorseIsShowing"])
    .where("s.end_date", ">=", today)
    .select([
      "s.id as showId",
      "s.name as showName",
      "s.location",
      "s.start_date as startDate",
      "s.end_date as endDate",
      "c.id as classId",
      "c.number",
      "c.name as className",
      "c.position",
      "c.date",
    ])
    .execute();
  const needDates = [...new Set(entries.filter((e) => !e.date).map((e) => e.showId))];
  const effective = new Map<string, string>();
  if (needDates.length > 0) {
    const classes = await db
      .selectFrom("show_class")
      .select(["show_id", "id", "date"])
      .where("show_id", "in", needDates)
      .orderBy("show_id")
      .orderBy("position")
      .execute();
    for (const showId of needDates) {
      const show = entries.find((e) => e.showId === showId)!;
      const ofShow = classes.filter((c) => c.show_id === showId);
      const dates = assignClassDates(show, ofShow);
      ofShow.forEach((c, i) => {
        effective.set(`${showId}\u0000${c.id}`, dates[i] ?? show.startDate);
      });
    }
  }
  const seen = new Set<string>();
  const result: UpcomingClass[] = [];
  for (const e of entries) {
    const key = `${e.showId}\u0000${e.classId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const date = e.date ?? effective.get(key) ?? e.startDate;
    if (date < today) continue;
    result.push({ ...e, date });
  }
  return result.sort(
    (a, b) =>
      a.startDate.localeCompare(b.startDate) ||
      a.showId.localeCompare(b.showId) ||
      a.date.localeCompare(b.date) ||
      a.position - b.position,
  );
}

import type { Kysely } from "kysely";
import type { ShowRecord } from "#domain/contracts/records.ts";
import { parseRoles } from "#domain/people/roles.ts";
import type { Database } from "#server/db/schema.ts";
import { allWordsLike } from "#server/db/word-search.ts";
import { newId, nowIso } from "#server/platform/ids.ts";

/** Autocomplete suggests at most this many shows. */
export const PAST_SHOW_LIMIT = 10;

function recordsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("show_record as r")
    .innerJoin("horse as h", "h.id", "r.horse_id")
    .innerJoin("user as u", "u.id", "r.rider_id")
    .select([
      "r.id",
      "r.show_name as showName",
      "r.class_name as className",
      "r.show_date as showDate",
      "r.placing",
      "h.id as horseId",
      "h.name as horseName",
      "u.id as riderId",
      "u.name as riderName",
    ])
    .orderBy("r.show_date", "desc")
    .orderBy("r.id", "desc");
}

type Row = Awaited<ReturnType<ReturnType<typeof recordsQuery>["execute"]>>[number];

const present = ({ horseId, horseName, riderId, riderName, ...r }: Row): ShowRecord => ({
  ...r,
  horse: { id: horseId, name: horseName },
  rider: { id: riderId, name: riderName },
});

export async function recordsOwnedBy(db: Kysely<Database>, userId: string): Promise<ShowRecord[]> {
  return (await recordsQuery(db).where("r.owner_id", "=", userId).execute()).map(present);
}

export async function recordsForHorse(db: Kysely<Database>, horseId: string): Promise<ShowRecord[]> {
  return (await recordsQuery(db).where("r.horse_id", "=", horseId).execute()).map(present);
}

export async function findRecord(db: Kysely<Database>, id: string): Promise<ShowRecord | undefined> {
  const row = await recordsQuery(db).where("r.id", "=", id).executeTakeFirst();
  return row ? present(row) : undefined;
}

export async function horseOwners(db: Kysely<Database>, horseId: string) {
  const horse = await db.selectFrom("horse").select("id").where("id", "=", horseId).executeTakeFirst();
  if (!horse) return undefined;
  const owners = await db
    .selectFrom("horse_owner")
    .select("user_id")
    .where("horse_id", "=", horseId)
    .execute();
  return { id: horse.id, ownerIds: owners.map((o) => o.user_id) };
}

export async function findPerson(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom("user").select(["id", "roles"]).where("id", "=", id).executeTakeFirst();
  return row ? { id: row.id, roles: parseRoles(row.roles) } : undefined;
}

export async function insertRecord(
  db: Kysely<Database>,
  values: {
    ownerId: string;
    showName: string;
    className: string;
    showDate: string;
    placing: string;
    horseId: string;
    riderId: string;
  },
): Promise<string> {
  const id = newId();
  await db
    .insertInto("show_record")
    .values({
      id,
      owner_id: values.ownerId,
      show_name: values.showName,
      class_name: values.className,
      show_date: values.showDate,
      placing: values.placing,
      horse_id: values.horseId,
      rider_id: values.riderId,
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** Shows that ended before `today` whose name holds every word of the query. */
export async function pastShowsMatching(db: Kysely<Database>, query: string, today: string) {
  return db
    .selectFrom("show")
    .select(["id", "name", "start_date as startDate", "end_date as endDate", "location"])
    .where("end_date", "<", today)
    .where((eb) => eb.and(allWordsLike("name", query)))
    .orderBy("start_date", "desc")
    .orderBy("id")
    .limit(PAST_SHOW_LIMIT)
    .execute();
}

/** The show if it ended before `today`, with its revision (the version of its class list). */
export async function pastShow(db: Kysely<Database>, id: string, today: string) {
  return db
    .selectFrom("show")
    .select(["id", "revision"])
    .where("id", "=", id)
    .where("end_date", "<", today)
    .executeTakeFirst();
}

export async function classesOfShow(db: Kysely<Database>, showId: string) {
  return db
    .selectFrom("show_class")
    .select(["id", "number", "name"])
    .where("show_id", "=", showId)
    .orderBy("position")
    .execute();
}

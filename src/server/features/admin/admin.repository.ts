import { type Kysely, type SelectQueryBuilder, type SqlBool, sql, type Transaction } from "kysely";
import type { Role } from "#domain/people/roles.ts";
import { serializeRoles } from "#domain/people/roles.ts";
import { searchWords } from "#domain/shows/word-search.ts";
import type { DbKind } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { newId } from "#server/platform/ids.ts";

type Executor = Kysely<Database> | Transaction<Database>;

/** Where a page ends: the sorted column's value and the id of its last row; the next page starts after it. */
export interface PageKey {
  value: string;
  id: string;
}

/** A list's order: a column that is never empty, then the id, both the same way round. */
export interface ListOrder<C extends string> {
  column: C;
  descending: boolean;
}

/** The rows after `after` in `order`, sorted so: keyset paging over any allowed column. */
function ordered<S extends SelectQueryBuilder<Database, "user" | "horse" | "show", object>>(
  select: S,
  column: "name" | "email" | "date_of_birth" | "start_date" | "location",
  descending: boolean,
  after: PageKey | null,
): S {
  const past = descending ? "<" : ">";
  const direction = descending ? "desc" : "asc";
  let query = select;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb(sql.ref(column), past, after.value),
        eb.and([eb(sql.ref(column), "=", after.value), eb(sql.ref("id"), past, after.id)]),
      ]),
    ) as S;
  }
  return query.orderBy(sql.ref(column), direction).orderBy(sql.ref("id"), direction) as S;
}

const escapeLike = (word: string): string => word.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (column: string, word: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escapeLike(word)}%`} escape '\\'`;

export interface UserRow {
  id: string;
  name: string;
  email: string;
  roles: string;
  gender: string | null;
  date_of_birth: string | null;
}

const USER_COLUMNS = ["id", "name", "email", "roles", "gender", "date_of_birth"] as const;

/** One page of users in the order asked for: every search word in the name or the email. */
export async function listUsers(
  db: Executor,
  query: { q: string; order: ListOrder<"name" | "email">; after: PageKey | null; limit: number },
): Promise<UserRow[]> {
  let select = db.selectFrom("user").select(USER_COLUMNS);
  for (const word of searchWords(query.q)) {
    select = select.where((eb) => eb.or([like("name", word), like("email", word)]));
  }
  return ordered(select, query.order.column, query.order.descending, query.after)
    .limit(query.limit)
    .execute();
}

export interface AdminShowRow {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  location: string;
  is_ai_prediction: number;
}

/**
 * One page of shows in the order asked for: every search word in the name; upcoming are those ending today
 * or later (running shows too, as the planner lists them), past the others.
 */
export async function listAdminShows(
  db: Executor,
  query: {
    q: string;
    past: boolean;
    today: string;
    order: ListOrder<"start_date" | "name" | "location">;
    after: PageKey | null;
    limit: number;
  },
): Promise<AdminShowRow[]> {
  let select = db
    .selectFrom("show")
    .select(["id", "name", "start_date", "end_date", "location", "is_ai_prediction"])
    .where("end_date", query.past ? "<" : ">=", query.today);
  for (const word of searchWords(query.q)) select = select.where(like("name", word));
  return ordered(select, query.order.column, query.order.descending, query.after)
    .limit(query.limit)
    .execute();
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").select(USER_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export interface UserValues {
  name: string;
  email: string;
  roles: readonly Role[];
  gender: string | null;
  dateOfBirth: string | null;
}

const instant = (kind: DbKind) => (kind === "postgres" ? new Date() : new Date().toISOString());

/** A user without a password: they sign in by the emailed link (magic link) and may set one later. */
export async function insertUser(db: Executor, kind: DbKind, values: UserValues): Promise<string> {
  const id = newId();
  const now = instant(kind);
  await db
    .insertInto("user")
    .values({
      id,
      name: values.name,
      email: values.email.toLowerCase(),
      email_verified: kind === "postgres" ? false : 0,
      image: null,
      roles: serializeRoles(values.roles),
      gender: values.gender,
      date_of_birth: values.dateOfBirth,
      photo_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateUser(db: Executor, kind: DbKind, id: string, values: UserValues): Promise<void> {
  await db
    .updateTable("user")
    .set({
      name: values.name,
      email: values.email.toLowerCase(),
      roles: serializeRoles(values.roles),
      gender: values.gender,
      date_of_birth: values.dateOfBirth,
      updated_at: instant(kind),
    })
    .where("id", "=", id)
    .execute();
}

/** Admins other than `exceptId`; on PostgreSQL their rows stay locked until the transaction ends. */
export async function otherAdminCount(trx: Transaction<Database>, kind: DbKind, exceptId: string) {
  let select = trx
    .selectFrom("user")
    .select("id")
    .where("roles", "like", "%Admin%")
    .where("id", "<>", exceptId);
  if (kind === "postgres") select = select.forUpdate();
  return (await select.execute()).length;
}

export async function sessionIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom("session").select("id").where("user_id", "=", userId).execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes a user and everything that is theirs. The foreign keys cascade to their sessions, account,
 * entries (as the person, the rider or the author), show records, friendships, requests, blocks,
 * notifications, read marks and their places on horses; their pictures go here, except a horse's
 * picture they uploaded, which stays with the horse.
 */
export async function deleteUserCascade(trx: Transaction<Database>, userId: string): Promise<void> {
  const photo = await trx.selectFrom("user").select("photo_id").where("id", "=", userId).executeTakeFirst();
  // Before the user row goes: its deletion sets image.owner_id to null, and their images could no longer be found.
  const horsePictures = trx.selectFrom("horse").select("picture_id").where("picture_id", "is not", null);
  await trx
    .deleteFrom("image")
    .where((eb) => {
      const theirs = eb("owner_id", "=", userId);
      return photo?.photo_id ? eb.or([theirs, eb("id", "=", photo.photo_id)]) : theirs;
    })
    .where("id", "not in", horsePictures)
    .execute();
  await trx.deleteFrom("barn_notice_quota").where("actor_id", "=", userId).execute();
  await trx.deleteFrom("user").where("id", "=", userId).execute();
}

export interface HorseListRow {
  id: string;
  name: string;
  gender: string | null;
  date_of_birth: string;
  canters: number;
}

/** One page of horses in the order asked for: every search word in the name. */
export async function listHorses(
  db: Executor,
  query: { q: string; order: ListOrder<"name" | "date_of_birth">; after: PageKey | null; limit: number },
): Promise<HorseListRow[]> {
  let select = db.selectFrom("horse").select(["id", "name", "gender", "date_of_birth", "canters"]);
  for (const word of searchWords(query.q)) select = select.where(like("name", word));
  return ordered(select, query.order.column, query.order.descending, query.after)
    .limit(query.limit)
    .execute();
}

export async function divisionsOfHorses(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom("horse_division as hd")
    .innerJoin("division as d", "d.id", "hd.division_id")
    .where("hd.horse_id", "in", ids)
    .select(["hd.horse_id", "d.id"])
    .orderBy("d.position")
    .execute();
  for (const r of rows) map.set(r.horse_id, [...(map.get(r.horse_id) ?? []), r.id]);
  return map;
}

/** The horses `userId` owns that nobody else owns, by name. */
export async function soleOwnedHorses(db: Executor, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom("horse_owner as o")
    .innerJoin("horse as h", "h.id", "o.horse_id")
    .select(["h.id", "h.name"])
    .where("o.user_id", "=", userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("horse_owner as other")
            .select("other.horse_id")
            .whereRef("other.horse_id", "=", "o.horse_id")
            .where("other.user_id", "<>", userId),
        ),
      ),
    )
    .orderBy("h.name")
    .orderBy("h.id")
    .execute();
}

/** Gives `from`'s horses to `to`: `to` becomes an owner, and `from`'s show records of them become `to`'s. */
export async function transferHorses(
  trx: Transaction<Database>,
  horseIds: readonly string[],
  from: string,
  to: string,
): Promise<void> {
  if (horseIds.length === 0) return;
  await trx
    .insertInto("horse_owner")
    .values(horseIds.map((horse_id) => ({ horse_id, user_id: to })))
    .onConflict((oc) => oc.columns(["horse_id", "user_id"]).doNothing())
    .execute();
  await trx
    .updateTable("show_record")
    .set({ owner_id: to })
    .where("owner_id", "=", from)
    .where("horse_id", "in", horseIds)
    .execute();
}

/** Deletes a horse; entries, records, owners, trainers and divisions go with it (foreign keys), and its picture. */
export async function deleteHorseCascade(trx: Transaction<Database>, id: string): Promise<boolean> {
  const horse = await trx.selectFrom("horse").select("picture_id").where("id", "=", id).executeTakeFirst();
  if (!horse) return false;
  await trx.deleteFrom("horse").where("id", "=", id).execute();
  if (horse.picture_id) await trx.deleteFrom("image").where("id", "=", horse.picture_id).execute();
  return true;
}

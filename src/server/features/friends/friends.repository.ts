import type { Kysely, Transaction } from "kysely";
import type { PersonRef } from "#domain/contracts/people.ts";
import type { Database } from "#server/db/schema.ts";
import { allWordsLike } from "#server/db/word-search.ts";

type Executor = Kysely<Database> | Transaction<Database>;

/** At most this many people per search; the dialog asks for a more specific name beyond that. */
export const SEARCH_LIMIT = 25;

export async function listFriends(db: Executor, userId: string): Promise<PersonRef[]> {
  return db
    .selectFrom("friendship as f")
    .innerJoin("user as u", "u.id", "f.friend_id")
    .where("f.user_id", "=", userId)
    .select(["u.id", "u.name", "u.photo_id as photoId"])
    .orderBy("u.name")
    .orderBy("u.id")
    .execute();
}

export async function searchUsers(db: Executor, userId: string, query: string) {
  return db
    .selectFrom("user as u")
    .leftJoin("friendship as f", (join) =>
      join.onRef("f.friend_id", "=", "u.id").on("f.user_id", "=", userId),
    )
    .where("u.id", "<>", userId)
    .where((eb) => eb.and(allWordsLike("u.name", query)))
    .select(["u.id", "u.name", "u.photo_id as photoId", "f.user_id as friendOf"])
    .orderBy("u.name")
    .orderBy("u.id")
    .limit(SEARCH_LIMIT)
    .execute();
}

export async function userExists(db: Executor, id: string): Promise<boolean> {
  return !!(await db.selectFrom("user").select("id").where("id", "=", id).executeTakeFirst());
}

/** Both directions, each ignored if present: mutual and duplicate-free, even under a race. */
export async function addFriendship(trx: Transaction<Database>, a: string, b: string, at: string) {
  await trx
    .insertInto("friendship")
    .values([
      { user_id: a, friend_id: b, created_at: at },
      { user_id: b, friend_id: a, created_at: at },
    ])
    .onConflict((oc) => oc.columns(["user_id", "friend_id"]).doNothing())
    .execute();
}

export async function removeFriendship(trx: Transaction<Database>, a: string, b: string) {
  await trx
    .deleteFrom("friendship")
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "=", a), eb("friend_id", "=", b)]),
        eb.and([eb("user_id", "=", b), eb("friend_id", "=", a)]),
      ]),
    )
    .execute();
}

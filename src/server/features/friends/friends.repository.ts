import type { Kysely, Transaction } from "kysely";
import type { PersonRef } from "#domain/contracts/people.ts";
import { PEOPLE_SEARCH_LIMIT, type PeopleQuery } from "#domain/people/people-search.ts";
import { distinguishing, findableIds } from "#server/db/people-search.ts";
import type { Database } from "#server/db/schema.ts";

type Executor = Kysely<Database> | Transaction<Database>;

/** Accepted friends only: requests live in `friend_request` until accepted. */
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

/**
 * Add Friends (issue 34, item 7): the people the viewer may find with `query` (people they know first, others
 * only if findable; db/people-search.ts), with how each relates to the viewer.
 */
export async function searchUsers(db: Executor, userId: string, query: PeopleQuery) {
  const found = await findableIds(db, userId, query, PEOPLE_SEARCH_LIMIT);
  if (found.length === 0) return [];
  const rows = await db
    .selectFrom("user as u")
    .leftJoin("friendship as f", (join) =>
      join.onRef("f.friend_id", "=", "u.id").on("f.user_id", "=", userId),
    )
    .leftJoin("friend_request as sent", (join) =>
      join.onRef("sent.addressee_id", "=", "u.id").on("sent.requester_id", "=", userId),
    )
    .leftJoin("friend_request as got", (join) =>
      join.onRef("got.requester_id", "=", "u.id").on("got.addressee_id", "=", userId),
    )
    .leftJoin("user_block as b", (join) =>
      join.onRef("b.blocked_id", "=", "u.id").on("b.blocker_id", "=", userId),
    )
    .where(
      "u.id",
      "in",
      found.map((f) => f.id),
    )
    .select([
      "u.id",
      "u.name",
      "u.photo_id as photoId",
      "f.user_id as friendOf",
      "sent.created_at as sentAt",
      "got.created_at as gotAt",
      "b.created_at as blockedAt",
    ])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const details = await distinguishing(db, [...byId.keys()]);
  return found.flatMap(({ id }) => {
    const row = byId.get(id);
    return row ? [{ ...row, town: details.get(id)?.town ?? null, barn: details.get(id)?.barn ?? null }] : [];
  });
}

export async function findPerson(db: Executor, id: string): Promise<PersonRef | undefined> {
  return db
    .selectFrom("user")
    .select(["id", "name", "photo_id as photoId"])
    .where("id", "=", id)
    .executeTakeFirst();
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

export async function areFriends(db: Executor, a: string, b: string): Promise<boolean> {
  return !!(await db
    .selectFrom("friendship")
    .select("user_id")
    .where("user_id", "=", a)
    .where("friend_id", "=", b)
    .executeTakeFirst());
}

export interface RequestRow {
  requesterId: string;
  addresseeId: string;
  ignoredAt: string | null;
}

export async function findRequest(
  db: Executor,
  requesterId: string,
  addresseeId: string,
): Promise<RequestRow | undefined> {
  return db
    .selectFrom("friend_request")
    .select(["requester_id as requesterId", "addressee_id as addresseeId", "ignored_at as ignoredAt"])
    .where("requester_id", "=", requesterId)
    .where("addressee_id", "=", addresseeId)
    .executeTakeFirst();
}

/** Returns whether this call stored the request (false when a racing call already had). */
export async function insertRequest(
  trx: Transaction<Database>,
  requesterId: string,
  addresseeId: string,
  at: string,
): Promise<boolean> {
  const result = await trx
    .insertInto("friend_request")
    .values({ requester_id: requesterId, addressee_id: addresseeId, created_at: at, ignored_at: null })
    .onConflict((oc) => oc.columns(["requester_id", "addressee_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes the requests between two people, both directions. */
export async function deleteRequests(trx: Transaction<Database>, a: string, b: string) {
  await trx
    .deleteFrom("friend_request")
    .where((eb) =>
      eb.or([
        eb.and([eb("requester_id", "=", a), eb("addressee_id", "=", b)]),
        eb.and([eb("requester_id", "=", b), eb("addressee_id", "=", a)]),
      ]),
    )
    .execute();
}

/** Deletes the one request `requesterId` sent `addresseeId`; says whether there was one. */
export async function deleteRequest(
  db: Executor,
  requesterId: string,
  addresseeId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("friend_request")
    .where("requester_id", "=", requesterId)
    .where("addressee_id", "=", addresseeId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function markIgnored(db: Executor, requesterId: string, addresseeId: string, at: string) {
  await db
    .updateTable("friend_request")
    .set({ ignored_at: at })
    .where("requester_id", "=", requesterId)
    .where("addressee_id", "=", addresseeId)
    .where("ignored_at", "is", null)
    .execute();
}

/** Requests to the user that they have not ignored, oldest first. */
export async function listIncoming(db: Executor, userId: string): Promise<PersonRef[]> {
  return db
    .selectFrom("friend_request as r")
    .innerJoin("user as u", "u.id", "r.requester_id")
    .where("r.addressee_id", "=", userId)
    .where("r.ignored_at", "is", null)
    .select(["u.id", "u.name", "u.photo_id as photoId"])
    .orderBy("r.created_at")
    .orderBy("u.id")
    .execute();
}

/** Requests the user has sent and that are not yet accepted (ignored ones included). */
export async function listOutgoing(db: Executor, userId: string): Promise<PersonRef[]> {
  return db
    .selectFrom("friend_request as r")
    .innerJoin("user as u", "u.id", "r.addressee_id")
    .where("r.requester_id", "=", userId)
    .select(["u.id", "u.name", "u.photo_id as photoId"])
    .orderBy("u.name")
    .orderBy("u.id")
    .execute();
}

export async function isBlockedBy(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  return !!(await db
    .selectFrom("user_block")
    .select("blocker_id")
    .where("blocker_id", "=", blockerId)
    .where("blocked_id", "=", blockedId)
    .executeTakeFirst());
}

export async function insertBlock(
  trx: Transaction<Database>,
  blockerId: string,
  blockedId: string,
  at: string,
) {
  await trx
    .insertInto("user_block")
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
    .onConflict((oc) => oc.columns(["blocker_id", "blocked_id"]).doNothing())
    .execute();
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string) {
  await db
    .deleteFrom("user_block")
    .where("blocker_id", "=", blockerId)
    .where("blocked_id", "=", blockedId)
    .execute();
}

export async function listBlocked(db: Executor, userId: string): Promise<PersonRef[]> {
  return db
    .selectFrom("user_block as b")
    .innerJoin("user as u", "u.id", "b.blocked_id")
    .where("b.blocker_id", "=", userId)
    .select(["u.id", "u.name", "u.photo_id as photoId"])
    .orderBy("u.name")
    .orderBy("u.id")
    .execute();
}

/** Deletes the entries on `holderId`'s roster that `authorId`'s entries mirrored there. */
export async function deleteEntriesMadeBy(trx: Transaction<Database>, holderId: string, authorId: string) {
  const result = await trx
    .deleteFrom("class_entry")
    .where("user_id", "=", holderId)
    .where("created_by", "=", authorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

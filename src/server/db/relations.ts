import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

/**
 * Lookups of who is related to whom (ADR 008), shared by the features that act on other people:
 * entries (mirroring, barn notifications) and friends (requests, blocks).
 */
type Executor = Kysely<Database> | Transaction<Database>;

/** The people among `ids` in a block with `userId`, in either direction. */
export async function blockedWith(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = [...ids];
  const rows = await db
    .selectFrom("user_block")
    .select("blocked_id as id")
    .where("blocker_id", "=", userId)
    .where("blocked_id", "in", list)
    .union(
      db
        .selectFrom("user_block")
        .select("blocker_id as id")
        .where("blocked_id", "=", userId)
        .where("blocker_id", "in", list),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The people among `ids` who are `userId`'s accepted friends. */
export async function friendsAmong(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("friendship")
    .select("friend_id")
    .where("user_id", "=", userId)
    .where("friend_id", "in", [...ids])
    .execute();
  return new Set(rows.map((r) => r.friend_id));
}

import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

/**
 * Lookups of who is related to whom (ADR 008), shared by the features that act on other people:
 * entries (mirroring, barn notifications, consent with a tie), friends (requests, blocks), and the
 * notices of show day and results (a horse's owners and trainers).
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

/** The blocks among `ids`, either direction, as `a|b` keys both ways round: one statement for many people. */
export async function blocksAmong(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length < 2) return new Set();
  const list = [...ids];
  const rows = await db
    .selectFrom("user_block")
    .select(["blocker_id", "blocked_id"])
    .where("blocker_id", "in", list)
    .where("blocked_id", "in", list)
    .execute();
  return new Set(rows.flatMap((r) => [`${r.blocker_id}|${r.blocked_id}`, `${r.blocked_id}|${r.blocker_id}`]));
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

/**
 * The people among `ids` who share a horse with `userId`: each owns or trains a horse the other owns
 * or trains (their barn, for consent with a tie).
 */
export async function barnMatesAmong(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const horsePeople = (alias: "p" | "mine") =>
    db
      .selectFrom("horse_owner")
      .select(["horse_id", "user_id"])
      .unionAll(db.selectFrom("horse_trainer").select(["horse_id", "user_id"]))
      .as(alias);
  const rows = await db
    .selectFrom(horsePeople("p"))
    .select("p.user_id as id")
    .distinct()
    .where("p.user_id", "in", [...ids])
    .where("p.horse_id", "in", (eb) =>
      eb.selectFrom(horsePeople("mine")).select("mine.horse_id").where("mine.user_id", "=", userId),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Owners and trainers of the horses, by horse. */
export async function horsePeople(db: Executor, horseIds: readonly string[]): Promise<Map<string, string[]>> {
  const people = new Map<string, string[]>();
  if (horseIds.length === 0) return people;
  const ids = [...horseIds];
  const rows = await db
    .selectFrom("horse_owner")
    .select(["horse_id", "user_id"])
    .where("horse_id", "in", ids)
    .unionAll(db.selectFrom("horse_trainer").select(["horse_id", "user_id"]).where("horse_id", "in", ids))
    .execute();
  for (const r of rows) people.set(r.horse_id, [...(people.get(r.horse_id) ?? []), r.user_id]);
  return people;
}

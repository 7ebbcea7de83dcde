import { sql } from "kysely";
import { parseRoles, type Role } from "#domain/people/roles.ts";
import type { Queryable } from "#server/db/client.ts";

/** The horses and people a class entry names, and those the entry dialog offers. */
export interface HorseFacts {
  id: string;
  name: string;
  owners: string[];
  trainers: string[];
}

/** The named horses with their owners and trainers: two queries whatever the count. */
export async function loadHorses(
  db: Queryable,
  horseIds: readonly string[],
): Promise<Map<string, HorseFacts>> {
  const result = new Map<string, HorseFacts>();
  if (horseIds.length === 0) return result;
  const ids = [...horseIds];
  const horses = await db.selectFrom("horse").select(["id", "name"]).where("id", "in", ids).execute();
  for (const h of horses) result.set(h.id, { id: h.id, name: h.name, owners: [], trainers: [] });
  const people = await db
    .selectFrom("horse_owner")
    .select(["horse_id", "user_id", sql<string>`'owner'`.as("role")])
    .where("horse_id", "in", ids)
    .unionAll(
      db
        .selectFrom("horse_trainer")
        .select(["horse_id", "user_id", sql<string>`'trainer'`.as("role")])
        .where("horse_id", "in", ids),
    )
    .execute();
  for (const p of people) {
    const horse = result.get(p.horse_id);
    if (horse) (p.role === "owner" ? horse.owners : horse.trainers).push(p.user_id);
  }
  return result;
}

export async function ownedHorseIds(
  db: Queryable,
  userId: string,
  horseIds: readonly string[],
): Promise<Set<string>> {
  if (horseIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("horse_owner")
    .select("horse_id")
    .where("user_id", "=", userId)
    .where("horse_id", "in", [...horseIds])
    .execute();
  return new Set(rows.map((r) => r.horse_id));
}

export interface Person {
  id: string;
  name: string;
  roles: Role[];
}

export async function loadPeople(db: Queryable, userIds: readonly string[]): Promise<Map<string, Person>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("user")
    .select(["id", "name", "roles"])
    .where("id", "in", [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, roles: parseRoles(r.roles) }]));
}

/**
 * The trainer's customers among `customerIds` (or all of them when omitted): owners of horses the
 * trainer trains, other than the trainer, with those horses.
 */
export async function customerHorses(
  db: Queryable,
  trainerId: string,
  customerIds?: readonly string[],
): Promise<{ customer_id: string; customer_name: string; horse_id: string; horse_name: string }[]> {
  if (customerIds && customerIds.length === 0) return [];
  let query = db
    .selectFrom("horse_trainer as t")
    .innerJoin("horse_owner as o", "o.horse_id", "t.horse_id")
    .innerJoin("user as u", "u.id", "o.user_id")
    .innerJoin("horse as h", "h.id", "t.horse_id")
    .where("t.user_id", "=", trainerId)
    .where("o.user_id", "<>", trainerId);
  if (customerIds) query = query.where("o.user_id", "in", [...customerIds]);
  return query
    .select([
      "o.user_id as customer_id",
      "u.name as customer_name",
      "h.id as horse_id",
      "h.name as horse_name",
    ])
    .orderBy("u.name")
    .orderBy("h.name")
    .execute();
}

export async function horsesOwnedBy(db: Queryable, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom("horse as h")
    .innerJoin("horse_owner as o", "o.horse_id", "h.id")
    .where("o.user_id", "=", userId)
    .select(["h.id", "h.name"])
    .orderBy("h.name")
    .orderBy("h.id")
    .execute();
}

export async function allHorses(db: Queryable): Promise<{ id: string; name: string }[]> {
  return db.selectFrom("horse").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}

import type { Kysely } from "kysely";
import type { PersonRef } from "#domain/contracts/people.ts";
import type { Database } from "#server/db/schema.ts";

/**
 * Roles are one normalised comma-separated column (see roles.ts), so a role test is a LIKE on it:
 * portable across SQLite and PostgreSQL, and the lists are small (people, not entries).
 */
export async function ownerChoices(db: Kysely<Database>): Promise<PersonRef[]> {
  return db
    .selectFrom("user")
    .select(["id", "name", "photo_id as photoId"])
    .where("roles", "not like", "%Admin%")
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function trainerChoices(db: Kysely<Database>): Promise<PersonRef[]> {
  return db
    .selectFrom("user")
    .select(["id", "name", "photo_id as photoId"])
    .where("roles", "like", "%Trainer%")
    .orderBy("name")
    .orderBy("id")
    .execute();
}

/** The named people with their roles, in the order of `ids`. */
export async function peopleByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<(PersonRef & { roles: string })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("user")
    .select(["id", "name", "photo_id as photoId", "roles"])
    .where("id", "in", [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function readFindability(
  db: Kysely<Database>,
  userId: string,
): Promise<{ findable: boolean; town: string | null }> {
  const row = await db
    .selectFrom("user")
    .select(["findable", "town"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return { findable: Number(row.findable) === 1, town: row.town };
}

export async function writeFindability(
  db: Kysely<Database>,
  userId: string,
  values: { findable: boolean; town: string | null },
): Promise<void> {
  await db
    .updateTable("user")
    .set({ findable: values.findable ? 1 : 0, town: values.town })
    .where("id", "=", userId)
    .execute();
}

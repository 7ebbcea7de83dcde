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

import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export async function listTrainedHorses(db: Kysely<Database>, trainerId: string) {
  return db
    .selectFrom("horse as h")
    .innerJoin("horse_trainer as t", "t.horse_id", "h.id")
    .where("t.user_id", "=", trainerId)
    .select(["h.id", "h.name", "h.gender", "h.picture_id as pictureId"])
    .orderBy("h.name")
    .orderBy("h.id")
    .execute();
}

/** Owners of many horses in one query (no query per card). */
export async function ownersOf(db: Kysely<Database>, horseIds: readonly string[]) {
  if (horseIds.length === 0) return [];
  return db
    .selectFrom("horse_owner as o")
    .innerJoin("user as u", "u.id", "o.user_id")
    .where("o.horse_id", "in", horseIds)
    .select(["o.horse_id as horseId", "u.id", "u.name", "u.photo_id as photoId"])
    .orderBy("u.name")
    .execute();
}

/** A user's name and stored roles, by id: what an invite greeting needs and nothing more. */
export async function findInviter(db: Kysely<Database>, userId: string) {
  return db.selectFrom("user").select(["id", "name", "roles"]).where("id", "=", userId).executeTakeFirst();
}

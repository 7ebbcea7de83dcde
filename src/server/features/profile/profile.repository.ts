import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

type Executor = Kysely<Database> | Transaction<Database>;

/** Another account with this email, compared case-insensitively (the unique index is on lower(email)). */
export async function emailTakenByOther(db: Executor, email: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("id", "<>", userId)
    .executeTakeFirst();
  return !!row;
}

export async function updateProfile(
  db: Executor,
  userId: string,
  values: { name: string; email: string; dateOfBirth: string; gender: string | null },
  now: Date | string,
): Promise<void> {
  await db
    .updateTable("user")
    .set({
      name: values.name,
      email: values.email.toLowerCase(),
      date_of_birth: values.dateOfBirth,
      gender: values.gender,
      updated_at: now,
    })
    .where("id", "=", userId)
    .execute();
}

export async function findPhotoId(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom("user").select("photo_id").where("id", "=", userId).executeTakeFirst();
  return row?.photo_id ?? null;
}

export async function setPhoto(db: Executor, userId: string, photoId: string): Promise<void> {
  await db.updateTable("user").set({ photo_id: photoId }).where("id", "=", userId).execute();
}

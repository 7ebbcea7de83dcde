import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import type { ProcessedImage } from "#server/platform/images.ts";

type Executor = Kysely<Database> | Transaction<Database>;

export async function insertImage(db: Executor, ownerId: string, image: ProcessedImage): Promise<string> {
  const id = newId();
  await db
    .insertInto("image")
    .values({
      id,
      owner_id: ownerId,
      content_type: image.contentType,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      created_at: nowIso(),
    })
    .execute();
  return id;
}

export async function findImage(db: Executor, id: string) {
  return db
    .selectFrom("image")
    .select(["id", "content_type", "bytes"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Removes a picture nobody points at any more (the previous one after a change). */
export async function deleteImage(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("image").where("id", "=", id).execute();
}

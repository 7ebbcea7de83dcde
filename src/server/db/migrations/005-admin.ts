import type { Kysely } from "kysely";

/**
 * The Admin Panel pages users and horses by name (keyset on name, id), so a page is an index range
 * even with 20,000 users; a search narrows the same ordered walk.
 */
export function adminMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.createIndex("user_name_id").on("user").columns(["name", "id"]).execute();
      await db.schema.createIndex("horse_name_id").on("horse").columns(["name", "id"]).execute();
    },
  };
}

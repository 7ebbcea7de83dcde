import type { Kysely } from "kysely";

/**
 * The names a horse was printed under on results sheets (issue 22, ADR 026): when an admin or a
 * steward publishes results and confirms that a printed name short of an exact match is a horse,
 * the name is remembered for that horse, so the next sheet with that name matches it exactly.
 *
 * - `horse_alias`: the horse, the normalised name (`name_key`, what matching compares), the name as
 *   printed when it was confirmed, who confirmed it and when. One row per horse and normalised name;
 *   `horse_alias_name` finds the horses a printed name belongs to.
 */
export function horseAliasMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("horse_alias")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("horse_id", "text", (c) => c.notNull().references("horse.id").onDelete("cascade"))
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("printed", "text", (c) => c.notNull())
        .addColumn("confirmed_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("confirmed_at", "text", (c) => c.notNull())
        .addUniqueConstraint("horse_alias_horse_name", ["horse_id", "name_key"])
        .execute();
      await db.schema.createIndex("horse_alias_name").on("horse_alias").columns(["name_key"]).execute();
    },
  };
}

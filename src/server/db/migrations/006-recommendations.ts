import { type Kysely, sql } from "kysely";

/**
 * Indexes for the AI Season Plan, which reads every upcoming show of a season a page at a time:
 *
 * - `show_class (show_id, name)`: the page's distinct class names come from the index alone, and then only
 *   the classes whose names the rules engine found eligible are read, instead of every class of every show.
 * - `show_class (show_id) where date is not null` (partial): which shows date any class (the class-dates
 *   rule), without reading the undated rows.
 */
export function recommendationsMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createIndex("show_class_show_name")
        .on("show_class")
        .columns(["show_id", "name"])
        .execute();
      await db.schema
        .createIndex("show_class_dated")
        .on("show_class")
        .column("show_id")
        .where(sql.ref("date"), "is not", null)
        .execute();
    },
  };
}

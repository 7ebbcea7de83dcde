import type { Kysely } from "kysely";

/**
 * Quieter notifications (issue 24, ADR 023):
 *
 * - `push_settings.new_shows`: which new shows a person hears of: `near` (shows they have a tie to,
 *   the default), `all` or `none`. A person without a settings row has the default.
 * - `notification.show_deleted`: 1 once the show a notification was about has been deleted (its
 *   `show_id` is then set to null by the foreign key), so the list can say so instead of opening
 *   nothing.
 * - `new_show_digest`: per calendar import (the id its requests share; a long import comes in
 *   batches) and person, the notice they got and the locations of the shows it covers, so a later
 *   batch replaces that notice with one summary of all of them. Rows older than a day are dropped.
 */
export function quieterNotificationsMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable("push_settings")
        .addColumn("new_shows", "text", (c) => c.notNull().defaultTo("near"))
        .execute();
      await db.schema
        .alterTable("notification")
        .addColumn("show_deleted", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("new_show_digest")
        .addColumn("import_id", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("notification_id", "text", (c) => c.notNull())
        .addColumn("locations", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("new_show_digest_pk", ["import_id", "user_id"])
        .execute();
      await db.schema
        .createIndex("new_show_digest_time")
        .on("new_show_digest")
        .column("created_at")
        .execute();
    },
  };
}

import type { Kysely } from "kysely";

/**
 * Quieter notifications (issue 24, ADR 023):
 *
 * - `push_settings.new_shows`: which new shows a person hears of: `near` (shows they have a tie to,
 *   the default), `all` or `none`. A person without a settings row has the default.
 * - `notification.show_deleted`: 1 once the show a notification was about has been deleted (its
 *   `show_id` is then set to null by the foreign key), so the list can say so instead of opening
 *   nothing.
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
    },
  };
}

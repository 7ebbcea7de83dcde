import type { Kysely } from "kysely";

/**
 * Notifications about a class (issue 24 item 2, ADR 023):
 *
 * - `notification.class_id`: the class a notification is about (barn activity, show-day alerts,
 *   results), null for the others. A class's id is only unique within its show, so this is no
 *   foreign key: it is read together with `show_id`.
 * - `notification.class_deleted`: 1 once that class was removed from its show (the class editor and
 *   the show-day schedule editor), so the list can say so instead of opening nothing.
 */
export function notificationClassMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable("notification").addColumn("class_id", "text").execute();
      await db.schema
        .alterTable("notification")
        .addColumn("class_deleted", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("notification_show_class")
        .on("notification")
        .columns(["show_id", "class_id"])
        .execute();
    },
  };
}

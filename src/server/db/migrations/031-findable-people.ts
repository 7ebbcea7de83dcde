import type { Kysely } from "kysely";

/**
 * Who can be found by people who do not know them (issue 34, item 7; ADR 034):
 *
 * - `user.findable`: 1 when the person lets people outside their friends and barn find them by a search
 *   (three letters of their name, or their exact email). 0 for every account, existing and new, until the
 *   person turns it on under My Profile: nobody who signed up before the setting existed agreed to be
 *   listed to strangers, and privacy comes first.
 * - `user.town`: where they are from, as they write it, shown beside their name in search results so that
 *   two people of the same name can be told apart. Optional.
 */
export function findablePeopleMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable("user")
        .addColumn("findable", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("user").addColumn("town", "text").execute();
    },
  };
}

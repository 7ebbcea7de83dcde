import type { Kysely } from "kysely";
import { DEMO_ACCOUNT_IDS_KEY, DEMO_ACCOUNTS, DEMO_SEEDED_KEY } from "#server/db/seed/demo-accounts.ts";

/**
 * Security round 2 (issue 19, ADR 016):
 *
 * - `roster_write_quota`: how many entries each actor's saves put on other people's rosters in the
 *   current fixed window (item 12), counted in the database like `barn_notice_quota`, so app servers
 *   sharing PostgreSQL share one count. Keyed to `user` with ON DELETE CASCADE.
 * - `app_meta.demo_account_ids`: the accounts the demo seed created, the only ones the development
 *   outbox serves (item 2). The seed writes it; a database seeded before this migration gets it here,
 *   from the demo addresses present.
 */
export function securityRound2Migration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("roster_write_quota")
        .addColumn("actor_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("window_start", "text", (c) => c.notNull())
        .addColumn("used", "integer", (c) => c.notNull())
        .execute();

      const seeded = await db
        .selectFrom("app_meta")
        .select("key")
        .where("key", "=", DEMO_SEEDED_KEY)
        .executeTakeFirst();
      if (!seeded) return;
      const demoUsers = await db
        .selectFrom("user")
        .select("id")
        .where(
          "email",
          "in",
          DEMO_ACCOUNTS.map((a) => a.email),
        )
        .execute();
      await db
        .insertInto("app_meta")
        .values({ key: DEMO_ACCOUNT_IDS_KEY, value: JSON.stringify(demoUsers.map((u) => u.id)) })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    },
  };
}

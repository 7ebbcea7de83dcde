import type { Kysely } from "kysely";

/**
 * Issue 8 (ADR 007): our own sign-in throttle and the demo's one-time magic-link vouchers.
 *
 * - `auth_throttle`: one row per throttled key (an account's failed sign-ins, an address's window).
 *   Instants are epoch milliseconds in `bigint` on both engines; `last_at` is indexed for pruning.
 * - `demo_link`: in demo mode, the link a magic-link request sent, keyed by a hash of the nonce
 *   handed to the browser that asked. Taken once; gone after ten minutes.
 */
export function authHardeningMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("auth_throttle")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("last_at", "bigint", (c) => c.notNull())
        .addColumn("blocked_until", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("auth_throttle_last_at").on("auth_throttle").column("last_at").execute();

      await db.schema
        .createTable("demo_link")
        .addColumn("nonce_hash", "text", (c) => c.primaryKey())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("demo_link_expires_at").on("demo_link").column("expires_at").execute();
    },
  };
}

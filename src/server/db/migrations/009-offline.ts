import type { Kysely } from "kysely";

/**
 * Works at the show grounds (issue 11, ADR 013):
 *
 * - `idempotency_key`: a mutation the client may send again after a lost answer (its offline queue
 *   replays on reconnect) carries an `Idempotency-Key`. The first request claims the key for its user
 *   (a row with no status yet), the answer is stored when it is sent, and a later request with the
 *   same key gets that answer back without running again. `fingerprint` is a hash of the method, route,
 *   parameters and body, so one key cannot be reused for a different change. Keys are per user (the
 *   primary key), and rows older than a week are deleted.
 * - `calendar_feed`: each user's calendar feed. The secret token in its URL is an HMAC (keyed by
 *   AUTH_SECRET) of the user id and `salt`, so the app can show the URL again while the database holds
 *   only the salt and the token's SHA-256 hash (what a feed request is looked up by). A new salt makes a
 *   new token, and the old URL stops working. `content_hash` and `changed_at` are the feed's ETag and
 *   Last-Modified: the time the generated calendar last came out different.
 *
 * Both tables are keyed to `user` with ON DELETE CASCADE.
 */
export function offlineMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("idempotency_key")
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("fingerprint", "text", (c) => c.notNull())
        .addColumn("status_code", "integer")
        .addColumn("body", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("idempotency_key_pk", ["user_id", "key"])
        .execute();
      await db.schema
        .createIndex("idempotency_key_created")
        .on("idempotency_key")
        .column("created_at")
        .execute();

      await db.schema
        .createTable("calendar_feed")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("salt", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("content_hash", "text")
        .addColumn("changed_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}

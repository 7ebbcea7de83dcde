import { type Kysely, sql } from "kysely";

/**
 * People act on others only with consent (ADR 008):
 *
 * - `friend_request`: one pending request per ordered pair. `ignored_at` is set when the addressee
 *   ignores it; the requester keeps seeing "Requested" and cannot send it again. Accepting deletes
 *   it and writes the mutual `friendship` rows (existing friendships stay as they are).
 * - `user_block`: who blocked whom. A block in either direction stops mirroring, barn notifications
 *   and friend requests between the two.
 * - `barn_notice_quota`: each actor's barn notifications in the current fixed window, counted in
 *   the database so every app server on PostgreSQL shares one count.
 *
 * Every table is keyed to `user` with ON DELETE CASCADE, so deleting a user cleans them up.
 * `class_entry.created_by` gets an index: removing a blocked person's entries looks entries up by
 * it, and so does the cascade when a user is deleted (PostgreSQL does not index foreign keys).
 */
export function consentMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("friend_request")
        .addColumn("requester_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("addressee_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("ignored_at", "text")
        .addPrimaryKeyConstraint("friend_request_pk", ["requester_id", "addressee_id"])
        .addCheckConstraint("friend_request_not_self", sql`requester_id <> addressee_id`)
        .execute();
      await db.schema
        .createIndex("friend_request_addressee")
        .on("friend_request")
        .columns(["addressee_id", "created_at"])
        .execute();

      await db.schema
        .createTable("user_block")
        .addColumn("blocker_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("blocked_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("user_block_pk", ["blocker_id", "blocked_id"])
        .addCheckConstraint("user_block_not_self", sql`blocker_id <> blocked_id`)
        .execute();
      await db.schema.createIndex("user_block_blocked").on("user_block").column("blocked_id").execute();

      await db.schema
        .createTable("barn_notice_quota")
        .addColumn("actor_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("window_start", "text", (c) => c.notNull())
        .addColumn("used", "integer", (c) => c.notNull())
        .execute();

      await db.schema.createIndex("class_entry_created_by").on("class_entry").column("created_by").execute();
    },
  };
}

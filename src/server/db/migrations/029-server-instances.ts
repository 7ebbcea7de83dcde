import { type Kysely, sql } from "kysely";

/**
 * Which app server holds what, so a dead server's holdings are let go (issue 31, items 5 and 6; ADR 029):
 *
 * - `server_instance`: one row per running server process. `name` is the server's stable name (the
 *   INSTANCE setting, else host:port), the same after a restart; `boot_id` is new in every process. The
 *   process renews `lease_until` every few seconds; a row whose lease has lapsed belongs to a dead
 *   process. A server starting under a name deletes that name's earlier rows: they were its own
 *   earlier processes, dead by definition.
 * - `idempotency_key.instance` / `boot_id`: the server process that claimed a key. An unanswered claim
 *   whose process is no longer alive (no row, or a lapsed lease) is taken over by the next request with
 *   its key at once. Rows from before this migration have neither and keep the one-minute rule. The
 *   partial index finds a name's unanswered claims at start without reading the answered ones.
 * - `live_stream`: on PostgreSQL, how many live streams (notifications and show-day rings together) each
 *   server process holds open for a person, so the per-person limit counts across servers by adding a
 *   few rows; the counts of a process that is not alive do not count and are deleted.
 */
export function serverInstancesMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("server_instance")
        .addColumn("boot_id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("started_at", "text", (c) => c.notNull())
        .addColumn("lease_until", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("server_instance_name").on("server_instance").column("name").execute();

      await db.schema.alterTable("idempotency_key").addColumn("instance", "text").execute();
      await db.schema.alterTable("idempotency_key").addColumn("boot_id", "text").execute();
      await db.schema
        .createIndex("idempotency_key_open")
        .on("idempotency_key")
        .column("instance")
        .where(sql.ref("status_code"), "is", null)
        .execute();

      await db.schema
        .createTable("live_stream")
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("boot_id", "text", (c) => c.notNull())
        .addColumn("streams", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("live_stream_pk", ["user_id", "boot_id"])
        .execute();
      await db.schema.createIndex("live_stream_boot").on("live_stream").column("boot_id").execute();
    },
  };
}

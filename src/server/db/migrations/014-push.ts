import type { Kysely } from "kysely";

/**
 * Notifications that reach a closed app (issue 27, ADR 022):
 *
 * - `push_subscription`: one per browser that said yes, with the keys its pushes are encrypted to
 *   (RFC 8291) and the label it is listed by. It belongs to the session that made it: when that
 *   session ends (sign-out, revocation, the user deleted, expiry cleaned up), the cascade removes
 *   the device, so a signed-out phone gets nothing more on its lock screen. One endpoint, one row.
 * - `push_settings`: the person's quiet hours and their IANA time zone.
 * - `push_choice`: a kind of notification the person set to pushed (1) or in the app only (0);
 *   kinds without a row follow their default (src/domain/notifications/push-kinds.ts).
 * - `push_delivery`: the queue. A row is one message for one device, due at `due_at` (later in
 *   quiet hours), dropped after `expires_at`. A sender claims rows by setting a lease
 *   (`lease_owner`, `lease_until`) in one statement (FOR UPDATE SKIP LOCKED on PostgreSQL), so two
 *   app servers never take the same row; a lease that runs out (its server died) is claimed again.
 *   One row per device and topic: a newer message about the same subject replaces one still
 *   waiting and takes the lease away, so a sender holding the older one leaves the newer in place.
 */
export function pushMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("push_subscription")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("session_id", "text", (c) => c.notNull().references("session.id").onDelete("cascade"))
        .addColumn("endpoint", "text", (c) => c.notNull().unique())
        .addColumn("p256dh", "text", (c) => c.notNull())
        .addColumn("auth", "text", (c) => c.notNull())
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("push_subscription_user")
        .on("push_subscription")
        .column("user_id")
        .execute();
      await db.schema
        .createIndex("push_subscription_session")
        .on("push_subscription")
        .column("session_id")
        .execute();

      await db.schema
        .createTable("push_settings")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("quiet_hours", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("time_zone", "text")
        .execute();

      await db.schema
        .createTable("push_choice")
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("push", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("push_choice_pk", ["user_id", "kind"])
        .execute();
      // A kind pushed to nobody by default is looked up from the few who turned it on.
      await db.schema.createIndex("push_choice_kind").on("push_choice").columns(["kind", "push"]).execute();

      await createPushDeliveryTable(db, "push_delivery", "push_subscription");
      await db.schema.createIndex("push_delivery_due").on("push_delivery").column("due_at").execute();
    },
  };
}

/**
 * A push queue's table (this one; Notify me's of migrations 034 and 038): one row per message and
 * subscription, one per subscription and topic (`<table>_topic` unless `unique` names it).
 */
export async function createPushDeliveryTable(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  db: Kysely<any>,
  table: string,
  subscriptions: string,
  unique = `${table}_topic`,
): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subscription_id", "text", (c) =>
      c.notNull().references(`${subscriptions}.id`).onDelete("cascade"),
    )
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("urgency", "text", (c) => c.notNull())
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint(unique, ["subscription_id", "topic"])
    .execute();
}

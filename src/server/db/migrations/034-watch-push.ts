import type { Kysely } from "kysely";

/**
 * Notify me on a watch link's page (issue 35, ADR 049): Web Push without an account, for one link.
 *
 * - `watch_push_subscription`: a browser that tapped Notify me on a link's page, with the keys its pushes
 *   are encrypted to and the client address it came from (the per-address limits count these rows). It
 *   belongs to the link: revoking the link deletes its subscriptions, and deleting the link, its horse
 *   or its show deletes them by cascade; sending reads only links that still work. One endpoint, one row
 *   per link.
 * - `watch_push_delivery`: its queue, the same shape and the same worker as `push_delivery` (migration
 *   014): one row per message and subscription, leased by one sender at a time.
 * - `watch_push_alert`: which messages a link has had, per class and kind ("away", "ring", "placed:2");
 *   its primary key makes each go once, on whichever server the steward's tap or the posting ran.
 */
export function watchPushMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("watch_push_subscription")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("link_id", "text", (c) => c.notNull().references("watch_link.id").onDelete("cascade"))
        .addColumn("endpoint", "text", (c) => c.notNull())
        .addColumn("p256dh", "text", (c) => c.notNull())
        .addColumn("auth", "text", (c) => c.notNull())
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("watch_push_subscription_endpoint", ["link_id", "endpoint"])
        .execute();
      await db.schema
        .createIndex("watch_push_subscription_address")
        .on("watch_push_subscription")
        .column("address")
        .execute();

      await db.schema
        .createTable("watch_push_delivery")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("subscription_id", "text", (c) =>
          c.notNull().references("watch_push_subscription.id").onDelete("cascade"),
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
        .addUniqueConstraint("watch_push_delivery_topic", ["subscription_id", "topic"])
        .execute();
      await db.schema
        .createIndex("watch_push_delivery_due")
        .on("watch_push_delivery")
        .column("due_at")
        .execute();

      await db.schema
        .createTable("watch_push_alert")
        .addColumn("link_id", "text", (c) => c.notNull().references("watch_link.id").onDelete("cascade"))
        .addColumn("class_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("watch_push_alert_pk", ["link_id", "class_id", "kind"])
        .execute();
    },
  };
}

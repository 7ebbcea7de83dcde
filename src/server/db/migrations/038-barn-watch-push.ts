import { type Kysely, sql } from "kysely";
import type { DbKind } from "#server/db/client.ts";
import { createPushDeliveryTable } from "#server/db/migrations/014-push.ts";
import {
  createWatchPushSubscriptionTable,
  indexWatchPushTables,
  WATCH_PUSH_BARN_ENDPOINT,
  WATCH_PUSH_ONE_LINK,
  WATCH_PUSH_ONE_LINK_CHECK,
} from "#server/db/migrations/034-watch-push.ts";

/**
 * Notify me on a barn link's page (issue 35, ADR 052): the push tables of migration 034 made for both
 * kinds of link, rather than copied for the barn's.
 *
 * - `watch_push_subscription` belongs to a horse's link (`link_id`) or to a barn's (`barn_link_id`, new,
 *   deleted with the barn link), exactly one of them (a check). One endpoint, one row per link of each kind.
 *   PostgreSQL alters the table in place; SQLite cannot drop a NOT NULL, so it builds the table again the
 *   way SQLite documents (new table, copy, drop, rename), with its queue `watch_push_delivery`, which
 *   refers to it: dropping the old table alone would delete by cascade what waits to be sent.
 * - `watch_push_horse`: the horses a barn subscription chose (a horse link's subscription has its link's
 *   one horse and no rows here). Gone with the subscription or the horse.
 * - `watch_push_alert` is kept per subscription and horse instead of per link: (subscription, horse,
 *   class, kind), so a barn's two horses in one class are two messages, each said once to each browser.
 *   What horse links had been sent is carried over to each of their subscriptions.
 */
export function barnWatchPushMigration(kind: DbKind) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      if (kind === "postgres") {
        await sql`alter table watch_push_subscription alter column link_id drop not null`.execute(db);
        await db.schema
          .alterTable("watch_push_subscription")
          .addColumn("barn_link_id", "text", (c) => c.references("barn_watch_link.id").onDelete("cascade"))
          .execute();
        await db.schema
          .alterTable("watch_push_subscription")
          .addCheckConstraint(WATCH_PUSH_ONE_LINK, WATCH_PUSH_ONE_LINK_CHECK)
          .execute();
        await db.schema
          .alterTable("watch_push_subscription")
          .addUniqueConstraint(WATCH_PUSH_BARN_ENDPOINT, ["barn_link_id", "endpoint"])
          .execute();
      } else {
        await rebuildSubscriptionsOnSqlite(db);
      }

      await db.schema
        .createTable("watch_push_horse")
        .addColumn("subscription_id", "text", (c) =>
          c.notNull().references("watch_push_subscription.id").onDelete("cascade"),
        )
        .addColumn("horse_id", "text", (c) => c.notNull().references("horse.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("watch_push_horse_pk", ["subscription_id", "horse_id"])
        .execute();
      await db.schema
        .createIndex("watch_push_horse_horse")
        .on("watch_push_horse")
        .column("horse_id")
        .execute();

      await db.schema.alterTable("watch_push_alert").renameTo("watch_push_link_alert").execute();
      await db.schema
        .createTable("watch_push_alert")
        .addColumn("subscription_id", "text", (c) =>
          c.notNull().references("watch_push_subscription.id").onDelete("cascade"),
        )
        .addColumn("horse_id", "text", (c) => c.notNull().references("horse.id").onDelete("cascade"))
        .addColumn("class_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("watch_push_alert_once", ["subscription_id", "horse_id", "class_id", "kind"])
        .execute();
      await sql`insert into watch_push_alert (subscription_id, horse_id, class_id, kind, created_at)
        select s.id, l.horse_id, a.class_id, a.kind, a.created_at
        from watch_push_link_alert a
        join watch_link l on l.id = a.link_id
        join watch_push_subscription s on s.link_id = a.link_id`.execute(db);
      await db.schema.dropTable("watch_push_link_alert").execute();
    },
  };
}

/**
 * SQLite's way to change a column's constraints, inside the migration's transaction: the new tables
 * under other names, the rows copied, the old queue then the old subscriptions dropped (nothing refers
 * to them by then, so no cascade runs), and the new ones renamed (SQLite rewrites the queue's reference).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
async function rebuildSubscriptionsOnSqlite(db: Kysely<any>): Promise<void> {
  await createWatchPushSubscriptionTable(db, "watch_push_subscription_038", { barnLinks: true });
  await sql`insert into watch_push_subscription_038 (id, link_id, endpoint, p256dh, auth, address, created_at)
    select id, link_id, endpoint, p256dh, auth, address, created_at from watch_push_subscription`.execute(db);
  await createPushDeliveryTable(
    db,
    "watch_push_delivery_038",
    "watch_push_subscription_038",
    "watch_push_delivery_topic",
  );
  await sql`insert into watch_push_delivery_038 select * from watch_push_delivery`.execute(db);
  await db.schema.dropTable("watch_push_delivery").execute();
  await db.schema.dropTable("watch_push_subscription").execute();
  await db.schema.alterTable("watch_push_subscription_038").renameTo("watch_push_subscription").execute();
  await db.schema.alterTable("watch_push_delivery_038").renameTo("watch_push_delivery").execute();
  await indexWatchPushTables(db);
}

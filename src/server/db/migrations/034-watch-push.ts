import { type CreateTableBuilder, type Kysely, sql } from "kysely";
import { createPushDeliveryTable } from "#server/db/migrations/014-push.ts";

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
      await createWatchPushSubscriptionTable(db, "watch_push_subscription", { barnLinks: false });
      await createPushDeliveryTable(db, "watch_push_delivery", "watch_push_subscription");
      await indexWatchPushTables(db);

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

/** The subscriptions by client address (the limits per address), the queue by when each is due. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function indexWatchPushTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("watch_push_subscription_address")
    .on("watch_push_subscription")
    .column("address")
    .execute();
  await db.schema.createIndex("watch_push_delivery_due").on("watch_push_delivery").column("due_at").execute();
}

/**
 * Notify me's subscriptions: a horse link's only (this migration), or since 038 (ADR 052) a horse link's or
 * a barn link's, exactly one of the two, unique per link and endpoint for each kind.
 */
export async function createWatchPushSubscriptionTable(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  db: Kysely<any>,
  table: string,
  opts: { barnLinks: boolean },
): Promise<void> {
  let create: CreateTableBuilder<string, string> = db.schema
    .createTable(table)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("link_id", "text", (c) => {
      const link = c.references("watch_link.id").onDelete("cascade");
      return opts.barnLinks ? link : link.notNull();
    });
  if (opts.barnLinks) {
    create = create.addColumn("barn_link_id", "text", (c) =>
      c.references("barn_watch_link.id").onDelete("cascade"),
    );
  }
  create = create
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("watch_push_subscription_endpoint", ["link_id", "endpoint"]);
  if (opts.barnLinks) {
    create = create
      .addUniqueConstraint(WATCH_PUSH_BARN_ENDPOINT, ["barn_link_id", "endpoint"])
      .addCheckConstraint(WATCH_PUSH_ONE_LINK, WATCH_PUSH_ONE_LINK_CHECK);
  }
  await create.execute();
}

/** Since 038: a subscription names exactly one link, a horse's or a barn's. */
export const WATCH_PUSH_ONE_LINK = "watch_push_subscription_one_link";
export const WATCH_PUSH_ONE_LINK_CHECK = sql`(link_id is null) <> (barn_link_id is null)`;
export const WATCH_PUSH_BARN_ENDPOINT = "watch_push_subscription_barn_endpoint";

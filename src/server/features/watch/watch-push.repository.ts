import { type Kysely, sql, type Transaction } from "kysely";
import type { DbKind } from "#server/db/client.ts";
import type { Database, WatchPushSubscriptionTable } from "#server/db/schema.ts";

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Holds one client address until the transaction ends, so two sign-ups from it at once are counted one
 * after the other against its limits. SQLite has one writer already.
 */
export async function lockAddress(trx: Transaction<Database>, kind: DbKind, address: string): Promise<void> {
  if (kind !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtext(${`watch-push-address:${address}`}))`.execute(trx);
}

export const findLinkSubscription = (db: Executor, linkId: string, endpoint: string) =>
  db
    .selectFrom("watch_push_subscription")
    .selectAll()
    .where("link_id", "=", linkId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();

/** How many subscriptions an address holds: on one link, and on every link. */
export async function countOfAddress(db: Executor, address: string, linkId: string) {
  const row = await db
    .selectFrom("watch_push_subscription")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("all"),
      eb.fn
        .sum<number | string | null>(eb.case().when("link_id", "=", linkId).then(1).else(0).end())
        .as("link"),
    ])
    .where("address", "=", address)
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), link: Number(row.link ?? 0) };
}

export const insertLinkSubscription = (db: Executor, row: WatchPushSubscriptionTable) =>
  db.insertInto("watch_push_subscription").values(row).execute();

export const refreshLinkSubscription = (
  db: Executor,
  id: string,
  values: Pick<WatchPushSubscriptionTable, "p256dh" | "auth" | "address">,
) => db.updateTable("watch_push_subscription").set(values).where("id", "=", id).execute();

export const deleteLinkSubscription = (db: Executor, linkId: string, endpoint: string) =>
  db
    .deleteFrom("watch_push_subscription")
    .where("link_id", "=", linkId)
    .where("endpoint", "=", endpoint)
    .execute();

/** Every subscription of a link (a revoke), and with them what waits to be sent (cascade). */
export const deleteSubscriptionsOfLink = (db: Executor, linkId: string) =>
  db.deleteFrom("watch_push_subscription").where("link_id", "=", linkId).execute();

/** The show's working links that someone asked to be notified of, with their horse's name. */
export const notifiedLinksOfShow = (db: Executor, showId: string, nowIso: string) =>
  db
    .selectFrom("watch_link as w")
    .innerJoin("horse as h", "h.id", "w.horse_id")
    .select(["w.id", "w.horse_id", "h.name as horse_name"])
    .where("w.show_id", "=", showId)
    .where("w.revoked_at", "is", null)
    .where("w.expires_at", ">", nowIso)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("watch_push_subscription as s").select("s.id").whereRef("s.link_id", "=", "w.id"),
      ),
    )
    .execute();

/** The classes of these horses at the show (entries naming them). */
export const classesOfHorses = (db: Executor, showId: string, horseIds: readonly string[]) =>
  horseIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("class_entry")
        .select(["horse_id", "class_id"])
        .distinct()
        .where("show_id", "=", showId)
        .where("horse_id", "in", horseIds)
        .execute();

export const sentWatchAlerts = (db: Executor, linkIds: readonly string[]) =>
  linkIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("watch_push_alert")
        .select(["link_id", "class_id", "kind"])
        .where("link_id", "in", linkIds)
        .execute();

/** Records messages as sent; returns those this call recorded (another server's are left out). */
export const claimWatchAlerts = (
  trx: Transaction<Database>,
  alerts: readonly { linkId: string; classId: string; kind: string }[],
  at: string,
) =>
  alerts.length === 0
    ? Promise.resolve([])
    : trx
        .insertInto("watch_push_alert")
        .values(alerts.map((a) => ({ link_id: a.linkId, class_id: a.classId, kind: a.kind, created_at: at })))
        .onConflict((oc) => oc.columns(["link_id", "class_id", "kind"]).doNothing())
        .returning(["link_id", "class_id", "kind"])
        .execute();

export const subscriptionIdsOfLinks = (db: Executor, linkIds: readonly string[]) =>
  linkIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("watch_push_subscription")
        .select(["id", "link_id"])
        .where("link_id", "in", linkIds)
        .execute();

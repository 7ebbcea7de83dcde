import { type Kysely, sql, type Transaction } from "kysely";
import type { DbKind } from "#server/db/client.ts";
import type { Database, WatchPushSubscriptionTable } from "#server/db/schema.ts";

type Executor = Kysely<Database> | Transaction<Database>;

/** The link a subscription belongs to: a horse's (`watch_link`) or a barn's (`barn_watch_link`). */
export interface PushLinkRef {
  kind: "horse" | "barn";
  id: string;
}

const columnOf = (link: PushLinkRef) => (link.kind === "horse" ? "link_id" : "barn_link_id");

/**
 * Holds one client address until the transaction ends, so two sign-ups from it at once are counted one
 * after the other against its limits. SQLite has one writer already.
 */
export async function lockAddress(trx: Transaction<Database>, kind: DbKind, address: string): Promise<void> {
  if (kind !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtext(${`watch-push-address:${address}`}))`.execute(trx);
}

export const findLinkSubscription = (db: Executor, link: PushLinkRef, endpoint: string) =>
  db
    .selectFrom("watch_push_subscription")
    .selectAll()
    .where(columnOf(link), "=", link.id)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();

/** How many subscriptions an address holds: on one link (of either kind), and on every link. */
export async function countOfAddress(db: Executor, address: string, link: PushLinkRef) {
  const row = await db
    .selectFrom("watch_push_subscription")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("all"),
      eb.fn
        .sum<number | string | null>(eb.case().when(columnOf(link), "=", link.id).then(1).else(0).end())
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

/** A barn subscription's horses become `horseIds`, and only those. */
export async function chooseHorses(db: Executor, subscriptionId: string, horseIds: readonly string[]) {
  await db.deleteFrom("watch_push_horse").where("subscription_id", "=", subscriptionId).execute();
  if (horseIds.length === 0) return;
  await db
    .insertInto("watch_push_horse")
    .values(horseIds.map((horse_id) => ({ subscription_id: subscriptionId, horse_id })))
    .execute();
}

export const deleteLinkSubscription = (db: Executor, link: PushLinkRef, endpoint: string) =>
  db
    .deleteFrom("watch_push_subscription")
    .where(columnOf(link), "=", link.id)
    .where("endpoint", "=", endpoint)
    .execute();

/** Every subscription of a link (a revoke), and with them what waits to be sent (cascade). */
export const deleteSubscriptionsOfLink = (db: Executor, link: PushLinkRef) =>
  db.deleteFrom("watch_push_subscription").where(columnOf(link), "=", link.id).execute();

/**
 * Who asked to be notified of which horse at the show, through a link that still works: each
 * subscription of a horse's link with that horse, and each of a barn link's with the horses it chose
 * that its trainer still trains (a horse that left the barn says nothing more). One query.
 */
export const watchersOfShow = (db: Executor, showId: string, nowIso: string) =>
  db
    .selectFrom("watch_push_subscription as s")
    .innerJoin("watch_link as w", "w.id", "s.link_id")
    .innerJoin("horse as h", "h.id", "w.horse_id")
    .select(["s.id as subscription_id", "w.horse_id", "h.name as horse_name"])
    .where("w.show_id", "=", showId)
    .where("w.revoked_at", "is", null)
    .where("w.expires_at", ">", nowIso)
    .unionAll((eb) =>
      eb
        .selectFrom("watch_push_subscription as s")
        .innerJoin("barn_watch_link as b", "b.id", "s.barn_link_id")
        .innerJoin("watch_push_horse as c", "c.subscription_id", "s.id")
        .innerJoin("horse_trainer as tr", (j) =>
          j.onRef("tr.horse_id", "=", "c.horse_id").onRef("tr.user_id", "=", "b.trainer_id"),
        )
        .innerJoin("horse as h", "h.id", "c.horse_id")
        .select(["s.id as subscription_id", "c.horse_id", "h.name as horse_name"])
        .where("b.show_id", "=", showId)
        .where("b.revoked_at", "is", null)
        .where("b.expires_at", ">", nowIso),
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

/** A batch small enough for PostgreSQL's bind parameters, however many browsers watch a show. */
const BATCH = 500;
const batches = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

/** What these subscriptions were already told about these classes. */
export async function sentWatchAlerts(
  db: Executor,
  subscriptionIds: readonly string[],
  classIds: readonly string[],
) {
  if (classIds.length === 0) return [];
  const sent = [];
  for (const batch of batches(subscriptionIds)) {
    sent.push(
      ...(await db
        .selectFrom("watch_push_alert")
        .select(["subscription_id", "horse_id", "class_id", "kind"])
        .where("subscription_id", "in", batch)
        .where("class_id", "in", classIds)
        .execute()),
    );
  }
  return sent;
}

export interface WatchAlert {
  subscription_id: string;
  horse_id: string;
  class_id: string;
  kind: string;
}

/** Records messages as sent; returns those this call recorded (another server's are left out). */
export async function claimWatchAlerts(
  trx: Transaction<Database>,
  alerts: readonly WatchAlert[],
  at: string,
) {
  const claimed: WatchAlert[] = [];
  for (const batch of batches(alerts)) {
    claimed.push(
      ...(await trx
        .insertInto("watch_push_alert")
        .values(batch.map((a) => ({ ...a, created_at: at })))
        .onConflict((oc) => oc.columns(["subscription_id", "horse_id", "class_id", "kind"]).doNothing())
        .returning(["subscription_id", "horse_id", "class_id", "kind"])
        .execute()),
    );
  }
  return claimed;
}

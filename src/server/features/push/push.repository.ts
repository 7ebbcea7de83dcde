import { type Kysely, sql, type Transaction } from "kysely";
import type { PushKind } from "#domain/notifications/push-kinds.ts";
import type { DbKind } from "#server/db/client.ts";
import type { Database, PushSubscriptionTable } from "#server/db/schema.ts";

type Queryable = Kysely<Database> | Transaction<Database>;

// ── Devices ────────────────────────────────────────────────────────────────────────────────────

export type SubscriptionRow = PushSubscriptionTable;

export async function findSubscription(db: Queryable, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom("push_subscription").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Holds one browser's address until the transaction ends, so two subscriptions of it at once (a double
 * tap, or two people on one browser) take turns: the second finds the first's row instead of inserting
 * it again into the unique endpoint. SQLite has one writer already.
 */
export async function lockEndpoint(
  trx: Transaction<Database>,
  kind: DbKind,
  endpoint: string,
): Promise<void> {
  if (kind !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtext(${`push-endpoint:${endpoint}`}))`.execute(trx);
}

/**
 * Whether the session that subscribes still exists, holding it (FOR KEY SHARE on PostgreSQL) until the
 * transaction ends: a sign-out at the same moment then waits for the subscription and removes it with
 * the session, or has already removed the session and the subscription is refused, instead of the
 * insert breaking the foreign key.
 */
export async function holdSession(
  trx: Transaction<Database>,
  kind: DbKind,
  sessionId: string,
): Promise<boolean> {
  const query = trx.selectFrom("session").select("id").where("id", "=", sessionId);
  return (await (kind === "postgres" ? query.forKeyShare() : query).executeTakeFirst()) !== undefined;
}

export async function findSubscriptionByEndpoint(
  db: Queryable,
  endpoint: string,
): Promise<SubscriptionRow | undefined> {
  return db.selectFrom("push_subscription").selectAll().where("endpoint", "=", endpoint).executeTakeFirst();
}

export async function listSubscriptions(db: Queryable, userId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom("push_subscription")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export async function countSubscriptions(db: Queryable, userId: string): Promise<number> {
  const row = await db
    .selectFrom("push_subscription")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSubscription(db: Queryable, row: SubscriptionRow): Promise<void> {
  await db.insertInto("push_subscription").values(row).execute();
}

/** The same browser subscribing again: new keys and the session it now belongs to. */
export async function refreshSubscription(
  db: Queryable,
  id: string,
  values: Pick<SubscriptionRow, "session_id" | "p256dh" | "auth" | "label">,
): Promise<void> {
  await db.updateTable("push_subscription").set(values).where("id", "=", id).execute();
}

/** Deletes a device (and, by cascade, what waits for it); `userId` keeps it to its owner. */
export async function deleteSubscription(db: Queryable, id: string, userId?: string): Promise<number> {
  let query = db.deleteFrom("push_subscription").where("id", "=", id);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ── Choices ────────────────────────────────────────────────────────────────────────────────────

export async function readSettings(
  db: Queryable,
  userId: string,
): Promise<{ quiet_hours: number; time_zone: string | null; new_shows: string } | undefined> {
  return db
    .selectFrom("push_settings")
    .select(["quiet_hours", "time_zone", "new_shows"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function readChoices(db: Queryable, userId: string): Promise<{ kind: string; push: number }[]> {
  return db.selectFrom("push_choice").select(["kind", "push"]).where("user_id", "=", userId).execute();
}

export async function writeSettings(
  db: Queryable,
  userId: string,
  values: { quiet_hours?: number; time_zone: string; new_shows?: string },
): Promise<void> {
  await db
    .insertInto("push_settings")
    .values({ user_id: userId, quiet_hours: values.quiet_hours ?? 0, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

export async function writeChoices(
  db: Queryable,
  userId: string,
  choices: readonly { kind: PushKind; push: boolean }[],
): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insertInto("push_choice")
    .values(choices.map((c) => ({ user_id: userId, kind: c.kind, push: c.push ? 1 : 0 })))
    .onConflict((oc) =>
      oc.columns(["user_id", "kind"]).doUpdateSet((eb) => ({ push: eb.ref("excluded.push") })),
    )
    .execute();
}

// ── Queue ──────────────────────────────────────────────────────────────────────────────────────

export interface PushTargetRow {
  subscription_id: string;
  quiet_hours: number | null;
  time_zone: string | null;
}

/**
 * The devices that should get a push of `kind`: of the recipients (all users when null), those who
 * chose to push it (or left it at a pushed default), signed in on that device still.
 */
export async function findPushTargets(
  db: Queryable,
  kind: PushKind,
  pushedByDefault: boolean,
  recipients: readonly string[] | null,
  nowIso: string,
): Promise<PushTargetRow[]> {
  let query = db
    .selectFrom("push_subscription as s")
    .innerJoin("session as se", "se.id", "s.session_id")
    .leftJoin("push_settings as st", "st.user_id", "s.user_id")
    .select(["s.id as subscription_id", "st.quiet_hours", "st.time_zone"])
    .where("se.expires_at", ">", nowIso);
  query = pushedByDefault
    ? query
        .leftJoin("push_choice as c", (j) => j.onRef("c.user_id", "=", "s.user_id").on("c.kind", "=", kind))
        .where((eb) => eb.or([eb("c.push", "is", null), eb("c.push", "=", 1)]))
    : query
        .innerJoin("push_choice as c", (j) => j.onRef("c.user_id", "=", "s.user_id").on("c.kind", "=", kind))
        .where("c.push", "=", 1);
  if (recipients === null) return query.execute();
  const found: PushTargetRow[] = [];
  // Batches keep PostgreSQL under its bind-parameter limit for a show update to many entrants.
  for (let i = 0; i < recipients.length; i += 500) {
    found.push(...(await query.where("s.user_id", "in", recipients.slice(i, i + 500)).execute()));
  }
  return found;
}

/**
 * The two delivery queues, of the same columns and sent by the same worker: people's devices
 * (`push_subscription`, `push_delivery`, migration 014) and Notify me on watch links
 * (`watch_push_subscription`, `watch_push_delivery`, migration 034).
 */
export type PushQueue = "push" | "watch_push";

// The watch queue's tables have every column these queries use, under the same names.
const tablesOf = (queue: PushQueue) => ({
  delivery: `${queue}_delivery` as "push_delivery",
  subscription: `${queue}_subscription` as "push_subscription",
});

/** A subscription the push service no longer knows: gone, with what waits for it (cascade). */
export async function removeGoneSubscription(db: Queryable, queue: PushQueue, id: string): Promise<void> {
  await db.deleteFrom(tablesOf(queue).subscription).where("id", "=", id).execute();
}

export interface NewDelivery {
  id: string;
  subscription_id: string;
  topic: string;
  message: string;
  urgency: string;
  due_at: string;
  expires_at: string;
  created_at: string;
}

/**
 * Queues messages. A message about a subject the device still has one waiting for replaces it, and
 * takes the lease away: a sender busy with the older one then leaves this one to be sent.
 */
export async function enqueueDeliveries(
  db: Queryable,
  rows: readonly NewDelivery[],
  queue: PushQueue = "push",
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto(tablesOf(queue).delivery)
      .values(rows.slice(i, i + 200).map((r) => ({ ...r, attempts: 0 })))
      .onConflict((oc) =>
        oc.columns(["subscription_id", "topic"]).doUpdateSet((eb) => ({
          message: eb.ref("excluded.message"),
          urgency: eb.ref("excluded.urgency"),
          due_at: eb.ref("excluded.due_at"),
          expires_at: eb.ref("excluded.expires_at"),
          attempts: 0,
          lease_owner: null,
          lease_until: null,
        })),
      )
      .execute();
  }
}

export interface ClaimedDelivery {
  id: string;
  subscription_id: string;
  topic: string;
  message: string;
  urgency: string;
  expires_at: string;
  attempts: number;
}

/**
 * Takes up to `limit` due messages for this sender in one statement: a lease (`token`, until
 * `leaseUntil`) that no other sender can take while it runs. PostgreSQL skips rows another server
 * is claiming at that moment (FOR UPDATE SKIP LOCKED); SQLite runs one writer at a time anyway.
 * The try is counted at the claim, so a message whose sender dies with it still runs out of tries.
 */
export async function claimDeliveries(
  db: Kysely<Database>,
  kind: DbKind,
  claim: { token: string; nowIso: string; leaseUntilIso: string; limit: number },
  queue: PushQueue = "push",
): Promise<ClaimedDelivery[]> {
  const table = tablesOf(queue).delivery;
  const due = db
    .selectFrom(table)
    .select("id")
    .where("due_at", "<=", claim.nowIso)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", claim.nowIso)]))
    .orderBy("due_at")
    .limit(claim.limit);
  return db
    .updateTable(table)
    .set({ lease_owner: claim.token, lease_until: claim.leaseUntilIso, attempts: sql`attempts + 1` })
    .where("id", "in", kind === "postgres" ? due.forUpdate().skipLocked() : due)
    .returning(["id", "subscription_id", "topic", "message", "urgency", "expires_at", "attempts"])
    .execute();
}

export async function subscriptionsByIds(
  db: Queryable,
  ids: readonly string[],
  queue: PushQueue = "push",
): Promise<Pick<SubscriptionRow, "id" | "endpoint" | "p256dh" | "auth">[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom(tablesOf(queue).subscription)
    .select(["id", "endpoint", "p256dh", "auth"])
    .where("id", "in", ids)
    .execute();
}

/** Done with these (sent, expired or given up): only while this sender still holds them. */
export async function removeClaimed(
  db: Queryable,
  ids: readonly string[],
  token: string,
  queue: PushQueue = "push",
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom(tablesOf(queue).delivery)
    .where("id", "in", ids)
    .where("lease_owner", "=", token)
    .execute();
}

/** Back in the queue, due again at `dueAtIso`: only while this sender still holds it. */
export async function releaseForRetry(
  db: Queryable,
  id: string,
  token: string,
  dueAtIso: string,
  queue: PushQueue = "push",
): Promise<void> {
  await db
    .updateTable(tablesOf(queue).delivery)
    .set({ due_at: dueAtIso, lease_owner: null, lease_until: null })
    .where("id", "=", id)
    .where("lease_owner", "=", token)
    .execute();
}

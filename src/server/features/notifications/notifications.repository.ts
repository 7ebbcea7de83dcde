import type { Kysely, Transaction } from "kysely";
import { notificationsVersion } from "#server/db/migrations/011-api-performance.ts";
import { reusableQuery } from "#server/db/reusable-query.ts";
import type { Database } from "#server/db/schema.ts";

/** The most recent notifications a list shows; older ones stay in the database. */
export const NOTIFICATION_LIST_LIMIT = 100;

type Queryable = Kysely<Database> | Transaction<Database>;

/**
 * When the account was made, as ISO text: notifications to everyone from before then are not theirs
 * (a new account starts with none). Null when the user is gone.
 */
export async function accountCreatedAt(db: Queryable, userId: string): Promise<string | null> {
  const row = await db.selectFrom("user").select("created_at").where("id", "=", userId).executeTakeFirst();
  return row ? new Date(row.created_at).toISOString() : null;
}

/**
 * Notifications a user may see: their own and the everyone-notifications (no user id) made since
 * their account was.
 */
export async function countUnreadVisible(db: Kysely<Database>, userId: string): Promise<number> {
  const since = (await accountCreatedAt(db, userId)) ?? "";
  const row = await db
    .selectFrom("notification as n")
    .where((eb) =>
      eb.or([
        eb("n.user_id", "=", userId),
        eb.and([eb("n.user_id", "is", null), eb("n.created_at", ">=", since)]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("notification_read as r")
            .select("r.notification_id")
            .whereRef("r.notification_id", "=", "n.id")
            .where("r.user_id", "=", userId),
        ),
      ),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface NotificationRow {
  id: string;
  type: string;
  message: string;
  show_id: string | null;
  show_deleted: number;
  class_deleted: number;
  created_at: string;
  read_at: string | null;
}

/**
 * The user's visible notifications, newest first, with that user's read state. The user's own and
 * the everyone-notifications are read as two index-ordered scans of at most the list length each,
 * then merged: the cost stays with the list length however many notifications pile up over the years.
 */
export async function listVisible(db: Kysely<Database>, userId: string): Promise<NotificationRow[]> {
  const since = (await accountCreatedAt(db, userId)) ?? "";
  const newest = (own: boolean) =>
    db
      .selectFrom("notification")
      .select(["id", "type", "message", "show_id", "show_deleted", "class_deleted", "created_at"])
      .where("user_id", own ? "=" : "is", own ? userId : null)
      .$if(!own, (q) => q.where("created_at", ">=", since))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(NOTIFICATION_LIST_LIMIT);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom(newest(true).as("own"))
        .selectAll()
        .unionAll(eb.selectFrom(newest(false).as("everyone")).selectAll())
        .as("n"),
    )
    .leftJoin("notification_read as r", (join) =>
      join.onRef("r.notification_id", "=", "n.id").on("r.user_id", "=", userId),
    )
    .select([
      "n.id",
      "n.type",
      "n.message",
      "n.show_id",
      "n.show_deleted",
      "n.class_deleted",
      "n.created_at",
      "r.read_at",
    ])
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .limit(NOTIFICATION_LIST_LIMIT)
    .execute();
}

const listVersionRow = reusableQuery(1, (db, userId: string) => {
  const counter = (subject: string) =>
    db.selectFrom("cache_version").select("version").where("subject", "=", subject);
  return db.selectNoFrom([
    counter(notificationsVersion(userId)).as("own"),
    counter(notificationsVersion(null)).as("everyone"),
  ]);
});

/**
 * The version of the user's notification list (migration 011): the counters of their own
 * notifications and read marks and of the notifications to everyone, both only ever growing.
 */
export async function notificationListVersion(db: Kysely<Database>, userId: string): Promise<string> {
  const [row] = await listVersionRow(db, userId);
  return `${Number(row?.own ?? 0)}.${Number(row?.everyone ?? 0)}`;
}

export async function findNotification(
  db: Kysely<Database>,
  id: string,
): Promise<{ id: string; user_id: string | null } | undefined> {
  return db.selectFrom("notification").select(["id", "user_id"]).where("id", "=", id).executeTakeFirst();
}

/** Marks read for this user only; reading twice keeps the first time. */
export async function markRead(db: Kysely<Database>, id: string, userId: string, at: string): Promise<void> {
  await db
    .insertInto("notification_read")
    .values({ notification_id: id, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(["user_id", "notification_id"]).doNothing())
    .execute();
}

/**
 * Marks read, for this user only, every notification they can see and have not read (their own, and
 * the everyone-notifications since their account was made); returns how many.
 */
export async function markAllRead(db: Kysely<Database>, userId: string, at: string): Promise<number> {
  const since = (await accountCreatedAt(db, userId)) ?? "";
  const result = await db
    .insertInto("notification_read")
    .columns(["notification_id", "user_id", "read_at"])
    .expression((eb) =>
      eb
        .selectFrom("notification as n")
        .select((s) => ["n.id", s.val(userId).as("user_id"), s.val(at).as("read_at")])
        .where((w) =>
          w.or([
            w("n.user_id", "=", userId),
            w.and([w("n.user_id", "is", null), w("n.created_at", ">=", since)]),
          ]),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("notification_read as r")
                .select("r.notification_id")
                .whereRef("r.notification_id", "=", "n.id")
                .where("r.user_id", "=", userId),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(["user_id", "notification_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export interface NewNotification {
  id: string;
  user_id: string | null;
  type: string;
  message: string;
  show_id: string | null;
  class_id: string | null;
  created_at: string;
}

export async function insertNotifications(db: Queryable, rows: readonly NewNotification[]): Promise<void> {
  // Batches keep PostgreSQL under its bind-parameter limit when a show update reaches many users.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("notification")
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

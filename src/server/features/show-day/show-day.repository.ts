import { type Kysely, sql, type Transaction } from "kysely";
import type { DbKind } from "#server/db/client.ts";
import { reusableQuery } from "#server/db/reusable-query.ts";
import type { Database, RingActionTable } from "#server/db/schema.ts";

type Queryable = Kysely<Database> | Transaction<Database>;

export interface DayShowRow {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  location: string;
  time_zone: string | null;
  minutes_per_class: number;
}

export async function findDayShow(db: Queryable, showId: string): Promise<DayShowRow | undefined> {
  return db
    .selectFrom("show")
    .select(["id", "name", "start_date", "end_date", "location", "time_zone", "minutes_per_class"])
    .where("id", "=", showId)
    .executeTakeFirst();
}

/**
 * Each of these shows that exists, with its ring's last action number (0 before its first): what a ring
 * stream tells its page it carries on from (ring-stream.ts).
 */
export async function ringSeqsOf(
  db: Queryable,
  showIds: readonly string[],
): Promise<{ id: string; seq: number | string | null }[]> {
  return db
    .selectFrom("show as s")
    .leftJoin("ring_counter as c", "c.show_id", "s.id")
    .select(["s.id", "c.seq"])
    .where("s.id", "in", showIds)
    .execute();
}

export interface DayVersionRow {
  revision: number | string;
  location: string;
  time_zone: string | null;
  /** The ring's last action number; null before its first. */
  seq: number | string | null;
  /** 1 when the viewer is one of the show's stewards. */
  steward: number | string | boolean;
}

/**
 * What the cached day view depends on, in one indexed read: the show's revision (its sessions, classes
 * and judges, bumped by triggers), the ring's last action number (every tap, on any server) and whether
 * the viewer is a steward of the show (asked per request, never cached).
 */
const dayVersionQuery = reusableQuery(2, (db, showId, viewerId) =>
  db
    .selectFrom("show as s")
    .select((eb) => [
      "s.revision",
      "s.location",
      "s.time_zone",
      eb.selectFrom("ring_counter as c").select("c.seq").whereRef("c.show_id", "=", "s.id").as("seq"),
      eb
        .exists(
          eb
            .selectFrom("ring_steward as w")
            .select("w.user_id")
            .whereRef("w.show_id", "=", "s.id")
            .where("w.user_id", "=", viewerId),
        )
        .as("steward"),
    ])
    .where("s.id", "=", showId),
);

// Every day view runs it first: compiled once (building it cost more CPU than running it).
export async function dayVersionOf(
  db: Kysely<Database>,
  showId: string,
  viewerId: string,
): Promise<DayVersionRow | undefined> {
  return (await dayVersionQuery(db, showId, viewerId))[0];
}

export interface SessionRow {
  id: string;
  name: string;
  date: string;
  start_time: string | null;
  ring: string;
}

export async function sessionsOf(db: Queryable, showId: string): Promise<SessionRow[]> {
  return db
    .selectFrom("show_session")
    .select(["id", "name", "date", "start_time", "ring"])
    .where("show_id", "=", showId)
    .orderBy("position")
    .execute();
}

export interface ScheduledClassRow {
  id: string;
  number: string;
  name: string;
  date: string | null;
  session_id: string | null;
  planned_start: string | null;
}

export async function scheduledClassesOf(db: Queryable, showId: string): Promise<ScheduledClassRow[]> {
  return db
    .selectFrom("show_class")
    .select(["id", "number", "name", "date", "session_id", "planned_start"])
    .where("show_id", "=", showId)
    .orderBy("position")
    .execute();
}

export type RingActionRow = RingActionTable & { actor_name: string | null };

export async function ringActionsOf(db: Queryable, showId: string): Promise<RingActionRow[]> {
  return db
    .selectFrom("ring_action as a")
    .leftJoin("user as u", "u.id", "a.actor_id")
    .selectAll("a")
    .select("u.name as actor_name")
    .where("a.show_id", "=", showId)
    .orderBy("a.seq")
    .execute();
}

/**
 * Takes the show's ring for this transaction and returns its last action number. PostgreSQL locks the
 * counter row, so a second steward's action waits for the first to commit and then sees its number;
 * SQLite has one writer at a time, which orders them the same way.
 */
export async function lockRing(trx: Transaction<Database>, kind: DbKind, showId: string): Promise<number> {
  await trx
    .insertInto("ring_counter")
    .values({ show_id: showId, seq: 0 })
    .onConflict((oc) => oc.column("show_id").doNothing())
    .execute();
  const query = trx.selectFrom("ring_counter").select("seq").where("show_id", "=", showId);
  const row = await (kind === "postgres" ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return Number(row.seq);
}

export async function recordRingAction(
  trx: Transaction<Database>,
  row: Omit<RingActionTable, "undone">,
  undoes: number | null,
): Promise<void> {
  await trx
    .insertInto("ring_action")
    .values({ ...row, undone: 0 })
    .execute();
  if (undoes !== null) {
    await trx
      .updateTable("ring_action")
      .set({ undone: 1 })
      .where("show_id", "=", row.show_id)
      .where("seq", "=", undoes)
      .execute();
  }
  await trx.updateTable("ring_counter").set({ seq: row.seq }).where("show_id", "=", row.show_id).execute();
}

export async function stewardIdsOf(db: Queryable, showId: string): Promise<string[]> {
  const rows = await db.selectFrom("ring_steward").select("user_id").where("show_id", "=", showId).execute();
  return rows.map((r) => r.user_id);
}

export async function stewardsOf(
  db: Queryable,
  showId: string,
): Promise<{ id: string; name: string; photo_id: string | null }[]> {
  return db
    .selectFrom("ring_steward as s")
    .innerJoin("user as u", "u.id", "s.user_id")
    .select(["u.id", "u.name", "u.photo_id"])
    .where("s.show_id", "=", showId)
    .orderBy("u.name")
    .execute();
}

/**
 * Replaces a show's stewards. Two replacements at once take turns on PostgreSQL (a lock per show's
 * list until the transaction ends): each deletes what it sees and inserts its own, so without it both
 * inserted into the primary key. SQLite has one writer already.
 */
export async function replaceStewards(
  trx: Transaction<Database>,
  kind: DbKind,
  showId: string,
  userIds: readonly string[],
) {
  if (kind === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${`stewards:${showId}`}))`.execute(trx);
  }
  await trx.deleteFrom("ring_steward").where("show_id", "=", showId).execute();
  if (userIds.length > 0) {
    await trx
      .insertInto("ring_steward")
      .values(userIds.map((user_id) => ({ show_id: showId, user_id })))
      .execute();
  }
}

export async function existingUserIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("user")
    .select("id")
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function alertSettingOf(db: Queryable, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("alert_setting")
    .select("classes_away")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.classes_away);
}

export async function saveAlertSetting(db: Queryable, userId: string, classesAway: number): Promise<void> {
  await db
    .insertInto("alert_setting")
    .values({ user_id: userId, classes_away: classesAway })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ classes_away: classesAway }))
    .execute();
}

export async function alertSettingsOf(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("alert_setting")
    .select(["user_id", "classes_away"])
    .where("user_id", "in", [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.classes_away)]));
}

/** The statuses that put a class on someone's roster as one who shows (or whose horse does). */
const SHOWING = ["ImShowing", "HorseIsShowing", "CustomerIsShowing", "FriendIsShowing"] as const;

export interface ShowingEntryRow {
  user_id: string;
  class_id: string;
  status: string;
  horse_id: string | null;
  horse_name: string | null;
  rider_id: string | null;
  rider_name: string | null;
}

/** Entries of those classes in which someone shows, with horse and rider names. */
export async function showingEntries(
  db: Queryable,
  showId: string,
  classIds: readonly string[],
): Promise<ShowingEntryRow[]> {
  if (classIds.length === 0) return [];
  return db
    .selectFrom("class_entry as e")
    .leftJoin("horse as h", "h.id", "e.horse_id")
    .leftJoin("user as r", "r.id", "e.rider_id")
    .select([
      "e.user_id",
      "e.class_id",
      "e.status",
      "e.horse_id",
      "h.name as horse_name",
      "e.rider_id",
      "r.name as rider_name",
    ])
    .where("e.show_id", "=", showId)
    .where("e.class_id", "in", [...classIds])
    .where("e.status", "in", [...SHOWING])
    .execute();
}

export async function sentAlerts(
  db: Queryable,
  showId: string,
  classIds: readonly string[],
): Promise<{ user_id: string; class_id: string; kind: string }[]> {
  if (classIds.length === 0) return [];
  return db
    .selectFrom("class_alert")
    .select(["user_id", "class_id", "kind"])
    .where("show_id", "=", showId)
    .where("class_id", "in", [...classIds])
    .execute();
}

/**
 * Records alerts as sent; returns those that were not sent before. The primary key decides, so two
 * servers racing on one class still send each alert once.
 */
export async function claimAlerts(
  trx: Transaction<Database>,
  showId: string,
  alerts: readonly { userId: string; classId: string; kind: string }[],
  at: string,
): Promise<{ user_id: string; class_id: string; kind: string }[]> {
  if (alerts.length === 0) return [];
  return trx
    .insertInto("class_alert")
    .values(
      alerts.map((a) => ({
        user_id: a.userId,
        show_id: showId,
        class_id: a.classId,
        kind: a.kind,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(["show_id", "class_id", "user_id", "kind"]).doNothing())
    .returning(["user_id", "class_id", "kind"])
    .execute();
}

/**
 * Puts classes into a session (a Finish moving its unrun classes to the next session, or its Undo
 * putting them back): the session, and its day, which the roster and calendars read. Null: no session.
 */
export async function moveClasses(
  trx: Transaction<Database>,
  showId: string,
  classIds: readonly string[],
  to: { sessionId: string | null; date: string },
): Promise<void> {
  if (classIds.length === 0) return;
  await trx
    .updateTable("show_class")
    .set({ session_id: to.sessionId, date: to.date })
    .where("show_id", "=", showId)
    .where("id", "in", [...classIds])
    .execute();
}

import type { Kysely, Transaction } from "kysely";
import type { Db, DbKind } from "#server/db/client.ts";
import { reusableQuery, reusableStatement } from "#server/db/reusable-query.ts";
import type { ClassEntryTable, Database } from "#server/db/schema.ts";

type Queryable = Kysely<Database> | Transaction<Database>;

export interface ClassRef {
  showId: string;
  showName: string;
  classId: string;
  className: string;
}

export async function findClass(
  db: Queryable,
  showId: string,
  classId: string,
): Promise<ClassRef | undefined> {
  const row = await db
    .selectFrom("show_class as c")
    .innerJoin("show as s", "s.id", "c.show_id")
    .where("c.show_id", "=", showId)
    .where("c.id", "=", classId)
    .select(["s.id as showId", "s.name as showName", "c.id as classId", "c.name as className"])
    .executeTakeFirst();
  return row;
}

export async function showExists(db: Queryable, showId: string): Promise<boolean> {
  return !!(await db.selectFrom("show").select("id").where("id", "=", showId).executeTakeFirst());
}

export interface EntryRow {
  id: string;
  user_id: string;
  class_id: string;
  status: string;
  horse_id: string | null;
  horse_name: string | null;
  rider_id: string | null;
  rider_name: string | null;
  placing: string | null;
  created_by: string;
  created_by_name: string;
  created_at: string;
}

/**
 * The user's entries at a show (optionally one class), with horse, rider and author names, in
 * creation order.
 */
export async function listUserEntries(
  db: Queryable,
  userId: string,
  showId: string,
  classId?: string,
): Promise<EntryRow[]> {
  let query = db
    .selectFrom("class_entry as e")
    .leftJoin("horse as h", "h.id", "e.horse_id")
    .leftJoin("user as r", "r.id", "e.rider_id")
    .innerJoin("user as a", "a.id", "e.created_by")
    .where("e.user_id", "=", userId)
    .where("e.show_id", "=", showId);
  if (classId !== undefined) query = query.where("e.class_id", "=", classId);
  return query
    .select([
      "e.id",
      "e.user_id",
      "e.class_id",
      "e.status",
      "e.horse_id",
      "h.name as horse_name",
      "e.rider_id",
      "r.name as rider_name",
      "e.placing",
      "e.created_by",
      "a.name as created_by_name",
      "e.created_at",
    ])
    .orderBy("e.created_at")
    .orderBy("e.id")
    .execute();
}

// The names are scalar subqueries rather than joins: PostgreSQL plans a statement on every run, and
// planning three more joins took several times longer than running the whole statement.
const classEntriesQuery = reusableQuery(3, (db, userId: string, showId: string, classId: string) =>
  db
    .selectFrom("show_class as c")
    .innerJoin("show as s", "s.id", "c.show_id")
    .leftJoin("class_entry as e", (join) =>
      join.onRef("e.show_id", "=", "c.show_id").onRef("e.class_id", "=", "c.id").on("e.user_id", "=", userId),
    )
    .where("c.show_id", "=", showId)
    .where("c.id", "=", classId)
    .select((eb) => [
      "s.id as showId",
      "s.name as showName",
      "c.id as classId",
      "c.name as className",
      "e.id",
      "e.user_id",
      "e.status",
      "e.horse_id",
      eb.selectFrom("horse as h").select("h.name").whereRef("h.id", "=", "e.horse_id").as("horse_name"),
      "e.rider_id",
      eb.selectFrom("user as r").select("r.name").whereRef("r.id", "=", "e.rider_id").as("rider_name"),
      "e.placing",
      "e.created_by",
      eb.selectFrom("user as a").select("a.name").whereRef("a.id", "=", "e.created_by").as("created_by_name"),
      "e.created_at",
    ]),
);

/** The order `listUserEntries` gives: creation time, then id (sorted here, not by a temporary B-tree). */
export const byCreation = (a: EntryRow, b: EntryRow): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * The class and the user's entries for it (as `listUserEntries` gives them), in one statement: what
 * a save starts from. Undefined when the show has no such class.
 */
export async function findClassWithEntries(
  db: Queryable,
  userId: string,
  showId: string,
  classId: string,
): Promise<{ cls: ClassRef; entries: EntryRow[] } | undefined> {
  const rows = await classEntriesQuery(db, userId, showId, classId);
  const first = rows[0];
  if (!first) return undefined;
  const cls = {
    showId: first.showId,
    showName: first.showName,
    classId: first.classId,
    className: first.className,
  };
  const entries: EntryRow[] = [];
  for (const r of rows) {
    if (r.id === null) continue;
    entries.push({
      id: r.id,
      user_id: r.user_id!,
      class_id: cls.classId,
      status: r.status!,
      horse_id: r.horse_id,
      horse_name: r.horse_name,
      rider_id: r.rider_id,
      rider_name: r.rider_name,
      placing: r.placing,
      created_by: r.created_by!,
      created_by_name: r.created_by_name!,
      created_at: r.created_at!,
    });
  }
  return { cls, entries: entries.sort(byCreation) };
}

export async function deleteUserEntries(
  db: Queryable,
  userId: string,
  showId: string,
  classId: string,
): Promise<number> {
  const result = await db
    .deleteFrom("class_entry")
    .where("user_id", "=", userId)
    .where("show_id", "=", showId)
    .where("class_id", "=", classId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The columns of `class_entry` in the order `entryValues` lists a row's values. */
const ENTRY_COLUMNS = [
  "id",
  "user_id",
  "show_id",
  "class_id",
  "status",
  "horse_id",
  "rider_id",
  "placing",
  "created_by",
  "created_at",
] as const satisfies readonly (keyof ClassEntryTable)[];

const entryValues = (rows: readonly ClassEntryTable[]): (string | null)[] =>
  rows.flatMap((row) => ENTRY_COLUMNS.map((column) => row[column]));

/** Rows of placeholders (`reusableStatement`), one per `ENTRY_COLUMNS.length` of them. */
const placeholderRows = (placeholders: readonly string[]): ClassEntryTable[] => {
  const rows: ClassEntryTable[] = [];
  for (let at = 0; at < placeholders.length; at += ENTRY_COLUMNS.length) {
    const row = {} as Record<(typeof ENTRY_COLUMNS)[number], string>;
    ENTRY_COLUMNS.forEach((column, i) => {
      row[column] = placeholders[at + i]!;
    });
    rows.push(row);
  }
  return rows;
};

const deleteByIds = reusableStatement((db, _shape, ids) =>
  db.deleteFrom("class_entry").where("id", "in", ids),
);

const insertRows = reusableStatement((db, _shape, values) =>
  db.insertInto("class_entry").values(placeholderRows(values)),
);

/** The PostgreSQL replace: the first `shape` values are the ids to delete, the rest the rows to insert. */
const deleteAndInsert = reusableStatement((db, shape, values) => {
  const removed = Number(shape);
  return db
    .with("removed", (q) =>
      q.deleteFrom("class_entry").where("id", "in", values.slice(0, removed)).returning("id"),
    )
    .insertInto("class_entry")
    .values(placeholderRows(values.slice(removed)));
});

export async function deleteEntriesById(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await deleteByIds(db, "", ids);
}

export async function findEntry(
  db: Queryable,
  entryId: string,
): Promise<{ id: string; userId: string } | undefined> {
  return db
    .selectFrom("class_entry")
    .select(["id", "user_id as userId"])
    .where("id", "=", entryId)
    .executeTakeFirst();
}

export async function deleteEntry(db: Queryable, entryId: string, userId: string): Promise<number> {
  const result = await db
    .deleteFrom("class_entry")
    .where("id", "=", entryId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertEntries(db: Queryable, rows: readonly ClassEntryTable[]): Promise<void> {
  if (rows.length === 0) return;
  await insertRows(db, "", entryValues(rows));
}

/**
 * Where a save's reads and writes run: one transaction in which no other save of the same class
 * interleaves (issue 19, item 6). On SQLite the one connection is held for the whole transaction, so
 * saves already run one after another. On PostgreSQL, under READ COMMITTED, two saves of the same
 * class both read "no entry yet" and both insert (a double-tap duplicated entries and the mirrors on
 * the rider's roster), so the transaction first locks the class's row: a second save of the class,
 * by the same person or by anyone mirroring onto the same riders, waits for the first to commit,
 * and its reads, each a new snapshot, then see what the first wrote. The lock is taken in a
 * statement of its own: a read that waited for it inside one statement would keep that statement's
 * older snapshot for the entries it joins. FOR NO KEY UPDATE does not hold up the foreign-key checks
 * of entries being inserted for the class meanwhile.
 */
export function saveScope(
  db: Db,
  showId: string,
  classId: string,
): <T>(fn: (q: Transaction<Database>) => Promise<T>) => Promise<T> {
  if (db.kind === "sqlite") return (fn) => db.db.transaction().execute(fn);
  return (fn) =>
    db.db.transaction().execute(async (trx) => {
      await lockClass(trx, showId, classId);
      return fn(trx);
    });
}

const lockClassQuery = reusableQuery(2, (db, showId: string, classId: string) =>
  db
    .selectFrom("show_class")
    .select("id")
    .where("show_id", "=", showId)
    .where("id", "=", classId)
    .forNoKeyUpdate(),
);

async function lockClass(trx: Transaction<Database>, showId: string, classId: string): Promise<void> {
  await lockClassQuery(trx, showId, classId);
}

/**
 * Deletes the entries `removeIds` names and inserts `rows` in the caller's transaction: on
 * PostgreSQL as one statement (a data-modifying WITH), one round trip; on SQLite as two.
 */
export async function replaceEntries(
  db: Transaction<Database>,
  kind: DbKind,
  removeIds: readonly string[],
  rows: readonly ClassEntryTable[],
): Promise<void> {
  if (removeIds.length === 0) return insertEntries(db, rows);
  if (rows.length === 0) return deleteEntriesById(db, removeIds);
  if (kind === "postgres") {
    await deleteAndInsert(db, String(removeIds.length), [...removeIds, ...entryValues(rows)]);
    return;
  }
  await deleteEntriesById(db, removeIds);
  await insertEntries(db, rows);
}

/** ImShowing entries the given riders already hold in one class (for mirroring without duplicates). */
export async function listImShowing(
  db: Queryable,
  userIds: readonly string[],
  showId: string,
  classId: string,
): Promise<{ user_id: string; horse_id: string | null; rider_id: string | null }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom("class_entry")
    .where("user_id", "in", [...userIds])
    .where("show_id", "=", showId)
    .where("class_id", "=", classId)
    .where("status", "=", "ImShowing")
    .select(["user_id", "horse_id", "rider_id"])
    .execute();
}

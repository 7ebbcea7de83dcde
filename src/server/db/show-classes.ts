import type { PlannedClass } from "#domain/shows/class-editing.ts";
import { classNumberFromId } from "#domain/shows/class-number.ts";
import { primaryDivisionForClassName } from "#domain/shows/division-rule.ts";
import type { Queryable } from "#server/db/client.ts";
import { slicer } from "#server/platform/turns.ts";

/**
 * A show's class list as everyone who writes it keeps it: the show editor, the schedule editor, the
 * class lists read from photos and the demo seed. Each write keeps the show's division summary
 * (`show_division`, the planner's facets) in step, and a removed class marks the notifications about
 * it. Call inside the writer's transaction.
 */

/** A class as an admin form, an import or the demo seed provides it. */
export interface NewClass {
  /** The class id, unique within the show: `cel-12E`, `sfs-3`, `class-7`. */
  id: string;
  name: string;
  date?: string | null;
}

/** Rows per insert statement: far below SQLite's bound-parameter limit on every version. */
const INSERT_CHUNK = 500;
/**
 * Classes removed or added per statement when a show's classes are saved: each removal takes its
 * entries with it, each addition fires the catalogue's triggers, and on SQLite a statement holds the
 * event loop (500 new classes took 50 ms).
 */
const SAVE_CHUNK = 100;

/**
 * Inserts a show's classes in the given order, after any it already has. Every class gets its display
 * number from its id and its PRIMARY division from its name (src/domain/shows/division-rule.ts: the first tag in
 * precedence order, so 'Amateur Country Pleasure' is country-pleasure and 'Youth 12-17' is youth). Keeps
 * the show's division summary (used by the planner's facets) in step. Call inside a transaction.
 */
export async function insertClasses(
  trx: Queryable,
  showId: string,
  classes: readonly NewClass[],
): Promise<void> {
  if (classes.length > 0) {
    const last = await trx
      .selectFrom("show_class")
      .select((eb) => eb.fn.max<number | null>("position").as("max"))
      .where("show_id", "=", showId)
      .executeTakeFirst();
    const first = last?.max == null ? 0 : Number(last.max) + 1;
    const rows = classes.map((c, i) => ({
      show_id: showId,
      id: c.id,
      position: first + i,
      number: classNumberFromId(c.id),
      name: c.name,
      date: c.date || null,
      division_id: primaryDivisionForClassName(c.name),
    }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx
        .insertInto("show_class")
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  }
  await refreshShowDivisions(trx, showId);
}

/**
 * Rebuilds the show's row set in `show_division` (which divisions its classes carry, with counts)
 * from `show_class`. Call it after any change to a show's classes (insert, rename, delete).
 */
export async function refreshShowDivisions(trx: Queryable, showId: string): Promise<void> {
  await trx.deleteFrom("show_division").where("show_id", "=", showId).execute();
  await trx
    .insertInto("show_division")
    .columns(["show_id", "division_id", "class_count"])
    .expression((eb) =>
      eb
        .selectFrom("show_class")
        .select((s) => ["show_id", "division_id", s.fn.countAll<number>().as("class_count")])
        .where("show_id", "=", showId)
        .where("division_id", "is not", null)
        .groupBy(["show_id", "division_id"]),
    )
    .execute();
}

/**
 * Writes the class editor's result: removed classes go (their entries with them; notifications about
 * them are marked so), kept ones keep their ids.
 */
export async function applyClassPlan(
  trx: Queryable,
  showId: string,
  plan: { classes: readonly PlannedClass[]; removedIds: readonly string[] },
): Promise<void> {
  // A 1,000-class plan is thousands of statements, each run on the event loop on SQLite: the loop
  // gets a turn between them (ADR 030), and removals go in chunks (each cascades to entries).
  const turn = slicer();
  for (let i = 0; i < plan.removedIds.length; i += SAVE_CHUNK) {
    const ids = plan.removedIds.slice(i, i + SAVE_CHUNK);
    await trx.deleteFrom("show_class").where("show_id", "=", showId).where("id", "in", ids).execute();
    await markClassesDeleted(trx, showId, ids);
    await turn();
  }
  const row = (c: PlannedClass) => ({
    position: c.position,
    number: c.number,
    name: c.name,
    date: c.date,
    division_id: primaryDivisionForClassName(c.name),
  });
  for (const c of plan.classes.filter((c) => !c.isNew)) {
    await trx
      .updateTable("show_class")
      .set(row(c))
      .where("show_id", "=", showId)
      .where("id", "=", c.id)
      .execute();
    await turn();
  }
  const added = plan.classes.filter((c) => c.isNew);
  for (let i = 0; i < added.length; i += SAVE_CHUNK) {
    await trx
      .insertInto("show_class")
      .values(added.slice(i, i + SAVE_CHUNK).map((c) => ({ show_id: showId, id: c.id, ...row(c) })))
      .execute();
    await turn();
  }
  await refreshShowDivisions(trx, showId);
}

export async function classIdsOf(db: Queryable, showId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("show_class")
    .select("id")
    .where("show_id", "=", showId)
    .orderBy("position")
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Marks the notifications about these classes of the show as about a removed class (migration 021),
 * so the list says so instead of opening nothing.
 */
async function markClassesDeleted(db: Queryable, showId: string, classIds: readonly string[]): Promise<void> {
  if (classIds.length === 0) return;
  await db
    .updateTable("notification")
    .set({ class_deleted: 1 })
    .where("show_id", "=", showId)
    .where("class_id", "in", classIds)
    .execute();
}

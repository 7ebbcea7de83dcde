import type { Kysely } from "kysely";

/**
 * Show day round 2 (issue 34, ADR 033): what a steward chose when finishing or starting a session.
 *
 * - `ring_action.unrun`: on a Finish with classes not run, "scratch" (they are scratched) or "move"
 *   (they go to the next session); null when none was left.
 * - `ring_action.moved_class_ids`: the classes a "move" Finish put into the next session, as a JSON
 *   array, so its Undo puts exactly those back.
 * - `ring_action.early`: 1 on a Start the steward confirmed as early (before the session's day or well
 *   before its printed time); only then may estimates put its classes before the printed start.
 */
export function finishAndEarlyStartMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable("ring_action").addColumn("unrun", "text").execute();
      await db.schema.alterTable("ring_action").addColumn("moved_class_ids", "text").execute();
      await db.schema
        .alterTable("ring_action")
        .addColumn("early", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

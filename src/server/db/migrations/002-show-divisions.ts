import { type Kysely, sql } from "kysely";
import { primaryDivisionForClassName } from "#domain/shows/division-rule.ts";

/**
 * Divisions on classes, for the planner's division filter and facets.
 *
 * - Classes stored before the division rule existed get their primary division from their name.
 * - `show_division` summarises which divisions each show's classes carry. The planner's division
 *   facet counts shows per division; counted straight from `show_class` that reads every class of
 *   every upcoming show (250,000 rows in a season), from this table about fifteen rows per show.
 *   src/server/db/show-classes.ts (`insertClasses`, `refreshShowDivisions`) keeps it in step.
 */
export function showDivisionsMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      const names = await db
        .selectFrom("show_class")
        .select("name")
        .distinct()
        .where("division_id", "is", null)
        .execute();
      for (const { name } of names as { name: string }[]) {
        const division = primaryDivisionForClassName(name);
        if (!division) continue;
        await db
          .updateTable("show_class")
          .set({ division_id: division })
          .where("name", "=", name)
          .where("division_id", "is", null)
          .execute();
      }

      await db.schema
        .createTable("show_division")
        .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
        .addColumn("division_id", "text", (c) => c.notNull().references("division.id"))
        .addColumn("class_count", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("show_division_pk", ["show_id", "division_id"])
        .execute();
      await db.schema
        .createIndex("show_division_division")
        .on("show_division")
        .columns(["division_id", "show_id"])
        .execute();
      await sql`insert into show_division (show_id, division_id, class_count)
        select show_id, division_id, count(*) from show_class
        where division_id is not null group by show_id, division_id`.execute(db);
    },
  };
}

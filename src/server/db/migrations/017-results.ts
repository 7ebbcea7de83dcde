import { type Kysely, sql } from "kysely";

/**
 * Posted results and high-point standings (issue 22, ADR 026).
 *
 * - `points_scale`: a sanctioning organisation's scale (JSON array of points for 1st, 2nd, …), the
 *   points for showing without a placing and whether the scale follows the class size. No row: the
 *   default 7, 6, 5, 4, 3, 2 and 1 (src/domain/results/high-point.ts). `org` '' is shows with no organisation.
 * - `result_class`: one row per class whose results are published: who published, when, its current
 *   `version` (1 on publish, +1 per correction) and when it was last corrected.
 * - `result`: the current placings of a published class, one row per horse as printed, with the
 *   matched Ringside horse (null: kept as a name), the points it earned (the scale at the time) and
 *   the standings it counts in (`year`, `org`, `division_id` copied from the show and class, so a
 *   correction takes back exactly what publishing gave).
 * - `result_history`: every publication and correction: who, when, the version, and the lines as they
 *   were published (JSON), so the history of a class reads back.
 * - `result_hidden`: a Show Records row from the show's results that a person hid for themselves.
 * - `standing`: the high-point table, one row per year, organisation, division and horse (`horse_key`:
 *   the horse's id, or `name:` and its normalised printed name), kept current on each publication and
 *   correction by adding the difference; reads never sum results. `standing_show` counts a horse's
 *   classes per show so `standing.shows` stays right when a correction removes a show's last class;
 *   `standing_group` counts the horses of each year, organisation and division ("3rd of 41", the
 *   Standings filters) so no read counts or groups the whole table.
 */
export function resultsMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("points_scale")
        .addColumn("org", "text", (c) => c.primaryKey())
        .addColumn("placings", "text", (c) => c.notNull())
        .addColumn("shown", "integer", (c) => c.notNull())
        .addColumn("scale_by_size", "integer", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("result_class")
        .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
        .addColumn("class_id", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("published_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("published_at", "text", (c) => c.notNull())
        .addColumn("corrected_at", "text")
        .addPrimaryKeyConstraint("result_class_pk", ["show_id", "class_id"])
        .execute();

      await db.schema
        .createTable("result")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
        .addColumn("class_id", "text", (c) => c.notNull())
        .addColumn("line_no", "integer", (c) => c.notNull())
        .addColumn("placing", "integer")
        .addColumn("horse_name", "text", (c) => c.notNull())
        .addColumn("rider_name", "text", (c) => c.notNull())
        .addColumn("owner_name", "text", (c) => c.notNull())
        .addColumn("horse_id", "text", (c) => c.references("horse.id").onDelete("set null"))
        .addColumn("horse_key", "text", (c) => c.notNull())
        .addColumn("points", "integer", (c) => c.notNull())
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("org", "text", (c) => c.notNull())
        .addColumn("division_id", "text")
        .execute();
      await db.schema
        .createIndex("result_class_lines")
        .on("result")
        .columns(["show_id", "class_id"])
        .execute();
      await db.schema.createIndex("result_horse").on("result").columns(["horse_id"]).execute();

      await db.schema
        .createTable("result_history")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
        .addColumn("class_id", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("actor_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("lines", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("result_history_class")
        .on("result_history")
        .columns(["show_id", "class_id", "version"])
        .execute();

      await db.schema
        .createTable("result_hidden")
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("result_id", "text", (c) => c.notNull().references("result.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("result_hidden_pk", ["user_id", "result_id"])
        .execute();

      await db.schema
        .createTable("standing")
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("org", "text", (c) => c.notNull())
        .addColumn("division_id", "text", (c) => c.notNull())
        .addColumn("horse_key", "text", (c) => c.notNull())
        .addColumn("horse_id", "text", (c) => c.references("horse.id").onDelete("set null"))
        .addColumn("horse_name", "text", (c) => c.notNull())
        .addColumn("points", "integer", (c) => c.notNull())
        .addColumn("shows", "integer", (c) => c.notNull())
        .addColumn("classes", "integer", (c) => c.notNull())
        .addColumn("firsts", "integer", (c) => c.notNull())
        .addColumn("seconds", "integer", (c) => c.notNull())
        .addColumn("thirds", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("standing_pk", ["year", "org", "division_id", "horse_key"])
        .execute();
      // In the order a standings page reads (most points first, then name): the page is the index's range,
      // never a sort of the whole division.
      await sql`create index standing_rank on standing (year, org, division_id, points desc, horse_name, horse_key)`.execute(
        db,
      );
      await db.schema.createIndex("standing_horse").on("standing").columns(["horse_id", "year"]).execute();

      await db.schema
        .createTable("standing_show")
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("org", "text", (c) => c.notNull())
        .addColumn("division_id", "text", (c) => c.notNull())
        .addColumn("horse_key", "text", (c) => c.notNull())
        .addColumn("show_id", "text", (c) => c.notNull())
        .addColumn("classes", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("standing_show_pk", ["year", "org", "division_id", "horse_key", "show_id"])
        .execute();

      await db.schema
        .createTable("standing_group")
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("org", "text", (c) => c.notNull())
        .addColumn("division_id", "text", (c) => c.notNull())
        .addColumn("horses", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("standing_group_pk", ["year", "org", "division_id"])
        .execute();
    },
  };
}

import { type Kysely, sql } from "kysely";

/**
 * High-point ranks without counting horses (issue 22 "Speed and scale", ADR 026):
 *
 * - `standing_points`: per year, organisation and division, how many horses stand on each points total.
 *   A horse's rank is 1 + the horses on higher totals: a sum over the few hundred distinct totals of a
 *   division rather than a walk over the thousands of `standing` rows above a low-ranked horse. Kept by
 *   difference with `standing` on every publication and correction; filled here from `standing` as it is.
 */
export function standingPointsMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("standing_points")
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("org", "text", (c) => c.notNull())
        .addColumn("division_id", "text", (c) => c.notNull())
        .addColumn("points", "integer", (c) => c.notNull())
        .addColumn("horses", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("standing_points_pk", ["year", "org", "division_id", "points"])
        .execute();
      await sql`insert into standing_points (year, org, division_id, points, horses)
        select year, org, division_id, points, count(*) from standing group by year, org, division_id, points`.execute(
        db,
      );
    },
  };
}

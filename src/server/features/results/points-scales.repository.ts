import type { Queryable } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";

/** The points scale of an organisation, or undefined for the default. */
export async function scaleRow(db: Queryable, org: string) {
  return db.selectFrom("points_scale").selectAll().where("org", "=", org).executeTakeFirst();
}

export async function saveScale(db: Queryable, row: Database["points_scale"]): Promise<void> {
  await db
    .insertInto("points_scale")
    .values(row)
    .onConflict((oc) =>
      oc.column("org").doUpdateSet({
        placings: row.placings,
        shown: row.shown,
        scale_by_size: row.scale_by_size,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

import type { Queryable } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";

/** The points scale of an organisation, or undefined for the default. */
export async function scaleRow(db: Queryable, org: string) {
  return db.selectFrom("points_scale").selectAll().where("org", "=", org).executeTakeFirst();
}

/** The organisations written on shows, and those with a scale of their own, in alphabetical order. */
export async function knownOrgs(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectFrom("show")
    .select("sanctioning_org as org")
    .where("sanctioning_org", "is not", null)
    .where("sanctioning_org", "<>", "")
    .union(db.selectFrom("points_scale").select("org"))
    .execute();
  return [...new Set(rows.map((r) => r.org).filter((o): o is string => !!o))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/** Whether an organisation is written on a show or has a scale of its own. */
export async function isKnownOrg(db: Queryable, org: string): Promise<boolean> {
  const [onShow, scaled] = await Promise.all([
    db.selectFrom("show").select("id").where("sanctioning_org", "=", org).limit(1).executeTakeFirst(),
    scaleRow(db, org),
  ]);
  return !!onShow || !!scaled;
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

import type { Transaction } from "kysely";
import type { Queryable } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";

/** The horse names results are matched against: every horse's name, and the printed names people confirmed. */
export async function allHorseNames(db: Queryable): Promise<{ id: string; name: string }[]> {
  return db.selectFrom("horse").select(["id", "name"]).execute();
}

/**
 * The names every horse was printed under and confirmed, by horse, for the preview's matching (which
 * normalises the printed spelling). Publishing looks names up by key instead (`horsesNamedExactly`).
 */
export async function aliasNames(db: Queryable): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  const rows = await db.selectFrom("horse_alias").select(["horse_id", "printed"]).execute();
  for (const r of rows) names.set(r.horse_id, [...(names.get(r.horse_id) ?? []), r.printed]);
  return names;
}

/** Remembers printed names for horses; a name the horse already has stays as first confirmed. */
export async function insertAliases(
  trx: Transaction<Database>,
  rows: readonly Database["horse_alias"][],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("horse_alias")
    .values([...rows])
    .onConflict((oc) => oc.columns(["horse_id", "name_key"]).doNothing())
    .execute();
}

export async function horseAliasRows(db: Queryable, horseId: string) {
  return db
    .selectFrom("horse_alias")
    .select(["id", "printed", "confirmed_at"])
    .where("horse_id", "=", horseId)
    .orderBy("confirmed_at")
    .orderBy("id")
    .execute();
}

/** Forgets one name of a horse; false when the horse has no such name. */
export async function deleteAlias(db: Queryable, horseId: string, aliasId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("horse_alias")
    .where("id", "=", aliasId)
    .where("horse_id", "=", horseId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function horseNamesById(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("horse")
    .select(["id", "name"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

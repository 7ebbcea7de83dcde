import { type Kysely, sql } from "kysely";
import { newestPrintedOwners } from "#domain/results/printed-owner.ts";

/**
 * The printed owner kept on each standing (issue 36, ADR 048), so the standings sort by it over a whole
 * division as by their other columns: `standing.owner_name`, the owner printed on the horse's results at its
 * newest show in the standings, "" when none was. Kept at every publication, correction and withdrawal (and
 * when a show's start date changes); filled here as the standings read it until now: each division's lines
 * at its horses' shows, newest show first, picked by the domain's rule (printed-owner.ts). The default is only
 * there because SQLite cannot add a NOT NULL column without one. `standing_owner` orders a division by it.
 */
export function standingOwnerMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable("standing")
        .addColumn("owner_name", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      const groups = await sql<{ year: number; org: string; division_id: string }>`
        select year, org, division_id from standing_group order by year, org, division_id`.execute(db);
      for (const g of groups.rows) {
        const lines = await sql<{ horse_key: string; show_id: string; owner_name: string }>`
          select ss.horse_key, ss.show_id, r.owner_name
          from standing_show ss
          join "show" sh on sh.id = ss.show_id
          join result r on r.show_id = ss.show_id and r.horse_key = ss.horse_key and r.division_id = ss.division_id
          where ss.year = ${g.year} and ss.org = ${g.org} and ss.division_id = ${g.division_id}
          order by sh.start_date desc, ss.show_id, r.class_id`.execute(db);
        const owners = newestPrintedOwners(lines.rows.map((l) => ({ ...l, standing: l.horse_key })));
        for (const [horseKey, owner] of owners) {
          if (!owner) continue;
          await sql`update standing set owner_name = ${owner}
            where year = ${g.year} and org = ${g.org} and division_id = ${g.division_id} and horse_key = ${horseKey}`.execute(
            db,
          );
        }
      }
      // In the order a page sorted by owner A to Z reads (no owner last, then the owner as the horse's name
      // sorts, then the ranks): its keys are the index's range. Z to A reads it with its ranks sorted again.
      await sql`create index standing_owner on standing (year, org, division_id,
        (case when owner_name = '' then 1 else 0 end), lower(owner_name), points desc, horse_name, horse_key)`.execute(
        db,
      );
    },
  };
}

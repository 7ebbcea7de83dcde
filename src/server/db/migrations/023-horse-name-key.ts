import type { Kysely } from "kysely";
import { normaliseHorseName } from "#domain/results/horse-match.ts";

/**
 * A horse's normalised name (`horse.name_key` = normaliseHorseName(name)), indexed, so publishing
 * results can ask which horses a printed name is exactly — by name or by a remembered name
 * (`horse_alias.name_key`) — without loading every horse (issue 22, ADR 026).
 *
 * Normalising (accents, "&", a leading "The") is JavaScript, so every write of a horse's name
 * writes its key too, and this backfill computes it in JavaScript for the horses already there. The
 * default is only there because SQLite cannot add a NOT NULL column without one.
 */
export function horseNameKeyMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable("horse")
        .addColumn("name_key", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      const horses: { id: string; name: string }[] = await db
        .selectFrom("horse")
        .select(["id", "name"])
        .execute();
      for (const h of horses) {
        await db
          .updateTable("horse")
          .set({ name_key: normaliseHorseName(h.name) })
          .where("id", "=", h.id)
          .execute();
      }
      await db.schema.createIndex("horse_name_key").on("horse").column("name_key").execute();
    },
  };
}

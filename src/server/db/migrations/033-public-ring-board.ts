import type { Kysely } from "kysely";

/**
 * The public ring board (issue 35, ADR 046): `/shows/{id}/board` answers only while the show has a row
 * here. `public_board` keeps who made it public and when; making it private again deletes the row.
 * Deleting the show deletes its row; deleting the person keeps the board public, without its maker.
 */
export function publicRingBoardMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("public_board")
        .addColumn("show_id", "text", (c) => c.primaryKey().references("show.id").onDelete("cascade"))
        .addColumn("made_public_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("made_public_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}

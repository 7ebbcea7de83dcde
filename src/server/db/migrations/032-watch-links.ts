import type { Kysely } from "kysely";

/**
 * Watch links (issue 35, ADR 044): a live page of one horse at one show for people without an account.
 *
 * - `watch_link`: the SHA-256 of the link's random token (256 bits; the token itself is never stored, so
 *   a copy of the database opens no page), the horse and the show, who made it and when, when it expires
 *   (the end of the day after the show ends, on the show's clock), when it was revoked (null while it
 *   works), and whether the page names the rider (`show_rider`, 1 or 0). Deleting the horse or the show
 *   deletes its links; deleting the person who made one keeps the link, without its maker.
 *   `watch_link_token` finds a link by its hash (unique); `watch_link_horse` lists a horse's links.
 */
export function watchLinksMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await createLinkTable(db, "watch_link", { column: "horse_id", references: "horse.id" });
    },
  };
}

/**
 * A table of live links (this one, and the barn's of migration 036): the token's hash, what the link shows
 * (`subject`, deleted with it), the show, its maker, when it was made, expires and was revoked, and
 * whether it names riders; `<table>_token` (unique) finds one by its hash and `<table>_<subject>` lists them.
 */
export async function createLinkTable(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  db: Kysely<any>,
  table: string,
  subject: { column: string; references: string; index?: string },
): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn(subject.column, "text", (c) => c.notNull().references(subject.references).onDelete("cascade"))
    .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
    .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("show_rider", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex(`${table}_token`).unique().on(table).column("token_hash").execute();
  await db.schema
    .createIndex(`${table}_${subject.index ?? subject.column.replace(/_id$/, "")}`)
    .on(table)
    .columns([subject.column, "show_id"])
    .execute();
}

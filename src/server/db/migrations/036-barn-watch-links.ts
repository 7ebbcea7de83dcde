import type { Kysely } from "kysely";
import { createLinkTable } from "#server/db/migrations/032-watch-links.ts";

/**
 * Barn links (issue 35, ADR 050): a live page of a trainer's whole barn at one show, for people without
 * an account, kept as migration 032 keeps a horse's link.
 *
 * - `barn_watch_link`: the SHA-256 of the link's random token (256 bits; never the token), the barn's
 *   trainer (`trainer_id`: the page shows the horses they train that have classes at the show, read at
 *   each request), the show, who made it and when, when it expires (the end of the day after the show
 *   ends, on the show's clock), when it was revoked, and whether the page names riders. Deleting the
 *   trainer's account or the show deletes its links; deleting its maker keeps it, without its maker.
 *   `barn_watch_link_token` finds a link by its hash (unique); `barn_watch_link_trainer` lists a barn's.
 */
export function barnWatchLinksMigration() {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await createLinkTable(db, "barn_watch_link", { column: "trainer_id", references: "user.id" });
    },
  };
}

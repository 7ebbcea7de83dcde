import type { Kysely } from "kysely";
import { parseRoles, type Role } from "#domain/people/roles.ts";
import type { Database } from "#server/db/schema.ts";

export interface FeedRow {
  userId: string;
  salt: string;
  contentHash: string | null;
  changedAt: string;
}

/** The `calendar_feed` table (migration 009). */
export function calendarFeedRepository(db: Kysely<Database>) {
  return {
    async forUser(userId: string): Promise<FeedRow | undefined> {
      const row = await db
        .selectFrom("calendar_feed")
        .select(["user_id", "salt", "content_hash", "changed_at"])
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row && toFeed(row);
    },

    /** The feed a token opens, with its owner's roles (the roster depends on them). */
    async byTokenHash(tokenHash: string): Promise<(FeedRow & { roles: Role[] }) | undefined> {
      const row = await db
        .selectFrom("calendar_feed as f")
        .innerJoin("user as u", "u.id", "f.user_id")
        .select(["f.user_id", "f.salt", "f.content_hash", "f.changed_at", "u.roles"])
        .where("f.token_hash", "=", tokenHash)
        .executeTakeFirst();
      return row && { ...toFeed(row), roles: parseRoles(row.roles) };
    },

    /** Creates the feed, or replaces its salt and token (the old token stops matching). */
    async put(userId: string, salt: string, tokenHash: string, now: string): Promise<void> {
      await db
        .insertInto("calendar_feed")
        .values({ user_id: userId, salt, token_hash: tokenHash, content_hash: null, changed_at: now })
        .onConflict((oc) =>
          oc
            .column("user_id")
            .doUpdateSet({ salt, token_hash: tokenHash, content_hash: null, changed_at: now }),
        )
        .execute();
    },

    /** Records that the calendar came out different (not if the token was replaced meanwhile). */
    async changed(userId: string, tokenHash: string, contentHash: string, now: string): Promise<void> {
      await db
        .updateTable("calendar_feed")
        .set({ content_hash: contentHash, changed_at: now })
        .where("user_id", "=", userId)
        .where("token_hash", "=", tokenHash)
        .execute();
    },
  };
}

function toFeed(row: {
  user_id: string;
  salt: string;
  content_hash: string | null;
  changed_at: string;
}): FeedRow {
  return { userId: row.user_id, salt: row.salt, contentHash: row.content_hash, changedAt: row.changed_at };
}

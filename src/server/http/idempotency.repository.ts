import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export interface StoredKey {
  fingerprint: string;
  statusCode: number | null;
  body: string | null;
  createdAt: string;
  /** The server process holding the claim (ADR 029); null on claims made before migration 029. */
  bootId: string | null;
}

/** The server process that claims keys: its stable name and its boot id (platform/instance.ts). */
export interface Claimant {
  name: string;
  bootId: string;
}

/** The `idempotency_key` table (migrations 009, 029): claims, stored answers, expiry. */
export function idempotencyRepository(db: Kysely<Database>, claimant: Claimant) {
  const holder = { instance: claimant.name, boot_id: claimant.bootId };
  return {
    /** Claims the key for this user; false when a row for it exists already (another request has it). */
    async claim(userId: string, key: string, fingerprint: string, now: string): Promise<boolean> {
      const result = await db
        .insertInto("idempotency_key")
        .values({
          user_id: userId,
          key,
          fingerprint,
          status_code: null,
          body: null,
          created_at: now,
          ...holder,
        })
        .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async find(userId: string, key: string): Promise<StoredKey | undefined> {
      const row = await db
        .selectFrom("idempotency_key")
        .select(["fingerprint", "status_code", "body", "created_at", "boot_id"])
        .where("user_id", "=", userId)
        .where("key", "=", key)
        .executeTakeFirst();
      return (
        row && {
          fingerprint: row.fingerprint,
          statusCode: row.status_code,
          body: row.body,
          createdAt: row.created_at,
          bootId: row.boot_id,
        }
      );
    },

    /** Takes over a claim whose request never answered (its server died); false if someone else did first. */
    async takeOver(userId: string, key: string, claimedAt: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("idempotency_key")
        .set({ created_at: now, ...holder })
        .where("user_id", "=", userId)
        .where("key", "=", key)
        .where("status_code", "is", null)
        .where("created_at", "=", claimedAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async complete(userId: string, key: string, statusCode: number, body: string): Promise<void> {
      await db
        .updateTable("idempotency_key")
        .set({ status_code: statusCode, body })
        .where("user_id", "=", userId)
        .where("key", "=", key)
        .execute();
    },

    /** Gives the key back: the request failed in a way a retry may fix (server error, throttled). */
    async release(userId: string, key: string): Promise<void> {
      await db
        .deleteFrom("idempotency_key")
        .where("user_id", "=", userId)
        .where("key", "=", key)
        .where("status_code", "is", null)
        .execute();
    },

    /**
     * Gives back the unanswered claims of this server's earlier processes (same name, another boot id):
     * they died with their requests, so nothing will answer them (ADR 029).
     */
    async releaseEarlierProcesses(): Promise<void> {
      await db
        .deleteFrom("idempotency_key")
        .where("instance", "=", claimant.name)
        .where("status_code", "is", null)
        .where("boot_id", "<>", claimant.bootId)
        .execute();
    },

    async deleteOlderThan(cutoff: string): Promise<void> {
      await db.deleteFrom("idempotency_key").where("created_at", "<", cutoff).execute();
    },
  };
}

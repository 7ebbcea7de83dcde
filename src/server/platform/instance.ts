import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { newId } from "#server/platform/ids.ts";

/**
 * This server process in the database (issue 31, items 5 and 6; ADR 029): its stable name (INSTANCE,
 * else host:port), a boot id of its own, and a short lease it renews while it runs. What a process
 * holds in shared tables (idempotency claims, live streams) carries its boot id; another server lets
 * it go once the lease has lapsed, and the next process under the same name at once, at start.
 */

/** How long a lease lasts without renewal: a dead server's holdings wait this long at most. */
export const LEASE_MS = 15_000;
/** How often a running server renews its lease: three chances before it lapses. */
export const RENEW_EVERY_MS = 5_000;
/** Rows of processes dead this long are deleted (their holdings are let go long before). */
const FORGET_AFTER_MS = 60 * 60 * 1000;

export interface ServerInstance {
  /** The server's stable name, the same after a restart. */
  readonly name: string;
  /** This process's own id. */
  readonly bootId: string;
  /** Whether the process `bootId` is alive: this one, or one whose lease has not lapsed. */
  alive(bootId: string): Promise<boolean>;
  /** Renews the lease now (the timer does it every RENEW_EVERY_MS). */
  renew(): Promise<void>;
  /** Stops renewing and deletes this process's row: what it still holds is let go at once. */
  close(): Promise<void>;
}

const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Registers this process under `name` and deletes the rows of that name's earlier processes (dead, since
 * a name runs one process at a time), then renews the lease every RENEW_EVERY_MS.
 */
export async function startServerInstance(opts: {
  db: Db;
  name: string;
  log: Pick<FastifyBaseLogger, "warn">;
}): Promise<ServerInstance> {
  const { db } = opts.db;
  const bootId = newId();
  const startedAt = new Date().toISOString();

  async function renew(): Promise<void> {
    const leaseUntil = isoIn(LEASE_MS);
    // An upsert: a row another server deleted while this one stalled comes back.
    await db
      .insertInto("server_instance")
      .values({ boot_id: bootId, name: opts.name, started_at: startedAt, lease_until: leaseUntil })
      .onConflict((oc) => oc.column("boot_id").doUpdateSet({ lease_until: leaseUntil }))
      .execute();
    await db.deleteFrom("server_instance").where("lease_until", "<", isoIn(-FORGET_AFTER_MS)).execute();
  }

  await db
    .deleteFrom("server_instance")
    .where("name", "=", opts.name)
    .where("boot_id", "<>", bootId)
    .execute();
  await renew();
  const timer = setInterval(() => {
    renew().catch((error: Error) => opts.log.warn(`server instance lease not renewed: ${error.message}`));
  }, RENEW_EVERY_MS);
  timer.unref();

  return {
    name: opts.name,
    bootId,
    renew,
    async alive(other) {
      if (other === bootId) return true;
      const row = await db
        .selectFrom("server_instance")
        .select("lease_until")
        .where("boot_id", "=", other)
        .executeTakeFirst();
      return !!row && row.lease_until > new Date().toISOString();
    },
    async close() {
      clearInterval(timer);
      await db.deleteFrom("server_instance").where("boot_id", "=", bootId).execute();
    },
  };
}

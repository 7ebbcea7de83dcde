import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#server/platform/ids.ts";
import { LEASE_MS, startServerInstance } from "#server/platform/instance.ts";
import { createTestApp, type TestApp } from "#tests/support/server.ts";

/** This server process in the database (ADR 029): its row, its lease, and who counts as alive. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const log = { warn: () => {} };
const iso = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();

async function plant(name: string, leaseFromNow: number): Promise<string> {
  const bootId = newId();
  await t.app.deps.db.db
    .insertInto("server_instance")
    .values({ boot_id: bootId, name, started_at: iso(-60_000), lease_until: iso(leaseFromNow) })
    .execute();
  return bootId;
}

const rowOf = (bootId: string) =>
  t.app.deps.db.db.selectFrom("server_instance").selectAll().where("boot_id", "=", bootId).executeTakeFirst();

describe("a server instance", () => {
  it("deletes its name's earlier processes as it starts, and nobody else's", async () => {
    const name = `restarting-${newId()}`;
    const earlier = await plant(name, 60_000);
    const neighbour = await plant(`neighbour-${newId()}`, 60_000);
    const instance = await startServerInstance({ db: t.app.deps.db, name, log });
    try {
      expect(await rowOf(earlier)).toBeUndefined();
      expect(await rowOf(neighbour)).toBeDefined();
      const mine = await rowOf(instance.bootId);
      expect(mine?.name).toBe(name);
      expect(Date.parse(mine!.lease_until) - Date.now()).toBeGreaterThan(LEASE_MS - 5_000);
    } finally {
      await instance.close();
    }
  });

  it("calls itself and a server whose lease runs alive; a lapsed lease or an unknown process is dead", async () => {
    const instance = await startServerInstance({ db: t.app.deps.db, name: `alive-${newId()}`, log });
    try {
      expect(await instance.alive(instance.bootId)).toBe(true);
      expect(await instance.alive(await plant(`live-${newId()}`, 10_000))).toBe(true);
      expect(await instance.alive(await plant(`dead-${newId()}`, -1))).toBe(false);
      expect(await instance.alive(newId())).toBe(false);
    } finally {
      await instance.close();
    }
  });

  it("comes back on renewal when another server deleted its row, and leaves when it closes", async () => {
    const instance = await startServerInstance({ db: t.app.deps.db, name: `stalled-${newId()}`, log });
    await t.app.deps.db.db.deleteFrom("server_instance").where("boot_id", "=", instance.bootId).execute();
    await instance.renew();
    expect(await rowOf(instance.bootId)).toBeDefined();
    await instance.close();
    expect(await rowOf(instance.bootId)).toBeUndefined();
  });
});

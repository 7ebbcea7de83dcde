import { join } from "node:path";
import { openDatabase } from "../../src/server/db/client.ts";
import { keepDemoLive, liveShowOf } from "../../src/server/db/seed/demo-live.ts";
import { seedRunningShow } from "../../src/server/db/seed/demo-show-day.ts";

/**
 * Every bench run has a show running now (issue 33): the demo's running show (Eagleville, placed at the
 * show's hour by the same code a demo server runs at start, ADR 032). A demo database has it already
 * and a stale one is placed again; a generated season gets it once, with `steward` (an email) as the
 * steward who ran it and each of `showing` (emails) showing a horse of theirs a few classes after the ring.
 */
export async function keepBenchShowLive(opts: {
  dataDir: string;
  databaseUrl?: string | undefined;
  steward: string;
  showing: readonly string[];
}): Promise<void> {
  const db = openBenchDatabase(opts);
  try {
    if (await liveShowOf(db.db)) {
      await keepDemoLive(db);
      return;
    }
    const userId = async (email: string) =>
      (await db.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst())?.id;
    const steward = await userId(opts.steward);
    if (!steward) return;
    const entries: Parameters<typeof seedRunningShow>[1]["entries"] = [];
    for (const [i, email] of opts.showing.entries()) {
      const id = await userId(email);
      const horse = id
        ? await db.db
            .selectFrom("horse_owner")
            .select("horse_id")
            .where("user_id", "=", id)
            .executeTakeFirst()
        : undefined;
      if (id && horse) {
        entries.push({
          userId: id,
          horseId: horse.horse_id,
          riderId: id,
          status: "HorseIsShowing",
          after: 2 + i * 2,
        });
      }
    }
    const now = new Date();
    await db.db.transaction().execute(async (trx) => {
      const showId = await seedRunningShow(trx, { now, iso: now.toISOString(), adminId: steward, entries });
      await trx.insertInto("ring_steward").values({ show_id: showId, user_id: steward }).execute();
    });
  } finally {
    await db.close();
  }
}

/** The id of the show running now on a bench database (keepBenchShowLive has placed it). */
export async function liveShowId(opts: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<string> {
  const db = openBenchDatabase(opts);
  try {
    const live = await liveShowOf(db.db);
    if (!live) throw new Error("no show is running on the bench database");
    return live.showId;
  } finally {
    await db.close();
  }
}

const openBenchDatabase = (opts: { dataDir: string; databaseUrl?: string | undefined }) =>
  openDatabase(
    opts.databaseUrl
      ? { kind: "postgres", url: opts.databaseUrl }
      : { kind: "sqlite", file: join(opts.dataDir, "ringside.sqlite") },
  );

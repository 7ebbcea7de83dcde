import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, Migrator, sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseConfig } from "#server/config.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import { migrateTo, migrateToLatest, pendingMigrations } from "#server/db/migrate.ts";
import { testEngine } from "#tests/support/server.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A fresh, empty database of this run's engine: a SQLite file, or a new PostgreSQL database. */
async function emptyDatabase(): Promise<DatabaseConfig> {
  if (testEngine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "ringside-migrate-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return { kind: "sqlite", file: join(dir, "ringside.sqlite") };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `ringside_m_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { kind: "postgres", url: url.toString() };
}

function open(config: DatabaseConfig): Db {
  const db = openDatabase(config);
  cleanups.unshift(() => db.close());
  return db;
}

const tableExists = async (db: Kysely<never>, name: string) =>
  (await db.introspection.getTables({ withInternalKyselyTables: true })).some((t) => t.name === name);

describe("migrations (ADR 021)", () => {
  it("leave nothing behind when one of a run fails: the run is one transaction", async () => {
    const db = open(await emptyDatabase());
    const migrator = new Migrator({
      db: db.db,
      provider: {
        getMigrations: async () => ({
          "a-creates": {
            up: async (trx: Kysely<unknown>) => {
              await trx.schema.createTable("half_done").addColumn("id", "integer").execute();
            },
          },
          "b-fails": {
            up: async (trx: Kysely<unknown>) => {
              await sql`insert into no_such_table values (1)`.execute(trx);
            },
          },
        }),
      },
    });
    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeDefined();
    expect(results?.find((r) => r.status === "Error")?.migrationName).toBe("b-fails");
    expect(await tableExists(db.db as never, "half_done")).toBe(false);
    const ran = await sql<{ name: string }>`select name from kysely_migration`.execute(db.db);
    expect(ran.rows).toEqual([]);
  });

  it("run once when several servers start together on one database", async () => {
    const config = await emptyDatabase();
    // Three servers on PostgreSQL; SQLite is one server per file, so one at a time there.
    const servers = Array.from({ length: testEngine === "postgres" ? 3 : 1 }, () => open(config));
    await Promise.all(servers.map((db) => migrateToLatest(db)));
    const [first] = servers;
    const ran = await sql<{ name: string; count: string | number }>`
      select name, count(*) as count from kysely_migration group by name order by name`.execute(first!.db);
    expect(ran.rows.length).toBeGreaterThan(5);
    expect(ran.rows.every((r) => Number(r.count) === 1)).toBe(true);
    for (const db of servers) expect(await pendingMigrations(db)).toEqual([]);
    // A server started later finds nothing to do.
    await migrateToLatest(open(config));
    const again = await sql<{ n: string | number }>`select count(*) as n from kysely_migration`.execute(
      first!.db,
    );
    expect(Number(again.rows[0]!.n)).toBe(ran.rows.length);
  });

  it("023 gives the horses already there their name key, computed as matching normalises names", async () => {
    const db = open(await emptyDatabase());
    await migrateTo(db, "022-horse-alias");
    const at = new Date().toISOString();
    for (const [id, name] of [
      ["h-1", "The Gold Rush"],
      ["h-2", "Pusher's C.E.O. & Co"],
      ["h-3", "Él Niño"],
    ]) {
      await sql`insert into horse (id, name, gender, date_of_birth, canters, picture_id, created_at)
        values (${id}, ${name}, ${"Mare"}, ${"2018-01-01"}, ${0}, ${null}, ${at})`.execute(db.db);
    }
    await migrateToLatest(db);
    const keys = await db.db.selectFrom("horse").select(["id", "name_key"]).orderBy("id").execute();
    expect(keys).toEqual([
      { id: "h-1", name_key: "gold rush" },
      { id: "h-2", name_key: "pushers ceo and co" },
      { id: "h-3", name_key: "el nino" },
    ]);
    expect(await pendingMigrations(db)).toEqual([]);
  });

  it("037 gives the standings already there the owner printed at each horse's newest show", async () => {
    const db = open(await emptyDatabase());
    await migrateTo(db, "036-barn-watch-links");
    const at = new Date().toISOString();
    for (const [id, start_date] of [
      ["s-old", "2029-04-01"],
      ["s-new", "2029-06-01"],
    ] as const)
      await db.db
        .insertInto("show")
        .values({
          id,
          name: id,
          start_date,
          end_date: start_date,
          location: "Shelbyville, TN",
          sanctioning_org: "WHOA",
          is_ai_prediction: 0,
          created_at: at,
        })
        .execute();
    // [show, class, division, horse key, owner printed]
    const lines = [
      ["s-old", "c-1", "lite-shod", "k-1", "Old Farm"],
      ["s-new", "c-1", "lite-shod", "k-1", " "],
      ["s-new", "c-2", "lite-shod", "k-1", " New Farm "],
      ["s-old", "c-1", "lite-shod", "k-2", "Old Farm"],
      ["s-new", "c-1", "lite-shod", "k-2", ""],
      ["s-old", "c-1", "lite-shod", "k-3", "Only Old"],
      ["s-new", "c-3", "park", "k-1", "Park Owner"],
    ] as const;
    for (const [i, [show_id, class_id, division_id, horse_key, owner_name]] of lines.entries())
      await db.db
        .insertInto("result")
        .values({
          id: `r-${i}`,
          show_id,
          class_id,
          line_no: 1,
          placing: 1,
          horse_name: horse_key,
          rider_name: "",
          owner_name,
          horse_id: null,
          horse_key,
          points: 5,
          year: 2029,
          org: "WHOA",
          division_id,
        })
        .execute();
    const standings = [...new Set(lines.map(([, , division, key]) => `${division}|${key}`))];
    for (const s of standings) {
      const [division_id, horse_key] = s.split("|") as [string, string];
      await sql`insert into standing (year, org, division_id, horse_key, horse_id, horse_name, points, shows, classes, firsts, seconds, thirds)
        values (${2029}, ${"WHOA"}, ${division_id}, ${horse_key}, ${null}, ${horse_key}, ${5}, ${1}, ${1}, ${1}, ${0}, ${0})`.execute(
        db.db,
      );
      const shows = new Set(
        lines.filter(([, , d, k]) => d === division_id && k === horse_key).map(([show]) => show),
      );
      for (const show_id of shows)
        await db.db
          .insertInto("standing_show")
          .values({ year: 2029, org: "WHOA", division_id, horse_key, show_id, classes: 1 })
          .execute();
    }
    for (const division_id of ["lite-shod", "park"])
      await db.db
        .insertInto("standing_group")
        .values({ year: 2029, org: "WHOA", division_id, horses: 1 })
        .execute();
    await migrateToLatest(db);
    const owners = await db.db
      .selectFrom("standing")
      .select(["division_id", "horse_key", "owner_name"])
      .orderBy("division_id")
      .orderBy("horse_key")
      .execute();
    expect(owners).toEqual([
      { division_id: "lite-shod", horse_key: "k-1", owner_name: "New Farm" },
      { division_id: "lite-shod", horse_key: "k-2", owner_name: "" },
      { division_id: "lite-shod", horse_key: "k-3", owner_name: "Only Old" },
      { division_id: "park", horse_key: "k-1", owner_name: "Park Owner" },
    ]);
    expect(await pendingMigrations(db)).toEqual([]);
  });

  it("038 keeps every Notify-me subscription and what waits for it, and each link's sent alerts on each of its browsers", async () => {
    const db = open(await emptyDatabase());
    await migrateTo(db, "037-standing-owner");
    const at = new Date().toISOString();
    await db.db
      .insertInto("show")
      .values({
        id: "s-1",
        name: "s-1",
        start_date: "2029-04-01",
        end_date: "2029-04-01",
        location: "Shelbyville, TN",
        sanctioning_org: "WHOA",
        is_ai_prediction: 0,
        created_at: at,
      })
      .execute();
    await sql`insert into horse (id, name, gender, date_of_birth, canters, picture_id, created_at, name_key)
      values (${"h-1"}, ${"Midnight Sun"}, ${"Mare"}, ${"2018-01-01"}, ${0}, ${null}, ${at}, ${"midnight sun"})`.execute(
      db.db,
    );
    await sql`insert into watch_link (id, token_hash, horse_id, show_id, created_by, created_at, expires_at, revoked_at, show_rider)
      values (${"l-1"}, ${"ab"}, ${"h-1"}, ${"s-1"}, ${null}, ${at}, ${"2029-04-03T05:00:00.000Z"}, ${null}, ${0})`.execute(
      db.db,
    );
    for (const id of ["p-1", "p-2"])
      await sql`insert into watch_push_subscription (id, link_id, endpoint, p256dh, auth, address, created_at)
        values (${id}, ${"l-1"}, ${`https://push.example/${id}`}, ${"k"}, ${"a"}, ${"198.51.100.7"}, ${at})`.execute(
        db.db,
      );
    await sql`insert into watch_push_delivery (id, subscription_id, topic, message, urgency, due_at, expires_at, attempts, lease_owner, lease_until, created_at)
      values (${"d-1"}, ${"p-1"}, ${"t"}, ${"{}"}, ${"high"}, ${at}, ${at}, ${0}, ${null}, ${null}, ${at})`.execute(
      db.db,
    );
    await sql`insert into watch_push_alert (link_id, class_id, kind, created_at)
      values (${"l-1"}, ${"c-4"}, ${"away"}, ${at})`.execute(db.db);

    await migrateToLatest(db);
    const subscriptions = await db.db
      .selectFrom("watch_push_subscription")
      .select(["id", "link_id", "barn_link_id", "endpoint"])
      .orderBy("id")
      .execute();
    expect(subscriptions).toEqual([
      { id: "p-1", link_id: "l-1", barn_link_id: null, endpoint: "https://push.example/p-1" },
      { id: "p-2", link_id: "l-1", barn_link_id: null, endpoint: "https://push.example/p-2" },
    ]);
    expect(await db.db.selectFrom("watch_push_delivery").select(["id", "subscription_id"]).execute()).toEqual(
      [{ id: "d-1", subscription_id: "p-1" }],
    );
    const alerts = await db.db
      .selectFrom("watch_push_alert")
      .select(["subscription_id", "horse_id", "class_id", "kind"])
      .orderBy("subscription_id")
      .execute();
    expect(alerts).toEqual([
      { subscription_id: "p-1", horse_id: "h-1", class_id: "c-4", kind: "away" },
      { subscription_id: "p-2", horse_id: "h-1", class_id: "c-4", kind: "away" },
    ]);
    // A subscription belongs to exactly one link.
    await expect(
      sql`insert into watch_push_subscription (id, link_id, barn_link_id, endpoint, p256dh, auth, address, created_at)
        values (${"p-3"}, ${null}, ${null}, ${"https://push.example/p-3"}, ${"k"}, ${"a"}, ${"x"}, ${at})`.execute(
        db.db,
      ),
    ).rejects.toThrow();
    // The queue still goes with its subscription, and the subscriptions with their link.
    await db.db.deleteFrom("watch_push_subscription").where("id", "=", "p-1").execute();
    expect(await db.db.selectFrom("watch_push_delivery").selectAll().execute()).toEqual([]);
    await db.db.deleteFrom("watch_link").where("id", "=", "l-1").execute();
    expect(await db.db.selectFrom("watch_push_subscription").selectAll().execute()).toEqual([]);
    expect(await db.db.selectFrom("watch_push_alert").selectAll().execute()).toEqual([]);
    expect(await pendingMigrations(db)).toEqual([]);
  });
});

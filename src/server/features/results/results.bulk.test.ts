import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishLine } from "#domain/contracts/results.ts";
import { DEFAULT_SCALE } from "#domain/results/high-point.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { horseNameColumns } from "#server/features/horses/horses.repository.ts";
import { seededRandom } from "#tests/support/seeded-random.ts";
import { freshDatabase } from "#tests/support/server.ts";
import { SeasonLoader } from "./results.bulk.ts";
import { type ClassWrite, writeClassResults } from "./results.publish.ts";

const HORSES = 30;
const names = new Map(Array.from({ length: HORSES }, (_, i) => [`h-${i}`, `Horse ${i}`]));
const SHOWS = [
  { id: "s-1", name: "Spring", start_date: "2025-04-01", sanctioning_org: "WHOA" },
  { id: "s-2", name: "Summer", start_date: "2025-07-01", sanctioning_org: "WHOA" },
  { id: "s-3", name: "Club", start_date: "2025-08-01", sanctioning_org: null },
  { id: "s-4", name: "Next Year", start_date: "2026-03-01", sanctioning_org: "WHOA" },
];
const DIVISIONS = ["lite-shod", "park-pleasure", null] as const;

/**
 * A small season: matched and unmatched horses, shown without a placing, a horse in several classes of a
 * show, with an owner printed on some lines and not on others.
 */
function season(): ClassWrite[][] {
  const rand = seededRandom(7);
  return SHOWS.map((show) =>
    Array.from({ length: 9 }, (_, c) => {
      const field = new Set<number>();
      const size = 3 + Math.floor(rand() * 6);
      while (field.size < size) field.add(Math.floor(rand() * HORSES));
      const lines: PublishLine[] = [...field].map((h, k) => {
        const matched = h % 5 !== 0;
        return {
          lineNo: k + 1,
          placing: k === size - 1 && c % 3 === 0 ? null : k + 1,
          horse: `Horse ${h}`,
          rider: `Rider ${k}`,
          owner: (h + c) % 4 === 0 ? "" : `Barn ${(h + c) % 3}`,
          horseId: matched ? `h-${h}` : null,
        };
      });
      return {
        show,
        cls: {
          id: `c-${c}`,
          number: String(c + 1),
          name: `Class ${c + 1}`,
          division_id: DIVISIONS[c % 3] ?? null,
        },
        lines,
        names,
        scale: DEFAULT_SCALE,
        actorId: null,
        mode: { kind: "publish" },
        notify: false,
      } satisfies ClassWrite;
    }),
  );
}

async function prepared(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const { database, drop } = await freshDatabase();
  const db = openDatabase(database);
  await migrateToLatest(db);
  const created = "2025-01-01T00:00:00.000Z";
  await db.db
    .insertInto("horse")
    .values(
      [...names].map(([id, name]) => ({
        id,
        ...horseNameColumns(name),
        gender: "Mare",
        date_of_birth: "2018-01-01",
        canters: 0,
        picture_id: null,
        created_at: created,
      })),
    )
    .execute();
  for (const show of SHOWS) {
    await db.db
      .insertInto("show")
      .values({
        ...show,
        end_date: show.start_date,
        location: "Shelbyville, TN",
        is_ai_prediction: 0,
        created_at: created,
      })
      .execute();
    await db.db
      .insertInto("show_class")
      .values(
        Array.from({ length: 9 }, (_, c) => ({
          show_id: show.id,
          id: `c-${c}`,
          position: c,
          number: String(c + 1),
          name: `Class ${c + 1}`,
          date: null,
          division_id: DIVISIONS[c % 3] ?? null,
        })),
      )
      .execute();
  }
  return {
    db,
    drop: async () => {
      await db.close();
      await drop();
    },
  };
}

/** Every row of the tables the loader writes, without row ids and times (new on every write), in one order. */
async function tables(db: Db) {
  const sorted = <T>(rows: T[]) =>
    rows.map((r) => JSON.stringify(r, (_, v) => (typeof v === "bigint" ? Number(v) : v))).sort();
  const numbers = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v]),
      ),
    );
  const q = db.db;
  return {
    result_class: sorted(
      numbers(
        await q
          .selectFrom("result_class")
          .select(["show_id", "class_id", "version", "published_by", "corrected_at"])
          .execute(),
      ),
    ),
    result: sorted(numbers((await q.selectFrom("result").selectAll().execute()).map(({ id: _, ...r }) => r))),
    result_history: sorted(
      numbers(
        await q
          .selectFrom("result_history")
          .select(["show_id", "class_id", "version", "kind", "actor_id", "lines"])
          .execute(),
      ),
    ),
    standing: sorted(numbers(await q.selectFrom("standing").selectAll().execute())),
    standing_show: sorted(numbers(await q.selectFrom("standing_show").selectAll().execute())),
    standing_group: sorted(numbers(await q.selectFrom("standing_group").selectAll().execute())),
    standing_points: sorted(numbers(await q.selectFrom("standing_points").selectAll().execute())),
  };
}

let byWritePath: Awaited<ReturnType<typeof prepared>>;
let byLoader: Awaited<ReturnType<typeof prepared>>;

beforeAll(async () => {
  byWritePath = await prepared();
  byLoader = await prepared();
});

afterAll(async () => {
  await byWritePath.drop();
  await byLoader.drop();
});

describe("season loader", () => {
  it("writes exactly the rows the write path writes, class by class", async () => {
    const shows = season();
    for (const classes of shows)
      for (const w of classes)
        await byWritePath.db.db
          .transaction()
          .execute((trx) => writeClassResults(trx, byWritePath.db.kind, w));
    const loader = new SeasonLoader(byLoader.db);
    for (const classes of season()) await loader.addShow(classes);
    await loader.finish();

    const expected = await tables(byWritePath.db);
    const loaded = await tables(byLoader.db);
    expect(expected.result).toHaveLength(shows.flat().reduce((n, w) => n + w.lines.length, 0));
    expect(expected.standing.length).toBeGreaterThan(20);
    const owners = new Set(expected.standing.map((s) => JSON.parse(s).owner_name));
    expect([...owners].sort()).toEqual(["", "Barn 0", "Barn 1", "Barn 2"]);
    expect(expected.standing_points.length).toBeGreaterThan(5);
    expect(loaded).toEqual(expected);
  });

  it("refuses a show with entries (their placings are the write path's)", async () => {
    const { db, drop } = await prepared();
    try {
      await db.db
        .insertInto("user")
        .values({
          id: "u-1",
          name: "Olive",
          email: "olive@example.test",
          email_verified: db.kind === "postgres" ? true : 1,
          image: null,
          roles: "[]",
          gender: null,
          date_of_birth: null,
          photo_id: null,
          created_at: "2025-01-01T00:00:00.000Z",
          updated_at: "2025-01-01T00:00:00.000Z",
        })
        .execute();
      await db.db
        .insertInto("class_entry")
        .values({
          id: "e-1",
          user_id: "u-1",
          show_id: "s-1",
          class_id: "c-0",
          status: "Entered",
          horse_id: "h-1",
          rider_id: null,
          placing: null,
          created_by: "u-1",
          created_at: "2025-01-01T00:00:00.000Z",
        })
        .execute();
      const first = season()[0] ?? [];
      await expect(new SeasonLoader(db).addShow(first)).rejects.toThrow(/has entries/);
      expect(await db.db.selectFrom("result").select("id").execute()).toEqual([]);
    } finally {
      await drop();
    }
  });
});

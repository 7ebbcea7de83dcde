import { describe, expect, it } from "vitest";
import type { StandingRow } from "#domain/contracts/results.ts";
import type { StandingInput } from "#domain/results/high-point.ts";
import { buildHorse } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { writeStandings } from "#tests/support/standings-rows.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * The standings sort on the server over the whole division, 50 rows a page (ADR 048): every page of every
 * sort is the same horses in the same order, ties in rank order, each row with its rank among all horses.
 */
const t = buildTestApp();
const owner = t.user({ name: "Sorting Owner" });
const group = { year: 2031, org: "SORTORG", division: "div-sort" };
const HORSES = 120;

/** A seeded horse's standing: its key and name as the standings' rules name them. */
type Seeded = Omit<StandingInput, "horseKey" | "horseName"> & { key: string; name: string };

/** A division of 120 horses with many ties, written as publishing would leave it. */
async function seed(): Promise<{ horses: Seeded[]; mine: string[] }> {
  const horse = await buildHorse(t.app, { name: "Owned Sorter", owners: [owner.id] });
  const horses: Seeded[] = Array.from({ length: HORSES }, (_, i) => ({
    key: `k-${String(i).padStart(3, "0")}`,
    name: `Horse ${String((i * 37) % HORSES).padStart(3, "0")}`,
    points: (i * 7) % 13,
    shows: 1 + (i % 4),
    classes: 3 + (i % 5),
    firsts: i % 3,
    seconds: (i >> 1) % 2,
    thirds: i % 2,
  }));
  // Upper and lower case sort as one: "aaron" before "Abel" (a plain binary order puts "A" before "a").
  // Their totals are their own, so the rank order's ties by name (the ranking index's) do not meet them.
  Object.assign(horses[5]!, { name: "aaron Lower", points: 20 });
  Object.assign(horses[6]!, { name: "Abel Upper", points: 19 });
  const mine = [horses[10]!.key, horses[90]!.key];
  await writeStandings(
    t.app.deps.db.db,
    group,
    horses.map((h) => ({ ...h, horseId: mine.includes(h.key) ? horse.id : null })),
  );
  return { horses, mine };
}

let world: ReturnType<typeof seed> | undefined;
const once = () => (world ??= seed());

const base = `/api/standings?${new URLSearchParams({
  year: String(group.year),
  org: group.org,
  division: group.division,
})}`;
const get = (url: string, cookie: string | undefined = owner.cookie) => call(t.app, "GET", url, { cookie });

/** Every page of the division in a sort: the whole table as the screen pages it. */
async function walk(extra: string): Promise<StandingRow[]> {
  const rows: StandingRow[] = [];
  for (let page = 1; page <= Math.ceil(HORSES / 50); page += 1) {
    const res = await get(`${base}${extra}&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(HORSES);
    rows.push(...res.json().rows);
  }
  return rows;
}

const byRank = (a: Seeded, b: Seeded) =>
  b.points - a.points || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.key < b.key ? -1 : 1);
const lower = (h: Seeded) => h.name.toLowerCase();
const placings = (a: Seeded, b: Seeded) =>
  a.firsts - b.firsts || a.seconds - b.seconds || a.thirds - b.thirds || a.classes - b.classes;

describe("sorting the standings over the whole division", () => {
  it.each([
    ["", byRank],
    ["&sort=rank", byRank],
    ["&sort=-points", byRank],
    ["&sort=-rank", (a: Seeded, b: Seeded) => byRank(b, a)],
    ["&sort=points", (a: Seeded, b: Seeded) => byRank(b, a)],
    ["&sort=horse", (a: Seeded, b: Seeded) => (lower(a) < lower(b) ? -1 : 1)],
    ["&sort=-horse", (a: Seeded, b: Seeded) => (lower(a) > lower(b) ? -1 : 1)],
    ["&sort=-shows", (a: Seeded, b: Seeded) => b.shows - a.shows || byRank(a, b)],
    ["&sort=shows", (a: Seeded, b: Seeded) => a.shows - b.shows || byRank(a, b)],
    ["&sort=-placings", (a: Seeded, b: Seeded) => placings(b, a) || byRank(a, b)],
    ["&sort=placings", (a: Seeded, b: Seeded) => placings(a, b) || byRank(a, b)],
  ])("pages %s in order, each horse once, each with its rank among all", async (sort, compare) => {
    const { horses } = await once();
    const rows = await walk(sort);
    expect(rows.map((r) => r.horseKey)).toEqual([...horses].sort(compare).map((h) => h.key));
    for (const row of rows) {
      const above = horses.filter((h) => h.points > row.points).length;
      expect(row.rank, row.horseKey).toBe(1 + above);
    }
  });

  it("brings the last-ranked horse from the last page to the top when sorted by fewest points", async () => {
    const { horses } = await once();
    const last = [...horses].sort(byRank).at(-1)!;
    const first = (await get(`${base}&sort=points`)).json().rows[0];
    expect(first.horseKey).toBe(last.key);
    expect((await get(`${base}&page=1`)).json().rows.map((r: StandingRow) => r.horseKey)).not.toContain(
      last.key,
    );
  });

  it("sorts only the viewer's horses when asked, keeping their ranks", async () => {
    const { horses, mine } = await once();
    const res = await get(`${base}&mine=1&sort=-horse`);
    expect(res.statusCode).toBe(200);
    const expected = horses
      .filter((h) => mine.includes(h.key))
      .sort((a, b) => (lower(a) > lower(b) ? -1 : 1));
    expect(res.json().rows.map((r: StandingRow) => [r.horseKey, r.mine])).toEqual(
      expected.map((h) => [h.key, true]),
    );
    for (const row of res.json().rows as StandingRow[])
      expect(row.rank).toBe(1 + horses.filter((h) => h.points > row.points).length);
  });
});

describe("the standings' sort as an attacker sends it", () => {
  it.each([
    ["a column the table shows but does not sort by", "owner"],
    ["an unknown column", "password"],
    ["SQL", "points;drop table standing"],
    ["SQL in a quoted name", 'horse_name" desc, (select 1)--'],
    ["an order clause", "points desc"],
    ["a doubled minus", "--points"],
    ["an empty value", ""],
    ["a huge value", "p".repeat(100_000)],
  ])("refuses %s with 400 in the error shape", async (_label, sort) => {
    for (const path of [base, base.replace("/api/standings", "/api/standings.csv")]) {
      const res = await get(`${path}&sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it("refuses the sort twice, and lets no one without an account sort", async () => {
    expect((await get(`${base}&sort=horse&sort=-points`)).statusCode).toBe(400);
    expect((await call(t.app, "GET", `${base}&sort=horse`)).statusCode).toBe(401);
  });
});

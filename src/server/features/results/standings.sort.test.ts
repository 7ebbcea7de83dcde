import { describe, expect, it } from "vitest";
import type { PublishLine, StandingRow } from "#domain/contracts/results.ts";
import type { StandingInput } from "#domain/results/high-point.ts";
import { buildHorse } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
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

/** A seeded horse's standing: its key and name as the standings' rules name them, and its printed owner. */
type Seeded = Omit<StandingInput, "horseKey" | "horseName"> & { key: string; name: string; owner: string };

/** Owners that tie, differ only in case, and are missing (every seventh horse printed none). */
const ownerOf = (i: number) =>
  i % 7 === 0 ? "" : ["Oak Farm", "ash Acres", "Birch Barn", "Ash Acres"][i % 4]!;

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
    owner: ownerOf(i),
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
/** Owners as the horses' names sort (case as one), none printed last either way, ties in rank order. */
const byOwner = (direction: 1 | -1) => (a: Seeded, b: Seeded) => {
  const [x, y] = [a.owner.toLowerCase(), b.owner.toLowerCase()];
  if (!x !== !y) return x ? -1 : 1;
  return (x < y ? -direction : x > y ? direction : 0) || byRank(a, b);
};

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
    ["&sort=owner", byOwner(1)],
    ["&sort=-owner", byOwner(-1)],
  ])("pages %s in order, each horse once, each with its rank among all", async (sort, compare) => {
    const { horses } = await once();
    const rows = await walk(sort);
    expect(rows.map((r) => r.horseKey)).toEqual([...horses].sort(compare).map((h) => h.key));
    for (const row of rows) {
      const above = horses.filter((h) => h.points > row.points).length;
      expect(row.rank, row.horseKey).toBe(1 + above);
      expect(row.owner, row.horseKey).toBe(horses.find((h) => h.key === row.horseKey)!.owner);
    }
  });

  it("by owner, puts the horses with none printed on the last page either way round", async () => {
    const { horses } = await once();
    const none = horses.filter((h) => h.owner === "").length;
    // All of them on page 3 (its 20 rows), after a row with an owner.
    expect(none).toBeGreaterThan(0);
    expect(none).toBeLessThan(HORSES - 100);
    for (const sort of ["owner", "-owner"]) {
      const last = (await get(`${base}&sort=${sort}&page=3`)).json().rows as StandingRow[];
      expect(last.slice(-none).map((r) => r.owner)).toEqual(Array(none).fill(""));
      expect(last.at(-none - 1)?.owner).not.toBe("");
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
    ["a column the table does not show", "owner_name"],
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

describe("the owner kept on a standing", () => {
  const admin = t.user(ADA_ADMIN);
  const owners = async () => {
    const query = "year=2030&org=OWNSORT&division=lite-shod";
    const read = async (sort: string) =>
      ((await get(`/api/standings?${query}&sort=${sort}`)).json().rows as StandingRow[]).map((r) => [
        r.horseName,
        r.owner,
      ]);
    return { asc: await read("owner"), desc: await read("-owner") };
  };
  const send = async (method: "POST" | "PUT" | "PATCH", path: string, body: unknown) => {
    const res = await call(t.app, method, path, { cookie: admin.cookie, body });
    expect(res.statusCode, res.body).toBe(method === "POST" && path.endsWith("/withdraw") ? 204 : 200);
  };
  const sheet = (lines: [horse: string, owner: string][]): PublishLine[] =>
    lines.map(([horse, owner], i) => ({
      lineNo: i + 1,
      placing: i + 1,
      horse,
      rider: "Jo Rider",
      owner,
      horseId: null,
    }));

  it("is the newest show's through publication, correction, a show's new date and withdrawal", async () => {
    const cls = [{ id: "ls-1", name: "Lite Shod Walking Horse" }];
    const spring = await buildShow(t.app, {
      startDate: "2030-04-01",
      sanctioningOrg: "OWNSORT",
      classes: cls,
    });
    const summer = await buildShow(t.app, {
      startDate: "2030-06-01",
      sanctioningOrg: "OWNSORT",
      classes: cls,
    });
    const results = (showId: string) => `/api/shows/${showId}/classes/ls-1/results`;
    await send("POST", results(spring.id), {
      lines: sheet([
        ["Ace", "Zed Farm"],
        ["Bee", "Alpha Acres"],
        ["Cid", ""],
      ]),
    });
    expect(await owners()).toEqual({
      asc: [
        ["Bee", "Alpha Acres"],
        ["Ace", "Zed Farm"],
        ["Cid", ""],
      ],
      desc: [
        ["Ace", "Zed Farm"],
        ["Bee", "Alpha Acres"],
        ["Cid", ""],
      ],
    });
    // At the newer show Bee's owner was not printed: Bee has none, whatever the older show printed.
    await send("POST", results(summer.id), {
      lines: sheet([
        ["Bee", ""],
        ["Ace", "Mid Meadow"],
      ]),
    });
    expect((await owners()).asc).toEqual([
      ["Ace", "Mid Meadow"],
      ["Bee", ""],
      ["Cid", ""],
    ]);
    await send("PUT", results(summer.id), {
      version: 1,
      lines: sheet([
        ["Bee", "Alpha Acres"],
        ["Ace", "Mid Meadow"],
      ]),
    });
    expect(await owners()).toEqual({
      asc: [
        ["Bee", "Alpha Acres"],
        ["Ace", "Mid Meadow"],
        ["Cid", ""],
      ],
      desc: [
        ["Ace", "Mid Meadow"],
        ["Bee", "Alpha Acres"],
        ["Cid", ""],
      ],
    });
    // The spring show moved after the summer one is the newest now.
    await send("PATCH", `/api/shows/${spring.id}`, { startDate: "2030-08-01", endDate: "2030-08-01" });
    expect((await owners()).desc).toEqual([
      ["Ace", "Zed Farm"],
      ["Bee", "Alpha Acres"],
      ["Cid", ""],
    ]);
    // Its results withdrawn, the summer show's owners are back, and Cid has no standing.
    await send("POST", `${results(spring.id)}/withdraw`, { version: 1 });
    expect((await owners()).desc).toEqual([
      ["Ace", "Mid Meadow"],
      ["Bee", "Alpha Acres"],
    ]);
  });
});

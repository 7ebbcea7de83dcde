import { describe, expect, it } from "vitest";
import type { PublishLine } from "#domain/contracts/results.ts";
import { buildHorse } from "#tests/support/entries-factories.ts";
import { line, resultsWorld } from "#tests/support/results-world.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

const { t, admin, steward, owner, url, publish, standings } = resultsWorld();

/** Publishes a class's results as the admin. */
async function post(showId: string, classId: string, lines: PublishLine[]) {
  const res = await call(t.app, "POST", `/api/shows/${showId}/classes/${classId}/results`, {
    cookie: admin.cookie,
    body: { lines },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("points scales", () => {
  it("are the admin's, and classes published afterwards use them", async () => {
    const scale = { placings: [10, 8, 6], shown: 2, scaleBySize: true };
    expect(
      (await call(t.app, "PUT", "/api/admin/points-scales/WHOA", { cookie: steward.cookie, body: scale }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, "PUT", "/api/admin/points-scales/WHOA", { cookie: admin.cookie, body: scale }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, "GET", "/api/admin/points-scales/WHOA", { cookie: admin.cookie })).json(),
    ).toEqual(scale);
    const res = await publish(steward, "c-41", [line(1, 1, "X"), line(2, 2, "Y")]);
    // A class of two under a three-placing scale that follows class size: 1st gets 2nd's points.
    expect(res.json().placings.map((x: { points: number }) => x.points)).toEqual([8, 6]);
  });
});

describe("horses per points total (standing_points)", () => {
  it("stays the count of the standings on each total through publications and corrections", async () => {
    // An organisation on the default scale (the points scales test gives WHOA its own).
    const season = await buildShow(t.app, {
      startDate: "2024-05-01",
      sanctioningOrg: "SSHBEA",
      classes: [
        { id: "p-1", name: "Lite Shod Walking Horse" },
        { id: "p-2", name: "Lite Shod Walking Horse Amateur" },
        { id: "p-3", name: "Lite Shod Walking Horse Youth" },
      ],
    });
    const named = await call(t.app, "PUT", `/api/shows/${season.id}/stewards`, {
      cookie: admin.cookie,
      body: { userIds: [steward.id] },
    });
    expect(named.statusCode).toBe(200);
    const ace = await buildHorse(t.app, { name: "Ace High", owners: [owner.id] });
    const belle = await buildHorse(t.app, { name: "Belle Star", owners: [owner.id] });
    const at = (classId: string) => url(classId, season.id);
    const db = t.app.deps.db.db;
    const kept = async () => {
      const standing = await db.selectFrom("standing").selectAll().where("year", "=", 2024).execute();
      const totals = new Map<string, number>();
      for (const s of standing) {
        const k = `${s.division_id} ${Number(s.points)}`;
        totals.set(k, (totals.get(k) ?? 0) + 1);
      }
      const points = await db.selectFrom("standing_points").selectAll().where("year", "=", 2024).execute();
      expect(
        Object.fromEntries(points.map((p) => [`${p.division_id} ${Number(p.points)}`, Number(p.horses)])),
      ).toEqual(Object.fromEntries(totals));
      // Horse detail's rank is one more than the horses of the division on higher totals.
      for (const horse of [ace, belle]) {
        const mine = standing.find((s) => s.horse_id === horse.id);
        const shown = (
          await call(t.app, "GET", `/api/horses/${horse.id}/results`, { cookie: owner.cookie })
        ).json().standings as { year: number; rank: number; points: number }[];
        const in2024 = shown.filter((s) => s.year === 2024);
        if (!mine) {
          expect(in2024).toEqual([]);
          continue;
        }
        const above = standing.filter(
          (s) => s.division_id === mine.division_id && Number(s.points) > Number(mine.points),
        ).length;
        expect(in2024.map((s) => [s.rank, s.points])).toEqual([[1 + above, Number(mine.points)]]);
      }
      return [...totals.entries()].sort();
    };
    const send = async (classId: string, lines: PublishLine[], version?: number) => {
      const res =
        version === undefined
          ? await call(t.app, "POST", at(classId), { cookie: steward.cookie, body: { lines } })
          : await call(t.app, "PUT", at(classId), { cookie: steward.cookie, body: { version, lines } });
      expect(res.statusCode).toBe(200);
    };

    await send("p-1", [
      line(1, 1, "Ace High", ace.id),
      line(2, 2, "Belle Star", belle.id),
      line(3, 3, "Xavier"),
      line(4, 4, "Yonder"),
    ]);
    expect(await kept()).toEqual([
      ["lite-shod 4", 1],
      ["lite-shod 5", 1],
      ["lite-shod 6", 1],
      ["lite-shod 7", 1],
    ]);
    await send("p-2", [line(1, 1, "Xavier"), line(2, 2, "Ace High", ace.id)]);
    expect(await kept()).toEqual([
      ["lite-shod 12", 1],
      ["lite-shod 13", 1],
      ["lite-shod 4", 1],
      ["lite-shod 6", 1],
    ]);
    // Placings swapped, one horse replaced by another, one dropped: each total moves by the difference.
    await send(
      "p-1",
      [line(1, 1, "Belle Star", belle.id), line(2, 2, "Ace High", ace.id), line(3, 3, "Zephyr")],
      1,
    );
    expect(await kept()).toEqual([
      ["lite-shod 12", 1],
      ["lite-shod 5", 1],
      ["lite-shod 7", 2],
    ]);
    await send("p-2", [line(1, 1, "Belle Star", belle.id)], 1);
    expect(await kept()).toEqual([
      ["lite-shod 14", 1],
      ["lite-shod 5", 1],
      ["lite-shod 6", 1],
    ]);

    // Sixty more horses, most of them tied on the points for showing: page 2 begins inside a tie,
    // and every rank on it is still one more than the horses on higher totals.
    await send(
      "p-3",
      Array.from({ length: 60 }, (_, i) => line(i + 1, i < 10 ? i + 1 : null, `Youngster ${i}`)),
    );
    const totals = await kept();
    expect(totals.reduce((n, [, horses]) => n + horses, 0)).toBe(63);
    const standing = await db.selectFrom("standing").selectAll().where("year", "=", 2024).execute();
    const pageTwo = await standings(owner, "?year=2024&org=SSHBEA&division=lite-shod&page=2");
    expect(pageTwo.rows).toHaveLength(13);
    expect(pageTwo.total).toBe(63);
    for (const row of pageTwo.rows)
      expect(row.rank).toBe(1 + standing.filter((x) => Number(x.points) > row.points).length);
    expect(new Set(pageTwo.rows.map((r) => r.rank)).size).toBe(1);
    const mine = await standings(owner, "?year=2024&org=SSHBEA&division=lite-shod&mine=1");
    expect(mine.rows.map((r) => [r.horseName, r.rank, r.mine])).toEqual([
      ["Belle Star", 1, true],
      ["Ace High", 3, true],
    ]);
    expect(mine.total).toBe(2);
  });
});

describe("a standings CSV longer than a page", () => {
  it("holds every horse of the division, in the pages' order and ranks", async () => {
    const big = await buildShow(t.app, {
      startDate: "2023-05-01",
      sanctioningOrg: "CSVORG",
      classes: [{ id: "k-1", name: "Lite Shod Walking Horse" }],
    });
    const lines = Array.from({ length: 120 }, (_, i) => line(i + 1, i + 1, `Printed Horse ${i + 1}`));
    const posted = await call(t.app, "POST", `/api/shows/${big.id}/classes/k-1/results`, {
      cookie: admin.cookie,
      body: { lines },
    });
    expect(posted.statusCode).toBe(200);
    const query = "year=2023&org=CSVORG&division=lite-shod";
    const paged: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await standings(owner, `?${query}&page=${page}`);
      expect(res.total).toBe(120);
      for (const r of res.rows)
        paged.push(
          [r.rank, r.horseName, r.points, r.shows, r.classes, r.firsts, r.seconds, r.thirds].join(","),
        );
    }
    const csv = await call(t.app, "GET", `/api/standings.csv?${query}`, { cookie: owner.cookie });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.split("\r\n").filter(Boolean).slice(1);
    expect(rows).toHaveLength(120);
    expect(rows).toEqual(paged);
    // Past 6th the default scale gives 1 for showing: the tie shares 7th place across the page break.
    expect(rows.at(-1)).toBe("7,Printed Horse 99,1,1,1,0,0,0");
  });
});

describe("a standing's owner", () => {
  it("is the one printed on the horse's results at its newest show, matched horse or printed name", async () => {
    const early = await buildShow(t.app, {
      startDate: "2022-04-01",
      sanctioningOrg: "OWNORG",
      classes: [{ id: "o-1", name: "Lite Shod Walking Horse" }],
    });
    const late = await buildShow(t.app, {
      startDate: "2022-06-01",
      sanctioningOrg: "OWNORG",
      classes: [
        { id: "o-2", name: "Lite Shod Walking Horse" },
        { id: "o-3", name: "Lite Shod Walking Horse Amateur" },
      ],
    });
    const cash = await buildHorse(t.app, { name: "Cash Flow", owners: [owner.id] });
    await post(early.id, "o-1", [
      { ...line(1, 1, "Cash Flow", cash.id), owner: "Old Farm" },
      { ...line(2, 2, "Printed Pony"), owner: "Pony Barn" },
    ]);
    // At the newer show the first class printed no owner for the horse; the second did.
    await post(late.id, "o-2", [
      { ...line(1, 1, "Printed Pony"), owner: "" },
      { ...line(2, 2, "Cash Flow", cash.id), owner: "" },
    ]);
    await post(late.id, "o-3", [{ ...line(1, 1, "Cash Flow", cash.id), owner: "New Farm" }]);
    const page = await standings(owner, "?year=2022&org=OWNORG&division=lite-shod");
    expect(page.rows.map((r) => [r.horseName, r.owner])).toEqual([
      ["Cash Flow", "New Farm"],
      ["Printed Pony", ""],
    ]);
    // The CSV keeps its columns.
    const csv = await call(t.app, "GET", "/api/standings.csv?year=2022&org=OWNORG&division=lite-shod", {
      cookie: owner.cookie,
    });
    expect(csv.body).not.toContain("Farm");
  });
});

describe("standings read again", () => {
  it("come from the cache per viewer and query until a standing or the viewer's horses change (304 to the ETag)", async () => {
    const names = ["Lite Shod Walking Horse", "Lite Shod Walking Horse Amateur"];
    const show = await buildShow(t.app, {
      startDate: "2021-05-01",
      sanctioningOrg: "VERORG",
      classes: names.map((name, i) => ({ id: `v-${i + 1}`, name })),
    });
    const horse = await buildHorse(t.app, { name: "Version Vixen", owners: [steward.id] });
    await post(show.id, "v-1", [line(1, 1, "Version Vixen", horse.id), line(2, 2, "Printed Pony")]);
    const path = "/api/standings?year=2021&org=VERORG&division=lite-shod";
    const read = async (viewer: { cookie: string }, etag?: string) =>
      call(t.app, "GET", path, { cookie: viewer.cookie, headers: etag ? { "if-none-match": etag } : {} });
    const marks = async (viewer: { cookie: string }) => {
      const res = await read(viewer);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const body = res.json<{ total: number; rows: { horseName: string; mine: boolean }[] }>();
      return {
        etag: String(res.headers.etag),
        total: body.total,
        mine: body.rows.filter((r) => r.mine).map((r) => r.horseName),
      };
    };

    const first = await marks(owner);
    expect(first).toMatchObject({ total: 2, mine: [] });
    expect((await read(owner, first.etag)).statusCode).toBe(304);
    // The same query read by the horse's owner is theirs, never the first viewer's body.
    expect((await marks(steward)).mine).toEqual(["Version Vixen"]);
    expect((await read(steward, first.etag)).statusCode).toBe(200);

    // The horse becomes the viewer's too: marked as theirs.
    await t.app.deps.db.db
      .insertInto("horse_owner")
      .values({ horse_id: horse.id, user_id: owner.id })
      .execute();
    // Written to the table directly: like the API's writes, it waits for its notice (ADR 057).
    await t.app.deps.db.versions.caughtUp();
    const owned = await marks(owner);
    expect(owned.mine).toEqual(["Version Vixen"]);
    expect(owned.etag).not.toBe(first.etag);

    // Another class published: the standings move.
    await post(show.id, "v-2", [line(1, 1, "Late Comer")]);
    expect((await marks(owner)).total).toBe(3);

    // And no longer theirs.
    await t.app.deps.db.db
      .deleteFrom("horse_owner")
      .where("horse_id", "=", horse.id)
      .where("user_id", "=", owner.id)
      .execute();
    await t.app.deps.db.versions.caughtUp();
    expect((await marks(owner)).mine).toEqual([]);
  });
});

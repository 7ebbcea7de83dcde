import { describe, expect, it } from "vitest";
import { buildUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/** The Admin Panel's tables sort on the server over the whole list, a page at a time (ADR 048). */
const t = buildTestApp();
const admin = t.user({ name: "Avery Admin", roles: ["Owner", "Admin"] });
const owner = t.user({ name: "Casey Owner" });

const get = (url: string, cookie = admin.cookie) => call(t.app, "GET", url, { cookie });
const names = (list: { name: string }[]) => list.map((r) => r.name);

/** Every page of a list, following the cursors: the whole list in the order asked for. */
async function walk(
  base: string,
  key: "users" | "horses" | "shows",
): Promise<{ name: string; email?: string; location?: string }[]> {
  const all: { name: string; email?: string; location?: string }[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(cursor ? `${base}&cursor=${cursor}` : base);
    expect(res.statusCode, res.body).toBe(200);
    all.push(...res.json()[key]);
    cursor = res.json().nextCursor;
  } while (cursor);
  return all;
}

describe("sorting users", () => {
  it("sorts by name or email either way, over every page", async () => {
    await buildUser(t.app, { name: "Sortie Cyan", email: "b-sortie@example.test" });
    await buildUser(t.app, { name: "Sortie Amber", email: "c-sortie@example.test" });
    await buildUser(t.app, { name: "Sortie Beryl", email: "a-sortie@example.test" });
    await buildUser(t.app, { name: "Sortie Beryl", email: "d-sortie@example.test" });
    const q = "/api/admin/users?q=sortie&limit=1";
    expect(names(await walk(q, "users"))).toEqual([
      "Sortie Amber",
      "Sortie Beryl",
      "Sortie Beryl",
      "Sortie Cyan",
    ]);
    expect(names(await walk(`${q}&sort=-name`, "users"))).toEqual([
      "Sortie Cyan",
      "Sortie Beryl",
      "Sortie Beryl",
      "Sortie Amber",
    ]);
    const byEmail = await walk(`${q}&sort=email`, "users");
    expect(byEmail.map((u) => u.email)).toEqual([
      "a-sortie@example.test",
      "b-sortie@example.test",
      "c-sortie@example.test",
      "d-sortie@example.test",
    ]);
    const back = await walk(`${q}&sort=-email`, "users");
    expect(back.map((u) => u.email)).toEqual(byEmail.map((u) => u.email).reverse());
  });

  it("refuses a cursor made for another sort: a new sort starts at its first page", async () => {
    await buildUser(t.app, { name: "Cursor One" });
    await buildUser(t.app, { name: "Cursor Two" });
    const first = await get("/api/admin/users?q=cursor&limit=1&sort=email");
    const cursor = first.json().nextCursor;
    expect(cursor).toEqual(expect.any(String));
    expect((await get(`/api/admin/users?q=cursor&limit=1&sort=email&cursor=${cursor}`)).statusCode).toBe(200);
    const other = await get(`/api/admin/users?q=cursor&limit=1&sort=name&cursor=${cursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe("sorting horses", () => {
  const addHorse = async (name: string, dateOfBirth: string) => {
    const res = await call(t.app, "POST", "/api/admin/horses", {
      cookie: admin.cookie,
      body: {
        name,
        dateOfBirth,
        gender: null,
        canters: false,
        divisions: [],
        ownerIds: [owner.id],
        trainerIds: [],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it("sorts by date of birth either way, over every page, ties by id", async () => {
    await addHorse("Sorty Young", "2021-06-01");
    await addHorse("Sorty Old", "2009-03-15");
    await addHorse("Sorty Middle", "2015-01-01");
    await addHorse("Sorty Twin", "2015-01-01");
    const q = "/api/admin/horses?q=sorty&limit=1";
    const oldest = names(await walk(`${q}&sort=dateOfBirth`, "horses"));
    expect(oldest[0]).toBe("Sorty Old");
    expect(oldest.slice(1, 3).sort()).toEqual(["Sorty Middle", "Sorty Twin"]);
    expect(oldest[3]).toBe("Sorty Young");
    expect(names(await walk(`${q}&sort=-dateOfBirth`, "horses"))).toEqual([...oldest].reverse());
    expect(names(await walk(`${q}&sort=-name`, "horses"))).toEqual([
      "Sorty Young",
      "Sorty Twin",
      "Sorty Old",
      "Sorty Middle",
    ]);
  });
});

describe("sorting shows", () => {
  it("keeps each period's date order with no sort, and sorts by name, dates or place either way over every page", async () => {
    await buildShow(t.app, { name: "Sorted Cedar Classic", location: "Alpha, TN", startOffset: 30 });
    await buildShow(t.app, { name: "Sorted Aspen Classic", location: "Gamma, KY", startOffset: 10 });
    await buildShow(t.app, { name: "Sorted Birch Classic", location: "Beta, AL", startOffset: 20 });
    await buildShow(t.app, { name: "Sorted Birch Classic", location: "Beta, AL", startOffset: 20 });
    // Running since yesterday: still upcoming, as the planner lists it.
    await buildShow(t.app, {
      name: "Sorted Dogwood Running",
      location: "Delta, GA",
      startOffset: -1,
      days: 3,
    });
    await buildShow(t.app, { name: "Sorted Elm Gone", location: "Epsilon, MS", startOffset: -40 });
    await buildShow(t.app, { name: "Sorted Fir Gone", location: "Zeta, MS", startOffset: -20 });
    const q = "/api/admin/shows?q=sorted&limit=1";
    expect(names(await walk(q, "shows"))).toEqual([
      "Sorted Dogwood Running",
      "Sorted Aspen Classic",
      "Sorted Birch Classic",
      "Sorted Birch Classic",
      "Sorted Cedar Classic",
    ]);
    expect(names(await walk(`${q}&period=past`, "shows"))).toEqual(["Sorted Fir Gone", "Sorted Elm Gone"]);
    expect(names(await walk(`${q}&period=past&sort=startDate`, "shows"))).toEqual([
      "Sorted Elm Gone",
      "Sorted Fir Gone",
    ]);
    const byName = names(await walk(`${q}&sort=name`, "shows"));
    expect(byName).toEqual([
      "Sorted Aspen Classic",
      "Sorted Birch Classic",
      "Sorted Birch Classic",
      "Sorted Cedar Classic",
      "Sorted Dogwood Running",
    ]);
    expect(names(await walk(`${q}&sort=-name`, "shows"))).toEqual([...byName].reverse());
    const byPlace = (await walk(`${q}&sort=location`, "shows")).map((s) => s.location);
    expect(byPlace).toEqual(["Alpha, TN", "Beta, AL", "Beta, AL", "Delta, GA", "Gamma, KY"]);
    const back = (await walk(`${q}&sort=-location`, "shows")).map((s) => s.location);
    expect(back).toEqual([...byPlace].reverse());
  });

  it("refuses a cursor made for another sort or period", async () => {
    await buildShow(t.app, { name: "Paged One" });
    await buildShow(t.app, { name: "Paged Two" });
    const first = await get("/api/admin/shows?q=paged&limit=1&sort=name");
    const cursor = first.json().nextCursor;
    expect(cursor).toEqual(expect.any(String));
    expect((await get(`/api/admin/shows?q=paged&limit=1&sort=name&cursor=${cursor}`)).statusCode).toBe(200);
    for (const other of ["sort=location", "sort=-name", "sort=name&period=past", ""]) {
      const res = await get(`/api/admin/shows?q=paged&limit=1&${other}&cursor=${cursor}`);
      expect(res.statusCode, other).toBe(400);
      expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe("the sort parameter as an attacker sends it", () => {
  it.each([
    ["an unknown column", "password"],
    ["a column of another list", "email"],
    ["a column the list has but does not sort by", "roles"],
    ["SQL", "name;drop table user"],
    ["SQL in a quoted name", 'name" desc, (select 1)--'],
    ["an order clause", "name desc"],
    ["a doubled minus", "--name"],
    ["an empty value", ""],
    ["a huge value", "n".repeat(100_000)],
  ])("refuses %s on horses with 400 in the error shape", async (_label, sort) => {
    const res = await get(`/api/admin/horses?sort=${encodeURIComponent(sort)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it.each([
    ["a column of another list", "email"],
    ["a column the table shows but does not sort by", "endDate"],
    ["SQL", "name;drop table show"],
    ["a snake-case column", "start_date"],
    ["a doubled minus", "--startDate"],
    ["a huge value", "s".repeat(100_000)],
  ])("refuses %s on shows with 400 in the error shape", async (_label, sort) => {
    const res = await get(`/api/admin/shows?sort=${encodeURIComponent(sort)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("refuses a repeated sort or period on shows, and an unknown period", async () => {
    expect((await get("/api/admin/shows?sort=name&sort=location")).statusCode).toBe(400);
    expect((await get("/api/admin/shows?period=past&period=upcoming")).statusCode).toBe(400);
    expect((await get("/api/admin/shows?period=all")).statusCode).toBe(400);
  });

  it("refuses a column of another list on users, and a repeated sort", async () => {
    expect((await get("/api/admin/users?sort=dateOfBirth")).statusCode).toBe(400);
    expect((await get("/api/admin/users?sort=name&sort=email")).statusCode).toBe(400);
  });

  it("lets no one but an admin list in any order", async () => {
    expect((await get("/api/admin/users?sort=-email", owner.cookie)).statusCode).toBe(403);
    expect((await call(t.app, "GET", "/api/admin/horses?sort=-name")).statusCode).toBe(401);
    expect((await get("/api/admin/shows?sort=-name", owner.cookie)).statusCode).toBe(403);
    expect((await call(t.app, "GET", "/api/admin/shows?sort=location")).statusCode).toBe(401);
  });

  it("refuses a forged cursor in the right shape for another sort, or with a value that is not text", async () => {
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
    expect((await get(`/api/admin/users?cursor=${forge(["-name", "x", "y"])}`)).statusCode).toBe(400);
    expect((await get(`/api/admin/users?cursor=${forge(["name", 1, "y"])}`)).statusCode).toBe(400);
    expect((await get(`/api/admin/users?cursor=${forge(["name", "x"])}`)).statusCode).toBe(400);
    const quote = await get(`/api/admin/users?cursor=${forge(["name", "' or 1=1 --", "id"])}`);
    expect(quote.statusCode).toBe(200);
  });
});

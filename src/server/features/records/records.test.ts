import { beforeAll, describe, expect, it } from "vitest";
import { buildHorse, buildPlainShow } from "#tests/support/horses-factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

let mine: { id: string; name: string };
let theirs: { id: string; name: string };

const t = buildTestApp();
const me = t.user({ name: "Rae Recorder" });
const coach = t.user({ name: "Cody Coach", roles: ["Owner", "Trainer"] });
const other = t.user({ name: "Oona Other" });

beforeAll(async () => {
  mine = await buildHorse(t.app, { name: "My Mare", owners: [me.id] });
  theirs = await buildHorse(t.app, { name: "Their Horse", owners: [other.id], trainers: [me.id] });
});

const record = () => ({
  showName: "Spring Jubilee",
  className: "Amateur Park Pleasure",
  showDate: "2025-04-12",
  placing: "1",
  horseId: mine.id,
  riderId: me.id,
});

const recordCount = async () =>
  Number(
    (
      await t.app.deps.db.db
        .selectFrom("show_record")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("show records", () => {
  it("need a session", async () => {
    expect((await call(t.app, "GET", "/api/records")).statusCode).toBe(401);
    expect((await call(t.app, "POST", "/api/records", { body: record() })).statusCode).toBe(401);
    expect((await call(t.app, "GET", "/api/records/past-shows?q=spring")).statusCode).toBe(401);
  });

  it("adds a record for one's own horse with oneself or a trainer riding, listed for user and horse", async () => {
    const res = await call(t.app, "POST", "/api/records", { cookie: me.cookie, body: record() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      showName: "Spring Jubilee",
      placing: "1",
      horse: { id: mine.id, name: "My Mare" },
      rider: { id: me.id, name: "Rae Recorder" },
    });
    const withCoach = await call(t.app, "POST", "/api/records", {
      cookie: me.cookie,
      body: { ...record(), riderId: coach.id, placing: "Participated", showDate: "2025-06-01" },
    });
    expect(withCoach.statusCode).toBe(201);

    const list = (await call(t.app, "GET", "/api/records", { cookie: me.cookie })).json().records;
    expect(list.map((r: { placing: string }) => r.placing)).toEqual(["Participated", "1"]);
    const ofHorse = await call(t.app, "GET", `/api/horses/${mine.id}/records`, { cookie: other.cookie });
    expect(ofHorse.json().records).toHaveLength(2);
    expect((await call(t.app, "GET", "/api/records", { cookie: other.cookie })).json().records).toEqual([]);
  });

  it("refuses a record for a horse that is not one's own (403), even one the user trains", async () => {
    const before = await recordCount();
    const res = await call(t.app, "POST", "/api/records", {
      cookie: me.cookie,
      body: { ...record(), horseId: theirs.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("You can only add records for your own horses.");
    expect(await recordCount()).toBe(before);
  });

  it("refuses a rider who is neither the user nor a trainer, and unknown horses", async () => {
    const before = await recordCount();
    const rider = await call(t.app, "POST", "/api/records", {
      cookie: me.cookie,
      body: { ...record(), riderId: other.id },
    });
    expect(rider.statusCode).toBe(400);
    const horse = await call(t.app, "POST", "/api/records", {
      cookie: me.cookie,
      body: { ...record(), horseId: "no-such-horse" },
    });
    expect(horse.statusCode).toBe(404);
    expect(await recordCount()).toBe(before);
  });

  it.each([
    ["an empty show name", { showName: "" }],
    ["an empty class", { className: "  " }],
    ["no date", { showDate: "" }],
    ["a placing of 11", { placing: "11" }],
    ["a placing of 0", { placing: "0" }],
    ["an unknown field", { notes: "x" }],
  ])("rejects %s with a 400 and stores nothing", async (_label, change) => {
    const before = await recordCount();
    const res = await call(t.app, "POST", "/api/records", {
      cookie: me.cookie,
      body: { ...record(), ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(await recordCount()).toBe(before);
  });

  it("answers 404 for the records of an unknown horse", async () => {
    expect((await call(t.app, "GET", "/api/horses/nope/records", { cookie: me.cookie })).statusCode).toBe(
      404,
    );
  });
});

describe("past-show autocomplete", () => {
  it("suggests only shows that ended before today, after more than 2 characters, with their classes", async () => {
    const past = await buildPlainShow(t.app, {
      name: "Autumn Classic Horse Show",
      startOffset: -30,
      days: 2,
      classes: 4,
    });
    await buildPlainShow(t.app, { name: "Autumn Classic Future", startOffset: 30 });
    await buildPlainShow(t.app, { name: "Autumn Classic Ending Today", startOffset: -1, days: 2 });
    const suggest = async (q: string) =>
      (
        await call(t.app, "GET", `/api/records/past-shows?q=${encodeURIComponent(q)}`, { cookie: me.cookie })
      ).json().shows as { id: string; name: string; startDate: string }[];

    expect(await suggest("au")).toEqual([]);
    expect(await suggest("  au  ")).toEqual([]);
    const found = await suggest("aut");
    expect(found.map((s) => s.name)).toEqual(["Autumn Classic Horse Show"]);
    expect(found[0]?.startDate).toBe(past.startDate);
    expect((await suggest("classic horse")).map((s) => s.name)).toEqual(["Autumn Classic Horse Show"]);

    const classes = await call(t.app, "GET", `/api/records/past-shows/${past.id}/classes`, {
      cookie: me.cookie,
    });
    expect(classes.statusCode).toBe(200);
    expect(classes.json().classes.map((c: { name: string }) => c.name)).toEqual([
      "Class Number 1",
      "Class Number 2",
      "Class Number 3",
      "Class Number 4",
    ]);
  });

  it("does not list the classes of a show that is not over (404)", async () => {
    const future = await buildPlainShow(t.app, { startOffset: 3 });
    const res = await call(t.app, "GET", `/api/records/past-shows/${future.id}/classes`, {
      cookie: me.cookie,
    });
    expect(res.statusCode).toBe(404);
  });

  it("rejects an over-long query", async () => {
    const res = await call(t.app, "GET", `/api/records/past-shows?q=${"a".repeat(101)}`, {
      cookie: me.cookie,
    });
    expect(res.statusCode).toBe(400);
  });
});

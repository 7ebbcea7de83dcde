import { beforeAll, describe, expect, it } from "vitest";
import { errorsTexts } from "#domain/texts/errors.ts";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();
const admin = t.user({ roles: ["Owner", "Admin"] });
const owner = t.user({ roles: ["Owner", "Trainer"] });

describe("POST /api/admin/shows/:id/classes/import", () => {
  const url = (id: string) => `/api/admin/shows/${id}/classes/import`;
  const numbersOf = async (showId: string) =>
    (
      await t.app.deps.db.db
        .selectFrom("show_class")
        .select(["number", "name", "date"])
        .where("show_id", "=", showId)
        .orderBy("position")
        .execute()
    ).map((c) => `${c.number} ${c.name}${c.date ? ` ${c.date}` : ""}`);
  let showId: string;
  beforeAll(async () => {
    showId = (
      await buildShow(t.app, {
        name: "Marshall County Fair Horse Show",
        startDate: "2025-06-20",
        days: 2,
        classes: [
          { id: "class-1", name: "Lead Line" },
          { id: "class-36A", name: "Amateur Park Pleasure" },
        ],
      })
    ).id;
  });

  it("refuses classes dated outside the show's dates, naming the first, and adds nothing", async () => {
    const before = await numbersOf(showId);
    const res = await call(t.app, "POST", url(showId), {
      cookie: admin.cookie,
      body: {
        classes: [
          { number: "70", name: "Fine Harness", date: "2025-06-21" },
          { number: "71", name: "Park Pleasure", date: "2026-06-21" },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      prizeListTexts.outsideDates("71", "2026-06-21", "2025-06-20", "2025-06-21"),
    );
    expect(await numbersOf(showId)).toEqual(before);
  });

  it("saves a prediction without announcing it to everyone as a new show", async () => {
    const notices = () =>
      t.app.deps.db.db.selectFrom("notification").select("id").where("type", "=", "NewShow").execute();
    const before = (await notices()).length;
    const res = await call(t.app, "POST", "/api/shows", {
      cookie: admin.cookie,
      body: {
        name: "Predicted Fair Show",
        startDate: "2027-06-19",
        endDate: "2027-06-19",
        location: "Celina, TN",
        isAiPrediction: true,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await notices()).toHaveLength(before);
  });

  it("refuses a new show whose classes are dated outside its dates (POST /api/shows)", async () => {
    const res = await call(t.app, "POST", "/api/shows", {
      cookie: admin.cookie,
      body: {
        name: "Spring Fling Horse Show",
        startDate: "2026-11-27",
        endDate: "2026-11-27",
        location: "TBD",
        judges: ["TBA"],
        classes: [{ id: "class-1", name: "Lead Line", date: "2027-05-14" }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(
      prizeListTexts.outsideDates("1", "2027-05-14", "2026-11-27", "2026-11-27"),
    );
  });

  it("adds the classes after the show's own, skipping numbers it (or the list, earlier) already has", async () => {
    const res = await call(t.app, "POST", url(showId), {
      cookie: admin.cookie,
      body: {
        classes: [
          { number: "1", name: "Lead Line again" },
          { number: "36a", name: "Duplicate by number" },
          { number: "59E", name: " Walking Horse Stake ", date: "2025-06-21" },
          { number: "60", name: "Country Pleasure Open" },
          { number: "60", name: "Repeated in the list" },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      added: [
        { id: "class-59E", name: "Walking Horse Stake", date: "2025-06-21" },
        { id: "class-60", name: "Country Pleasure Open", date: null },
      ],
      skipped: 3,
    });
    expect(await numbersOf(showId)).toEqual([
      "1 Lead Line",
      "36A Amateur Park Pleasure",
      "59E Walking Horse Stake 2025-06-21",
      "60 Country Pleasure Open",
    ]);
    const detail = await call(t.app, "GET", `/api/shows/${showId}`, { cookie: owner.cookie });
    expect(detail.json().classes.map((c: { number: string }) => c.number)).toEqual(["1", "36A", "59E", "60"]);
  });

  it.each([
    ["no classes", { classes: [] }],
    ["a number with punctuation", { classes: [{ number: "1; DROP", name: "x" }] }],
    ["an empty name", { classes: [{ number: "2", name: "  " }] }],
    ["a date that is not one", { classes: [{ number: "2", name: "x", date: "June" }] }],
    ["an unknown field", { classes: [{ number: "2", name: "x" }], showId: "other" }],
    [
      "more than 1000 classes",
      { classes: Array.from({ length: 1001 }, (_, i) => ({ number: String(i), name: "x" })) },
    ],
    ["a huge name", { classes: [{ number: "2", name: "x".repeat(100_000) }] }],
  ])("refuses %s with 400 and adds nothing", async (_label, body) => {
    const before = await numbersOf(showId);
    const res = await call(t.app, "POST", url(showId), { cookie: admin.cookie, body });
    expect(res.statusCode).toBe(400);
    expect(await numbersOf(showId)).toEqual(before);
  });

  it("refuses a body over the server's limit", async () => {
    const res = await call(t.app, "POST", url(showId), {
      cookie: admin.cookie,
      body: { classes: [{ number: "2", name: "x".repeat(2 * 1024 * 1024) }] },
    });
    expect(res.statusCode).toBe(413);
  });

  it("answers an unknown or encoded show id with 404", async () => {
    for (const id of ["no-such-show", encodeURIComponent("../shows")]) {
      const res = await call(t.app, "POST", url(id), {
        cookie: admin.cookie,
        body: { classes: [{ number: "9", name: "Lead Line" }] },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(errorsTexts.showNotFound);
    }
  });

  it("is for admins only, from our own pages only", async () => {
    const body = { classes: [{ number: "99", name: "Sneaky Class" }] };
    expect((await call(t.app, "POST", url(showId), { cookie: owner.cookie, body })).statusCode).toBe(403);
    expect((await call(t.app, "POST", url(showId), { body })).statusCode).toBe(401);
    for (const headers of [{ origin: "https://evil.example" }, { origin: "" }]) {
      const res = await call(t.app, "POST", url(showId), { cookie: admin.cookie, body, headers });
      expect(res.statusCode).toBe(403);
    }
    expect(await numbersOf(showId)).not.toContain("99 Sneaky Class");
  });
});

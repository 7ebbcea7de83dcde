import { describe, expect, it } from "vitest";
import { PEOPLE_ERRORS } from "#server/features/horses/horses.policy.ts";
import { buildEntry, buildEntryShow } from "#tests/support/entries-factories.ts";
import { buildUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();
const admin = t.user({ name: "Avery Admin", roles: ["Owner", "Admin"] });
const owner = t.user({ name: "Casey Owner" });
const db = () => t.app.deps.db.db;

describe("horses", () => {
  const horseBody = (over: Record<string, unknown> = {}) => ({
    name: "Pride's Jubilee",
    dateOfBirth: "2019-04-01",
    gender: "Mare",
    canters: true,
    divisions: ["amateur"],
    ownerIds: [owner.id],
    trainerIds: [],
    ...over,
  });

  it("adds, lists, searches, edits and deletes a horse (with its entries and records)", async () => {
    const trainer = await buildUser(t.app, { name: "Terry Trainer", roles: ["Owner", "Trainer"] });
    const created = await call(t.app, "POST", "/api/admin/horses", {
      cookie: admin.cookie,
      body: horseBody({ trainerIds: [trainer.id] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const horse = created.json();
    expect(horse).toMatchObject({
      name: "Pride's Jubilee",
      canters: true,
      divisions: ["amateur"],
      owners: [{ id: owner.id, name: "Casey Owner" }],
      trainers: [{ id: trainer.id, name: "Terry Trainer" }],
    });
    const list = await call(t.app, "GET", "/api/admin/horses?q=jubilee%20PRIDE", { cookie: admin.cookie });
    expect(list.json().horses.map((h: { id: string }) => h.id)).toEqual([horse.id]);

    const edited = await call(t.app, "PUT", `/api/admin/horses/${horse.id}`, {
      cookie: admin.cookie,
      body: horseBody({ name: "Pride's Jubilee II", trainerIds: [] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Pride's Jubilee II", trainers: [] });

    const show = await buildEntryShow(t.app);
    await buildEntry(t.app, {
      userId: owner.id,
      showId: show.id,
      classId: "class-1",
      status: "HorseIsShowing",
      horseId: horse.id,
    });
    const removed = await call(t.app, "DELETE", `/api/admin/horses/${horse.id}`, { cookie: admin.cookie });
    expect(removed.statusCode).toBe(200);
    expect(
      await db().selectFrom("class_entry").select("id").where("horse_id", "=", horse.id).execute(),
    ).toEqual([]);
    expect(
      (await call(t.app, "DELETE", `/api/admin/horses/${horse.id}`, { cookie: admin.cookie })).statusCode,
    ).toBe(404);
  });

  it.each([
    ["an admin as owner", () => horseBody({ ownerIds: [admin.id] }), PEOPLE_ERRORS.adminOwner],
    ["a non-trainer as trainer", () => horseBody({ trainerIds: [owner.id] }), PEOPLE_ERRORS.notTrainer],
    [
      "an unknown person",
      () => horseBody({ ownerIds: ["01a1fd76-0000-7000-8000-000000000000"] }),
      PEOPLE_ERRORS.unknownUser,
    ],
    ["no name", () => horseBody({ name: " " }), "Name is required."],
    ["no date of birth", () => horseBody({ dateOfBirth: "" }), "Enter a date as yyyy-mm-dd."],
  ])("refuses %s", async (_label, body, message) => {
    const res = await call(t.app, "POST", "/api/admin/horses", { cookie: admin.cookie, body: body() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it("answers 404 for an unknown horse", async () => {
    const res = await call(t.app, "PUT", "/api/admin/horses/01a1fd76-0000-7000-8000-000000000000", {
      cookie: admin.cookie,
      body: horseBody(),
    });
    expect(res.statusCode).toBe(404);
  });
});

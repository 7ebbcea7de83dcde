import { describe, expect, it } from "vitest";
import { CLASS_EDIT_ERRORS } from "#domain/shows/class-editing.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { buildEntry, buildEntryShow } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();
const admin = t.user({ roles: ["Owner", "Admin"] });
const owner = t.user();

const entriesOf = (showId: string) =>
  t.app.deps.db.db.selectFrom("class_entry").select(["class_id"]).where("show_id", "=", showId).execute();

describe("PUT /api/shows/:id/classes", () => {
  it("adds, edits, reorders and removes classes; kept classes keep their ids and entries", async () => {
    const show = await buildEntryShow(t.app, {
      classes: ["Model Mares", "Youth Equitation", "Park Pleasure"],
    });
    await buildEntry(t.app, { userId: owner.id, showId: show.id, classId: "class-1", status: "Interested" });
    await buildEntry(t.app, { userId: owner.id, showId: show.id, classId: "class-2", status: "Interested" });
    const res = await call(t.app, "PUT", `/api/shows/${show.id}/classes`, {
      cookie: admin.cookie,
      body: {
        classes: [
          { id: "class-3", number: "3", name: "Park Pleasure" },
          { number: "36a", name: "Amateur Country Pleasure", date: show.startDate },
          { id: "class-1", number: "1", name: "Model Mares, Any Age" },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().classes.map((c: { id: string; number: string; name: string }) => [c.id, c.number, c.name]),
    ).toEqual([
      ["class-3", "3", "Park Pleasure"],
      ["class-36A", "36A", "Amateur Country Pleasure"],
      ["class-1", "1", "Model Mares, Any Age"],
    ]);
    expect((await entriesOf(show.id)).map((e) => e.class_id)).toEqual(["class-1"]);
    const detail = await call(t.app, "GET", `/api/shows/${show.id}`, { cookie: owner.cookie });
    expect(detail.json().classes).toHaveLength(3);
  });

  it.each([
    [
      "an unknown class id",
      [{ id: "class-99", number: "99", name: "X" }],
      CLASS_EDIT_ERRORS.unknownClass("class-99"),
    ],
    [
      "a repeated number",
      [
        { number: "5", name: "X" },
        { number: "5", name: "Y" },
      ],
      CLASS_EDIT_ERRORS.duplicateNumber("5"),
    ],
  ])("refuses %s and changes nothing", async (_label, classes, message) => {
    const show = await buildEntryShow(t.app);
    const res = await call(t.app, "PUT", `/api/shows/${show.id}/classes`, {
      cookie: admin.cookie,
      body: { classes },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const detail = await call(t.app, "GET", `/api/shows/${show.id}`, { cookie: owner.cookie });
    expect(detail.json().classes.map((c: { id: string }) => c.id)).toEqual(["class-1", "class-2"]);
  });

  it("answers 404 for an unknown show and 400 for a bad number", async () => {
    const missing = await call(t.app, "PUT", "/api/shows/nope/classes", {
      cookie: admin.cookie,
      body: { classes: [] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(errorsTexts.showNotFound);
    const show = await buildEntryShow(t.app);
    const bad = await call(t.app, "PUT", `/api/shows/${show.id}/classes`, {
      cookie: admin.cookie,
      body: { classes: [{ number: "1 2", name: "X" }] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("DELETE /api/shows/:id", () => {
  it("deletes a show with its classes and entries; a second delete is 404", async () => {
    const show = await buildEntryShow(t.app);
    await buildEntry(t.app, { userId: owner.id, showId: show.id, classId: "class-1", status: "WatchClass" });
    const res = await call(t.app, "DELETE", `/api/shows/${show.id}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entriesOf(show.id)).toEqual([]);
    expect((await call(t.app, "GET", `/api/shows/${show.id}`, { cookie: owner.cookie })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, "DELETE", `/api/shows/${show.id}`, { cookie: admin.cookie })).statusCode).toBe(
      404,
    );
  });

  it("is refused to an owner", async () => {
    const show = await buildEntryShow(t.app);
    const res = await call(t.app, "DELETE", `/api/shows/${show.id}`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(403);
    expect((await call(t.app, "GET", `/api/shows/${show.id}`, { cookie: owner.cookie })).statusCode).toBe(
      200,
    );
  });
});

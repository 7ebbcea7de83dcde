import { beforeAll, describe, expect, it } from "vitest";
import { entriesTexts } from "#domain/texts/entries.ts";
import { buildEntryShow, buildHorse, type TestHorse } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * Issue 24 item 2 (ADR 023, migration 021): a notification about a class that was since removed from
 * its show says so, and only that class's notifications of that show are marked.
 */
/** Enters the shared horse. */
/** Co-owner: hears of the entries (barn activity). */
let horse: TestHorse;

const t = buildTestApp();
const admin = t.user({ roles: ["Owner", "Admin"] });
const owner = t.user({ name: "Casey Owner" });
const co = t.user({ name: "Cody Coowner" });

beforeAll(async () => {
  horse = await buildHorse(t.app, { name: "Shared Star", owners: [owner.id, co.id] });
});

const enter = async (showId: string, classId: string) => {
  const res = await call(t.app, "PUT", `/api/shows/${showId}/classes/${classId}/entries`, {
    cookie: owner.cookie,
    body: { entries: [{ status: "ImShowing", horseId: horse.id }] },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const list = async (user: SignedInUser) =>
  (await call(t.app, "GET", "/api/notifications", { cookie: user.cookie })).json().notifications as {
    message: string;
    showId: string | null;
    showDeleted: boolean;
    classDeleted: boolean;
  }[];
const about = async (user: SignedInUser, showName: string, className: string) => {
  const message = entriesTexts.barnActivity(owner.name, horse.name, className, showName);
  const found = (await list(user)).filter((n) => n.message === message);
  expect(found, message).toHaveLength(1);
  return found[0];
};
const replaceClasses = (user: SignedInUser, showId: string, classes: unknown[]) =>
  call(t.app, "PUT", `/api/shows/${showId}/classes`, { cookie: user.cookie, body: { classes } });

describe("a notification about a removed class", () => {
  it("stores the class it is about", async () => {
    const show = await buildEntryShow(t.app, { name: "Stored Class Show", classes: ["Model Mares"] });
    await enter(show.id, "class-1");
    const rows = await t.app.deps.db.db
      .selectFrom("notification")
      .select(["class_id", "class_deleted"])
      .where("user_id", "=", co.id)
      .where("show_id", "=", show.id)
      .execute();
    expect(rows).toEqual([{ class_id: "class-1", class_deleted: 0 }]);
  });

  it("says so once the admin class editor removes the class; other classes and shows are untouched", async () => {
    const show = await buildEntryShow(t.app, {
      name: "Edited Show",
      classes: ["Model Mares", "Park Pleasure"],
    });
    const other = await buildEntryShow(t.app, { name: "Other Show", classes: ["Model Mares"] });
    await enter(show.id, "class-1");
    await enter(show.id, "class-2");
    await enter(other.id, "class-1");
    expect(await about(co, show.name, "Model Mares")).toMatchObject({ showId: show.id, classDeleted: false });

    // Not an admin, or from a foreign site: refused, nothing marked.
    expect(
      (await replaceClasses(owner, show.id, [{ id: "class-2", number: "2", name: "Park Pleasure" }]))
        .statusCode,
    ).toBe(403);
    const foreign = await t.app.inject({
      method: "PUT",
      url: `/api/shows/${show.id}/classes`,
      headers: { cookie: admin.cookie, origin: "https://evil.example" },
      payload: { classes: [{ id: "class-2", number: "2", name: "Park Pleasure" }] },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await about(co, show.name, "Model Mares")).toMatchObject({ classDeleted: false });

    const res = await replaceClasses(admin, show.id, [{ id: "class-2", number: "2", name: "Park Pleasure" }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await about(co, show.name, "Model Mares")).toMatchObject({
      showId: show.id,
      showDeleted: false,
      classDeleted: true,
    });
    expect(await about(co, show.name, "Park Pleasure")).toMatchObject({ classDeleted: false });
    // The same class id at another show is another class.
    expect(await about(co, other.name, "Model Mares")).toMatchObject({ classDeleted: false });
  });

  it("says so once the show-day schedule editor leaves the class out", async () => {
    const show = await buildEntryShow(t.app, {
      name: "Scheduled Show",
      classes: ["Model Mares", "Park Pleasure"],
    });
    await enter(show.id, "class-1");
    await enter(show.id, "class-2");
    const res = await call(t.app, "PUT", `/api/shows/${show.id}/schedule`, {
      cookie: admin.cookie,
      body: {
        timeZone: null,
        minutesPerClass: 7,
        sessions: [],
        unscheduled: [{ id: "class-2", number: "2", name: "Park Pleasure" }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await about(co, show.name, "Model Mares")).toMatchObject({ classDeleted: true });
    expect(await about(co, show.name, "Park Pleasure")).toMatchObject({ classDeleted: false });
  });
});

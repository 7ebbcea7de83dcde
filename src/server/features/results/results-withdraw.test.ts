import { beforeAll, describe, expect, it } from "vitest";
import type { PublishLine } from "#domain/contracts/results.ts";
import { buildHorse, storedNotifications } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * A deleted class takes its published results with it (ADR 039): the class editor, the schedule and
 * a show's delete all withdraw them, by difference as a correction to no lines, so the standings, the
 * horse's results and the owner's Show Records are as if the class had never been posted. Before, the
 * standings kept the points of a class that no longer existed (the hostile probe of issue 22).
 */

let midnight: { id: string; name: string };

const db = () => t.app.deps.db.db;
const line = (lineNo: number, placing: number, horse: string, horseId: string | null): PublishLine => ({
  lineNo,
  placing,
  horse,
  rider: "",
  owner: "",
  horseId,
});

async function publish(showId: string, classId: string, lines: PublishLine[]) {
  const res = await call(t.app, "POST", `/api/shows/${showId}/classes/${classId}/results`, {
    cookie: admin.cookie,
    body: { lines },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Everything a posted class reaches: the standings' tables and page, the horse's results, Show Records. */
async function everywhere() {
  const get = async (path: string, who: SignedInUser) =>
    (await call(t.app, "GET", path, { cookie: who.cookie })).json();
  return {
    standing: await db()
      .selectFrom("standing")
      .selectAll()
      .orderBy("horse_key")
      .orderBy("division_id")
      .execute(),
    standingShow: await db()
      .selectFrom("standing_show")
      .selectAll()
      .orderBy("horse_key")
      .orderBy("show_id")
      .orderBy("division_id")
      .execute(),
    standingPoints: await db()
      .selectFrom("standing_points")
      .selectAll()
      .orderBy("division_id")
      .orderBy("points")
      .execute(),
    page: await get("/api/standings?year=2025&org=WHOA&division=lite-shod", owner),
    horse: await get(`/api/horses/${midnight.id}/results`, owner),
    records: (await get("/api/records", owner)).records,
  };
}

/** A show of two Lite Shod classes; the second's placings are the ones withdrawn. */
async function twoClassShow(name: string) {
  const show = await buildShow(t.app, {
    name,
    startDate: "2025-06-01",
    classes: [
      { id: "c-1", name: "Lite Shod Walking Horse" },
      { id: "c-2", name: "Lite Shod Walking Horse Amateur" },
    ],
  });
  await publish(show.id, "c-1", [line(1, 1, "Midnight Sun", midnight.id), line(2, 2, "Nobody Known", null)]);
  const before = await everywhere();
  await publish(show.id, "c-2", [
    line(1, 1, "Stranger Danger", null),
    line(2, 2, "Midnight Sun", midnight.id),
  ]);
  expect(await everywhere()).not.toEqual(before);
  return { showId: show.id, before };
}

const withdrawn = (showId: string) =>
  db()
    .selectFrom("result_history")
    .select(["class_id", "kind", "lines"])
    .where("show_id", "=", showId)
    .where("kind", "=", "withdrawn")
    .execute();
const resultNotices = async () =>
  (await storedNotifications(t.app, owner.id)).filter((n) => n.type === "Result").length;

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const owner = t.user({ name: "Olive Owner" });

beforeAll(async () => {
  midnight = await buildHorse(t.app, { name: "Midnight Sun", owners: [owner.id] });
});

describe("a class deleted with published results", () => {
  it("by the class editor: its results leave standings, horse results and Show Records", async () => {
    const { showId, before } = await twoClassShow("Spring Fling");
    const notices = await resultNotices();
    const res = await call(t.app, "PUT", `/api/shows/${showId}/classes`, {
      cookie: admin.cookie,
      body: { classes: [{ id: "c-1", number: "1", name: "Lite Shod Walking Horse" }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await everywhere()).toEqual(before);
    expect(
      await db()
        .selectFrom("result")
        .select("id")
        .where("class_id", "=", "c-2")
        .where("show_id", "=", showId)
        .execute(),
    ).toEqual([]);
    expect(await withdrawn(showId)).toEqual([{ class_id: "c-2", kind: "withdrawn", lines: "[]" }]);
    expect(await resultNotices()).toBe(notices);
  });

  it("by the schedule: the same", async () => {
    const { showId, before } = await twoClassShow("Summer Classic");
    const res = await call(t.app, "PUT", `/api/shows/${showId}/schedule`, {
      cookie: admin.cookie,
      body: {
        timeZone: null,
        minutesPerClass: 5,
        sessions: [],
        unscheduled: [{ id: "c-1", number: "1", name: "Lite Shod Walking Horse" }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await everywhere()).toEqual(before);
    expect(await withdrawn(showId)).toHaveLength(1);
  });

  it("with its whole show: every class's results leave them", async () => {
    const before = await everywhere();
    const { showId } = await twoClassShow("Autumn Finale");
    const res = await call(t.app, "DELETE", `/api/shows/${showId}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await everywhere()).toEqual(before);
  });
});

import type { KyselyPlugin } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Roster } from "#domain/contracts/roster.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import {
  befriend,
  buildEntry,
  buildEntryShow,
  buildHorse,
  daysFrom,
  type TestShow,
} from "#tests/support/entries-factories.ts";
import { buildUser, signedInUser, type TestUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";
import { getRoster } from "./roster.service.ts";

let todayShow: TestShow;
let weekShow: TestShow;
let seasonShow: TestShow;
let pastShow: TestShow;

const today = daysFrom(0);

const t = buildTestApp();
const trainer = t.user({ name: "Wade Trainer", roles: ["Owner", "Trainer"] });
const owner = t.user({ name: "Casey Owner" });
const friend = t.user({ name: "Riley Friend" });
const stranger = t.user({ name: "Sam Stranger" });

beforeAll(async () => {
  await befriend(t.app, owner.id, friend.id);
  const midnight = await buildHorse(t.app, { name: "Midnight", owners: [owner.id], trainers: [trainer.id] });
  const sundance = await buildHorse(t.app, { name: "Sundance", owners: [friend.id] });

  todayShow = await buildEntryShow(t.app, { name: "Today Show", startDate: today, endDate: daysFrom(1) });
  weekShow = await buildEntryShow(t.app, {
    name: "Week Show",
    startDate: daysFrom(7),
    classes: ["Model Mares", "Yearlings"],
  });
  seasonShow = await buildEntryShow(t.app, {
    name: "Season Show",
    startDate: daysFrom(120),
    endDate: daysFrom(123),
    classes: [
      { id: "cel-1", name: "Amateur Park" },
      { id: "cel-2", name: "Youth Trail", date: daysFrom(122) },
    ],
  });
  pastShow = await buildEntryShow(t.app, { name: "Past Show", startDate: daysFrom(-45) });

  // The owner's own entries: today, this week, the season and the past.
  await buildEntry(t.app, {
    userId: owner.id,
    showId: todayShow.id,
    classId: "class-1",
    status: "WatchClass",
  });
  await buildEntry(t.app, {
    userId: owner.id,
    showId: weekShow.id,
    classId: "class-2",
    status: "HorseIsShowing",
    horseId: midnight.id,
    riderId: trainer.id,
  });
  await buildEntry(t.app, {
    userId: owner.id,
    showId: pastShow.id,
    classId: "class-1",
    status: "Interested",
  });
  // The friend's entries: one showing (derived for the owner), one only watching (not derived).
  await buildEntry(t.app, {
    userId: friend.id,
    showId: seasonShow.id,
    classId: "cel-2",
    status: "ImShowing",
    horseId: sundance.id,
  });
  await buildEntry(t.app, {
    userId: friend.id,
    showId: weekShow.id,
    classId: "class-1",
    status: "WatchClass",
  });
  // A stranger names the friend as rider: not derived for the friend, who is no trainer.
  await buildEntry(t.app, {
    userId: stranger.id,
    showId: seasonShow.id,
    classId: "cel-1",
    status: "HorseIsShowing",
    riderId: friend.id,
  });
});

const roster = async (user: SignedInUser, day = today): Promise<Roster> => {
  const res = await call(t.app, "GET", `/api/roster?today=${day}`, { cookie: user.cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const lines = (r: Roster) =>
  Object.fromEntries(
    Object.entries(r.sections).map(([section, cards]) => [
      section,
      cards.flatMap((card) =>
        card.days.flatMap((day) =>
          day.classes.flatMap((cls) =>
            cls.entries.map(
              (e) =>
                `${card.name}|${day.heading ? day.date : "-"}|${cls.name}|${e.status}|${e.horseName ?? ""}|${e.riderName ?? ""}|${e.fromName ?? ""}`,
            ),
          ),
        ),
      ),
    ]),
  );

describe("GET /api/roster", () => {
  it("needs a session (401) and a real date (400)", async () => {
    expect((await call(t.app, "GET", "/api/roster")).statusCode).toBe(401);
    for (const bad of ["tomorrow", "2026-02-30", "2026-1-1"]) {
      const res = await call(t.app, "GET", `/api/roster?today=${bad}`, { cookie: owner.cookie });
      expect(res.statusCode, bad).toBe(400);
    }
    const extra = await call(t.app, "GET", `/api/roster?today=${today}&userId=${friend.id}`, {
      cookie: owner.cookie,
    });
    expect(extra.statusCode).toBe(400);
  });

  it("shows the owner's own entries and a friend's showing entry in the right sections, past hidden", async () => {
    const r = await roster(owner);
    expect(lines(r)).toEqual({
      today: ["Today Show|-|Amateur Park Pleasure|WatchClass|||"],
      thisWeek: ["Week Show|-|Yearlings|HorseIsShowing|Midnight|Wade Trainer|"],
      showSeason: [
        `Season Show|${daysFrom(122)}|Youth Trail|FriendIsShowing|Sundance|Riley Friend|Riley Friend`,
      ],
    });
    expect(r.sections.today[0]).toMatchObject({ name: "Today Show", location: "Shelbyville, TN" });
  });

  it("shows a trainer the entries naming them as rider, as I'm Showing", async () => {
    const r = await roster(trainer);
    expect(lines(r)).toEqual({
      today: [],
      thisWeek: ["Week Show|-|Yearlings|ImShowing|Midnight|Wade Trainer|Casey Owner"],
      showSeason: [],
    });
  });

  it("derives a friend's showing entries but no rider entries for a non-trainer", async () => {
    const r = await roster(friend);
    expect(lines(r)).toEqual({
      today: [],
      thisWeek: [
        "Week Show|-|Model Mares|WatchClass|||",
        "Week Show|-|Yearlings|FriendIsShowing|Midnight|Wade Trainer|Casey Owner",
      ],
      showSeason: [`Season Show|${daysFrom(122)}|Youth Trail|ImShowing|Sundance||`],
    });
  });

  it("never shows a stranger anyone else's entries", async () => {
    const r = await roster(stranger);
    expect(lines(r)).toEqual({
      today: [],
      thisWeek: [],
      showSeason: ["Season Show|-|Amateur Park|HorseIsShowing||Riley Friend|"],
    });
  });

  it("buckets by the viewer's calendar day: tomorrow's view moves today's class out", async () => {
    const r = await roster(owner, daysFrom(1));
    expect(r.sections.today).toEqual([]);
    expect(lines(r).thisWeek).toEqual(["Week Show|-|Yearlings|HorseIsShowing|Midnight|Wade Trainer|"]);
  });
});

describe("friend requests share nothing until accepted", () => {
  it("a pending request derives nothing either way; acceptance derives the friend's showing entries", async () => {
    const asker = await signedInUser(t.app, { name: "Ash Asker" });
    const pal = await signedInUser(t.app, { name: "Pam Pal" });
    const horse = await buildHorse(t.app, { name: "Pam's Pony", owners: [pal.id] });
    await buildEntry(t.app, {
      userId: pal.id,
      showId: weekShow.id,
      classId: "class-1",
      status: "ImShowing",
      horseId: horse.id,
    });
    await call(t.app, "POST", "/api/friends", { cookie: asker.cookie, body: { friendId: pal.id } });
    expect(lines(await roster(asker)).thisWeek).toEqual([]);

    await call(t.app, "POST", `/api/friends/requests/${asker.id}/accept`, { cookie: pal.cookie });
    expect(lines(await roster(asker)).thisWeek).toEqual([
      "Week Show|-|Model Mares|FriendIsShowing|Pam's Pony|Pam Pal|Pam Pal",
    ]);
  });
});

describe("roster cost", () => {
  /** Counts the queries a roster request runs, through a Kysely plugin on a copy of the db handle. */
  async function countQueries(viewer: TestUser): Promise<number> {
    let count = 0;
    // Counted per result: a union's parts pass through transformQuery one by one, but run as one statement.
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        count += 1;
        return args.result;
      },
    };
    const db = { ...t.app.deps.db, db: t.app.deps.db.db.withPlugin(counter) };
    await getRoster(db, viewer, today);
    return count;
  }

  it("runs one query for a trainer with 40 horses and 30 friends over a season, as for one entry", async () => {
    const busy = await buildUser(t.app, { name: "Busy Trainer", roles: ["Owner", "Trainer"] });
    const small = await buildUser(t.app, { name: "Small Trainer", roles: ["Owner", "Trainer"] });
    const pony = await buildHorse(t.app, { owners: [small.id] });
    await buildEntry(t.app, {
      userId: small.id,
      showId: weekShow.id,
      classId: "class-1",
      status: "ImShowing",
      horseId: pony.id,
      // A trainer's I'm Showing names the trainer as rider (spec), so there is a person to name.
      riderId: small.id,
    });
    const smallCount = await countQueries(small);

    const season: TestShow[] = [];
    for (let s = 0; s < 12; s += 1) {
      season.push(
        await buildEntryShow(t.app, {
          startDate: daysFrom(s * 10),
          endDate: daysFrom(s * 10 + 2),
          classes: Array.from({ length: 40 }, (_, i) => `Season Class ${i + 1}`),
        }),
      );
    }
    const rows: Parameters<typeof buildEntry>[1][] = [];
    for (let h = 0; h < 40; h += 1) {
      const customer = await buildUser(t.app);
      const horse = await buildHorse(t.app, { owners: [customer.id], trainers: [busy.id] });
      for (const [i, show] of season.entries()) {
        rows.push({
          userId: customer.id,
          showId: show.id,
          classId: `class-${((h + i) % 40) + 1}`,
          status: "HorseIsShowing",
          horseId: horse.id,
          riderId: busy.id,
        });
      }
    }
    for (let f = 0; f < 30; f += 1) {
      const pal = await buildUser(t.app);
      await befriend(t.app, busy.id, pal.id);
      for (const [i, show] of season.entries()) {
        rows.push({
          userId: pal.id,
          showId: show.id,
          classId: `class-${((f * 3 + i) % 40) + 1}`,
          status: "ImShowing",
        });
      }
    }
    for (const show of season) {
      rows.push({ userId: busy.id, showId: show.id, classId: "class-1", status: "WatchClass" });
    }
    const createdAt = nowIso();
    await t.app.deps.db.db
      .insertInto("class_entry")
      .values(
        rows.map((r) => ({
          id: newId(),
          user_id: r.userId,
          show_id: r.showId,
          class_id: r.classId,
          status: r.status,
          horse_id: r.horseId ?? null,
          rider_id: r.riderId ?? null,
          placing: null,
          created_by: r.userId,
          created_at: createdAt,
        })),
      )
      .execute();

    const busyCount = await countQueries(busy);
    expect(busyCount).toBe(smallCount);
    expect(busyCount).toBe(1);

    const res = await getRoster(t.app.deps.db, busy, today);
    const total = Object.values(res.sections)
      .flat()
      .flatMap((c) => c.days.flatMap((d) => d.classes.flatMap((x) => x.entries))).length;
    expect(total).toBe(40 * 12 + 30 * 12 + 12);
  });
});

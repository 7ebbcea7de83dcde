import { beforeAll, describe, expect, it } from "vitest";
import type { MyEntries } from "#domain/contracts/entries.ts";
import type { Roster, RosterEntryView } from "#domain/contracts/roster.ts";
import type { ScheduleBody } from "#domain/contracts/show-day.ts";
import { buildEntry, buildHorse, daysFrom } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const ids: Record<string, string> = {};
let showA = "";
let showB = "";
const day = daysFrom(20);

const cls = (n: number) => ({ id: `class-${n}`, number: String(n), name: `Class ${n} Walking Horses` });

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const owner = t.user({ name: "Casey Owner" });
const trainer = t.user({ name: "Wade Trainer", roles: ["Owner", "Trainer"] });
const stranger = t.user({ name: "Sam Stranger" });

beforeAll(async () => {
  const midnight = await buildHorse(t.app, {
    name: "Midnight Sun",
    owners: [owner.id],
    trainers: [trainer.id],
  });
  const jubilee = await buildHorse(t.app, { name: "Jubilee", owners: [owner.id], trainers: [trainer.id] });

  const a = await buildShow(t.app, {
    name: "Spring Fling",
    startDate: day,
    days: 2,
    classes: Array.from({ length: 8 }, (_, i) => `Class ${i + 1} Walking Horses`),
  });
  const b = await buildShow(t.app, { name: "Lions Club Show", startDate: day, classes: ["Model Mares"] });
  showA = a.id;
  showB = b.id;
  const schedule: ScheduleBody = {
    timeZone: null,
    minutesPerClass: 7,
    sessions: [
      { name: "Evening", date: day, startTime: "19:00", ring: "Main Ring", classes: [1, 2, 3, 4].map(cls) },
      { name: "Evening 2", date: day, startTime: "19:00", ring: "Arena 2", classes: [5, 6].map(cls) },
      { name: "Late", date: day, startTime: "22:00", ring: "Main Ring", classes: [7, 8].map(cls) },
    ],
    unscheduled: [],
  };
  const res = await call(t.app, "PUT", `/api/shows/${showA}/schedule`, {
    cookie: admin.cookie,
    body: schedule,
  });
  expect(res.statusCode).toBe(200);

  const entry = (name: string, input: Parameters<typeof buildEntry>[1]) =>
    buildEntry(t.app, input).then((id) => {
      ids[name] = id;
    });
  // Midnight Sun in classes 1 and 2 of one session: no time to change tack.
  await entry("m1", {
    userId: owner.id,
    showId: showA,
    classId: "class-1",
    status: "HorseIsShowing",
    horseId: midnight.id,
    riderId: trainer.id,
  });
  await entry("m2", {
    userId: owner.id,
    showId: showA,
    classId: "class-2",
    status: "HorseIsShowing",
    horseId: midnight.id,
    riderId: trainer.id,
  });
  // Jubilee in class 4 (two classes from 2) and in Arena 2's first class at the same time as class 1.
  await entry("j4", {
    userId: owner.id,
    showId: showA,
    classId: "class-4",
    status: "HorseIsShowing",
    horseId: jubilee.id,
  });
  await entry("j7", {
    userId: owner.id,
    showId: showA,
    classId: "class-7",
    status: "HorseIsShowing",
    horseId: jubilee.id,
  });
  // The owner rides Jubilee in Arena 2 at 19:00 while the trainer rides Midnight Sun in the Main Ring.
  await entry("j5", {
    userId: owner.id,
    showId: showA,
    classId: "class-5",
    status: "ImShowing",
    horseId: jubilee.id,
  });
  // Midnight Sun also entered at another show that day.
  await entry("mB", {
    userId: owner.id,
    showId: showB,
    classId: "class-1",
    status: "HorseIsShowing",
    horseId: midnight.id,
  });
  // Watching a class is not showing: never a conflict.
  await entry("watch", { userId: owner.id, showId: showA, classId: "class-3", status: "WatchClass" });
});

function rosterEntries(roster: Roster): Map<string, RosterEntryView> {
  const all = new Map<string, RosterEntryView>();
  for (const section of Object.values(roster.sections))
    for (const show of section)
      for (const d of show.days) for (const c of d.classes) for (const e of c.entries) all.set(e.id, e);
  return all;
}

describe("season conflicts on the roster", () => {
  it("warns on both entries, naming the other entry and why", async () => {
    const res = await call(t.app, "GET", "/api/roster", { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const entries = rosterEntries(res.json() as Roster);
    const kinds = (name: string) =>
      (entries.get(ids[name]!)?.warnings ?? []).map(
        (w) => `${w.kind}:${Object.keys(ids).find((k) => ids[k] === w.otherEntryId)}`,
      );

    expect(kinds("m1")).toEqual(["tooClose:m2", "horseTwoShows:mB"]);
    expect(kinds("m2")).toEqual(["tooClose:m1", "horseTwoShows:mB"]);
    expect(kinds("mB")).toEqual(["horseTwoShows:m1", "horseTwoShows:m2"]);
    expect(kinds("j4")).toEqual(["showsOverlap:mB"]);
    expect(kinds("j7")).toEqual(["showsOverlap:mB"]);
    expect(kinds("watch")).toEqual([]);

    const m1 = entries.get(ids.m1!)!.warnings!;
    expect(m1[0]!.message).toBe(
      "Conflict: Midnight Sun is also in class 2 Class 2 Walking Horses, the class after this one in the same session: no time to change tack.",
    );
    expect(m1[1]!.message).toBe(
      "Conflict: Midnight Sun is also entered at Lions Club Show that day (class 1 Model Mares).",
    );
    expect(m1[1]!.otherShowId).toBe(showB);
    expect(entries.get(ids.m2!)!.warnings![0]!.message).toContain("the class before this one");
  });

  it("warns a trainer about riding in two rings at once, and not another viewer", async () => {
    // The trainer rides Midnight Sun (classes 1 and 2, Main Ring, 19:00) and now Jubilee in Arena 2 at 19:07.
    const ride = await buildEntry(t.app, {
      userId: owner.id,
      showId: showA,
      classId: "class-6",
      status: "HorseIsShowing",
      horseId: null,
      riderId: trainer.id,
    });
    const res = await call(t.app, "GET", "/api/roster", { cookie: trainer.cookie });
    const entries = rosterEntries(res.json() as Roster);
    const warnings = entries.get(ride)?.warnings ?? [];
    expect(warnings.map((w) => [w.kind, w.otherEntryId])).toEqual([["rings", ids.m2]]);
    expect(warnings[0]!.message).toMatch(
      /^Conflict: Wade Trainer also rides in class 2 Class 2 Walking Horses in Main Ring at ≈ 7:07 PM C[DS]T, the same time as this class\.$/,
    );
    const strangers = await call(t.app, "GET", "/api/roster", { cookie: stranger.cookie });
    expect(JSON.stringify(strangers.json())).not.toContain("warnings");
  });
});

describe("season conflicts on show detail", () => {
  it("the viewer's entries at a show carry their warnings; another viewer's carry none", async () => {
    const res = await call(t.app, "GET", `/api/shows/${showA}/entries`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const { entries } = res.json() as MyEntries;
    const m1 = entries.find((e) => e.id === ids.m1);
    expect(m1?.warnings?.map((w) => w.otherEntryId)).toEqual([ids.m2, ids.mB]);
    expect(entries.find((e) => e.id === ids.watch)?.warnings).toBeUndefined();
    const other = await call(t.app, "GET", `/api/shows/${showA}/entries`, { cookie: stranger.cookie });
    expect(other.json()).toEqual({ entries: [] });
  });

  it("never blocks: saving an entry that creates a conflict succeeds and is then warned about", async () => {
    const horses = await call(t.app, "GET", "/api/entries/choices", { cookie: owner.cookie });
    const midnight = (horses.json() as { ownHorses: { id: string; name: string }[] }).ownHorses.find(
      (h) => h.name === "Midnight Sun",
    );
    expect(midnight).toBeDefined();
    const res = await call(t.app, "PUT", `/api/shows/${showA}/classes/class-3/entries`, {
      cookie: owner.cookie,
      body: { entries: [{ status: "HorseIsShowing", horseId: midnight!.id, riderId: null }] },
    });
    expect(res.statusCode).toBe(200);
    const after = await call(t.app, "GET", `/api/shows/${showA}/entries`, { cookie: owner.cookie });
    const saved = (after.json() as MyEntries).entries.find((e) => e.classId === "class-3" && e.horseId);
    expect(saved?.warnings?.map((w) => w.kind)).toEqual(["tooClose", "horseTwoShows"]);
  });
});

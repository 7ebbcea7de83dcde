import { describe, expect, it } from "vitest";
import { signedInUser } from "#tests/support/factories.ts";
import { buildEntry, buildHorse, buildPlainShow, daysFromToday } from "#tests/support/horses-factories.ts";
import { horsesWorld } from "#tests/support/horses-world.ts";
import { call } from "#tests/support/server.ts";

const { t, owner, trainer, stranger, admin } = horsesWorld();

describe("Share Schedule", () => {
  it("lists upcoming I'm Showing and My Horse is Showing classes with dates, nothing else", async () => {
    const horse = await buildHorse(t.app, { name: "Scheduled", owners: [owner.id] });
    const other = await buildHorse(t.app, { owners: [owner.id] });
    const past = await buildPlainShow(t.app, { name: "Past Show", startOffset: -10 });
    const soon = await buildPlainShow(t.app, {
      name: "Soon Show",
      startOffset: 5,
      days: 2,
      classDate: (i) => (i === 1 ? daysFromToday(6) : null),
    });
    const later = await buildPlainShow(t.app, { name: "Later Show", startOffset: 30 });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: past.id,
      classId: "class-1",
      status: "ImShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: soon.id,
      classId: "class-2",
      status: "HorseIsShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: trainer.id,
      showId: soon.id,
      classId: "class-1",
      status: "ImShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: soon.id,
      classId: "class-1",
      status: "HorseIsShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: soon.id,
      classId: "class-3",
      status: "Interested",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: later.id,
      classId: "class-3",
      status: "ImShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: later.id,
      classId: "class-1",
      status: "ImShowing",
      horseId: other.id,
    });

    const res = await call(t.app, "GET", `/api/horses/${horse.id}/schedule`, { cookie: stranger.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      horseName: "Scheduled",
      shows: [
        expect.objectContaining({
          name: "Soon Show",
          classes: [
            { classId: "class-1", number: "1", name: "Class Number 1", date: daysFromToday(5) },
            { classId: "class-2", number: "2", name: "Class Number 2", date: daysFromToday(6) },
          ],
        }),
        expect.objectContaining({
          name: "Later Show",
          classes: [{ classId: "class-3", number: "3", name: "Class Number 3", date: daysFromToday(30) }],
        }),
      ],
    });
  });

  it("dates undated classes of a big multi-day show as the show-detail screen does", async () => {
    const horse = await buildHorse(t.app, { owners: [owner.id] });
    const big = await buildPlainShow(t.app, { startOffset: 3, days: 2, classes: 60 });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: big.id,
      classId: "class-60",
      status: "ImShowing",
      horseId: horse.id,
    });
    const res = await call(t.app, "GET", `/api/horses/${horse.id}/schedule`, { cookie: owner.cookie });
    expect(res.json().shows[0].classes[0].date).toBe(daysFromToday(4));
  });

  it("answers 404 for an unknown horse", async () => {
    const res = await call(t.app, "GET", "/api/horses/nope/schedule", { cookie: owner.cookie });
    expect(res.statusCode).toBe(404);
  });
});

describe("chooser lists", () => {
  it("offers every non-admin as owner and every trainer as trainer", async () => {
    const res = await call(t.app, "GET", "/api/users/choices", { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const { owners, trainers } = res.json();
    const ownerIds = owners.map((p: { id: string }) => p.id);
    expect(ownerIds).toEqual(expect.arrayContaining([owner.id, trainer.id, stranger.id]));
    expect(ownerIds).not.toContain(admin.id);
    expect(trainers.map((p: { id: string }) => p.id)).toEqual([trainer.id]);
  });
});

describe("Your Barn", () => {
  it("is for trainers only (403 for others)", async () => {
    const res = await call(t.app, "GET", "/api/barn", { cookie: owner.cookie });
    expect(res.statusCode).toBe(403);
  });

  it("lists the horses the trainer trains with their owners", async () => {
    const coach = await signedInUser(t.app, { roles: ["Owner", "Trainer"] });
    expect((await call(t.app, "GET", "/api/barn", { cookie: coach.cookie })).json()).toEqual({ horses: [] });
    await buildHorse(t.app, { name: "Barn B", owners: [owner.id, stranger.id], trainers: [coach.id] });
    await buildHorse(t.app, { name: "Barn A", owners: [], trainers: [coach.id] });
    await buildHorse(t.app, { name: "Not Mine", owners: [coach.id] });
    const res = await call(t.app, "GET", "/api/barn", { cookie: coach.cookie });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .horses.map((h: { name: string; owners: { name: string }[] }) => [
          h.name,
          h.owners.map((o) => o.name),
        ]),
    ).toEqual([
      ["Barn A", []],
      ["Barn B", ["Olive Owner", "Sam Stranger"]],
    ]);
  });
});

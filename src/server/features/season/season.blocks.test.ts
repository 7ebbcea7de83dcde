import { beforeAll, describe, expect, it } from "vitest";
import type { BarnSchedule } from "#domain/contracts/season.ts";
import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * A block in either direction stops, between two people, the lines one's entries give the other
 * (ADR 008): the roster left out an entry naming the viewer as rider from someone in a block with
 * them, but the printed schedule and its PDF still carried it, with the other person's horse, name
 * and owners (found by the attacker probe of wave 3), and the month calendar marked that show as the
 * viewer's. The sheet now leaves out every entry whose author is in a block with the viewer,
 * rider-derived and barn-derived alike, and the calendar counts such an entry no more; the viewer's own stay.
 */

let showId = "";
let showStart = "";

const ALICE_HORSE = "Alice's Quiet Storm";
const CARL_HORSE = "Carl's Copper Penny";
const OWN_HORSE = "Wade's Own Gold";

const sheet = async (query = "") => {
  const res = await call(t.app, "GET", `/api/shows/${showId}/schedule/print${query}`, {
    cookie: trainer.cookie,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as BarnSchedule;
};
const horsesOn = (schedule: BarnSchedule) =>
  schedule.days.flatMap((d) => d.sessions.flatMap((s) => s.lines.map((l) => l.horse))).sort();
/** The shows the trainer's month calendar marks as theirs, in the month of the shows here. */
const markedMine = async () => {
  const month = showStart.slice(0, 7);
  const res = await call(t.app, "GET", `/api/calendar?month=${month}&mine=1`, { cookie: trainer.cookie });
  expect(res.statusCode).toBe(200);
  return (res.json() as { shows: { id: string }[] }).shows.map((s) => s.id);
};
const block = async (who: SignedInUser, whom: SignedInUser) =>
  expect(
    (await call(t.app, "POST", "/api/blocks", { cookie: who.cookie, body: { userId: whom.id } })).statusCode,
  ).toBe(200);
const unblock = async (who: SignedInUser, whom: SignedInUser) =>
  expect((await call(t.app, "DELETE", `/api/blocks/${whom.id}`, { cookie: who.cookie })).statusCode).toBe(
    200,
  );

const t = buildTestApp();
const trainer = t.user({ name: "Wade Trainer", roles: ["Owner", "Trainer"] });
const alice = t.user({ name: "Alice Author" });
const carl = t.user({ name: "Carl Customer" });

beforeAll(async () => {
  const show = await buildShow(t.app, {
    startOffset: 20,
    classes: ["Class 1 Walking Horses", "Class 2 Walking Horses"],
  });
  showId = show.id;
  showStart = show.startDate;
  const aliceHorse = await buildHorse(t.app, { name: ALICE_HORSE, owners: [alice.id] });
  const carlHorse = await buildHorse(t.app, { name: CARL_HORSE, owners: [carl.id], trainers: [trainer.id] });
  const ownHorse = await buildHorse(t.app, { name: OWN_HORSE, owners: [trainer.id] });
  // Alice's entry names the trainer as rider; Carl's is in the trainer's barn; one is the trainer's own.
  await buildEntry(t.app, {
    userId: alice.id,
    showId,
    classId: "class-1",
    status: "HorseIsShowing",
    horseId: aliceHorse.id,
    riderId: trainer.id,
  });
  await buildEntry(t.app, {
    userId: carl.id,
    showId,
    classId: "class-2",
    status: "HorseIsShowing",
    horseId: carlHorse.id,
  });
  await buildEntry(t.app, {
    userId: trainer.id,
    showId,
    classId: "class-2",
    status: "ImShowing",
    horseId: ownHorse.id,
  });
});

describe("the printed schedule, the calendar and a block", () => {
  it("carries the rider's and the barn's entries while nobody blocks anybody", async () => {
    expect(horsesOn(await sheet())).toEqual([ALICE_HORSE, OWN_HORSE]);
    expect(horsesOn(await sheet(`?barn=${trainer.id}`))).toEqual([ALICE_HORSE, CARL_HORSE, OWN_HORSE]);
  });

  it("leaves out the entries of someone who blocked the viewer, or whom the viewer blocked, on the sheet and the PDF", async () => {
    for (const [who, whom] of [
      [alice, trainer],
      [trainer, alice],
    ] as const) {
      await block(who, whom);
      // The trainer's own entry still marks the show; Alice's alone would not (checked below).
      expect(await markedMine()).toEqual([showId]);
      const mine = await sheet();
      expect(horsesOn(mine)).toEqual([OWN_HORSE]);
      expect(JSON.stringify(mine)).not.toContain("Alice");
      expect(horsesOn(await sheet(`?barn=${trainer.id}`))).toEqual([CARL_HORSE, OWN_HORSE]);
      const roster = await call(t.app, "GET", "/api/roster", { cookie: trainer.cookie });
      expect(roster.body).not.toContain(ALICE_HORSE);
      await unblock(who, whom);
    }
    await block(carl, trainer);
    expect(horsesOn(await sheet(`?barn=${trainer.id}`))).toEqual([ALICE_HORSE, OWN_HORSE]);
    const pdf = await call(t.app, "GET", `/api/shows/${showId}/schedule.pdf?barn=${trainer.id}`, {
      cookie: trainer.cookie,
    });
    expect(pdf.statusCode).toBe(200);
    await block(alice, trainer);
    // Only the trainer's own entry is left: their sheet still prints, with it alone.
    expect(horsesOn(await sheet(`?barn=${trainer.id}`))).toEqual([OWN_HORSE]);
  });

  it("never marks a show as the viewer's on the calendar for an entry by someone in a block with them", async () => {
    const other = await buildShow(t.app, { startDate: showStart, classes: ["Class 1 Walking Horses"] });
    const horse = await buildHorse(t.app, { name: "Alice's Second Storm", owners: [alice.id] });
    await buildEntry(t.app, {
      userId: alice.id,
      showId: other.id,
      classId: "class-1",
      status: "HorseIsShowing",
      horseId: horse.id,
      riderId: trainer.id,
    });
    // Alice still blocks the trainer (above): her entry naming him as rider marks nothing.
    expect(await markedMine()).not.toContain(other.id);
    await unblock(alice, trainer);
    expect(await markedMine()).toContain(other.id);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  befriend,
  buildEntryShow,
  buildHorse,
  daysFrom,
  type TestHorse,
  type TestShow,
} from "#tests/support/entries-factories.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call, createSharedTestApps } from "#tests/support/server.ts";
import type { SignedInUser } from "#tests/support/test-app.ts";

/**
 * Issue 19, item 6: a double-tap (or a queued replay racing a live save) sends the same save twice at
 * once. On PostgreSQL the save read and wrote outside one transaction, so both copies saw no entry and
 * both inserted: duplicated entries, and doubled mirrors on the rider's roster. Saves of one class
 * must run one after the other, on one server and on two sharing the database.
 */

let shared: Awaited<ReturnType<typeof createSharedTestApps>>;
let actor: SignedInUser;
let otherActor: SignedInUser;
let rider: SignedInUser;
let horse: TestHorse;
let show: TestShow;
const ROUNDS = 6;
const COPIES = 12;

beforeAll(async () => {
  shared = await createSharedTestApps();
  const [app] = shared.apps;
  actor = await signedInUser(app, { name: "Double Tapper" });
  otherActor = await signedInUser(app, { name: "Second Friend" });
  rider = await signedInUser(app, { name: "Mirror Rider" });
  await befriend(app, actor.id, rider.id);
  await befriend(app, otherActor.id, rider.id);
  horse = await buildHorse(app, { name: "Race Horse", owners: [actor.id] });
  show = await buildEntryShow(app, {
    startDate: daysFrom(9),
    classes: Array.from({ length: ROUNDS * 2 }, (_, i) => `Race Class ${i + 1}`),
  });
}, 60_000);
afterAll(() => shared.close());

const entriesUrl = (classId: string) => `/api/shows/${show.id}/classes/${classId}/entries`;

/** Each copy goes to one of the two servers in turn, as a load balancer would spread them. */
const saveEverywhere = (who: SignedInUser, classId: string, entries: unknown[], copies: number) =>
  Promise.all(
    Array.from({ length: copies }, (_, i) =>
      call(shared.apps[i % 2]!, "PUT", entriesUrl(classId), { cookie: who.cookie, body: { entries } }),
    ),
  );

const stored = (userId: string, classId: string) =>
  shared.apps[0].deps.db.db
    .selectFrom("class_entry")
    .select(["status", "horse_id", "rider_id", "created_by"])
    .where("user_id", "=", userId)
    .where("show_id", "=", show.id)
    .where("class_id", "=", classId)
    .orderBy("status")
    .execute();

describe("concurrent identical saves of one class", () => {
  it("leave the chosen set once, and one mirror on the rider's roster, every round", async () => {
    const chosen = [
      { status: "ImShowing", horseId: horse.id, riderId: null },
      { status: "FriendIsShowing", horseId: horse.id, riderId: rider.id },
    ];
    for (let round = 0; round < ROUNDS; round += 1) {
      const classId = show.classes[round]!.id;
      const answers = await saveEverywhere(actor, classId, chosen, COPIES);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(COPIES).fill(200));
      // Every copy answers with the set as stored, never with a second copy of it.
      for (const answer of answers) expect(answer.json().entries).toHaveLength(2);
      expect(await stored(actor.id, classId)).toEqual([
        { status: "FriendIsShowing", horse_id: horse.id, rider_id: rider.id, created_by: actor.id },
        { status: "ImShowing", horse_id: horse.id, rider_id: null, created_by: actor.id },
      ]);
      expect(await stored(rider.id, classId)).toEqual([
        { status: "ImShowing", horse_id: horse.id, rider_id: rider.id, created_by: actor.id },
      ]);
    }
  }, 60_000);

  it("by two people naming the same rider leave one mirror on the rider's roster", async () => {
    const chosen = [{ status: "FriendIsShowing", horseId: null, riderId: rider.id }];
    for (let round = 0; round < ROUNDS; round += 1) {
      const classId = show.classes[ROUNDS + round]!.id;
      const answers = await Promise.all([
        saveEverywhere(actor, classId, chosen, COPIES / 2),
        saveEverywhere(otherActor, classId, chosen, COPIES / 2),
      ]);
      expect(answers.flat().map((a) => a.statusCode)).toEqual(Array(COPIES).fill(200));
      expect(await stored(actor.id, classId)).toHaveLength(1);
      expect(await stored(otherActor.id, classId)).toHaveLength(1);
      const mirrors = await stored(rider.id, classId);
      expect(mirrors.map(({ created_by, ...rest }) => rest)).toEqual([
        { status: "ImShowing", horse_id: null, rider_id: rider.id },
      ]);
      expect([actor.id, otherActor.id]).toContain(mirrors[0]!.created_by);
    }
  }, 60_000);
});

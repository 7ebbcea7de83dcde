import { beforeAll, describe, expect, it } from "vitest";
import type { Roster } from "#domain/contracts/roster.ts";
import { consentTexts } from "#domain/texts/consent.ts";
import { entriesTexts } from "#domain/texts/entries.ts";
import { friendsTexts } from "#domain/texts/friends.ts";
import {
  befriend,
  buildEntry,
  buildEntryShow,
  buildHorse,
  daysFrom,
  storedNotifications,
  type TestShow,
} from "#tests/support/entries-factories.ts";
import { buildUser, signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

let show: TestShow;

const t = buildTestApp();

beforeAll(async () => {
  show = await buildEntryShow(t.app, {
    name: "Block Test Show",
    startDate: daysFrom(4),
    classes: Array.from({ length: 40 }, (_, i) => `Block Class ${i + 1}`),
  });
});

let nextClass = 0;
const freshClass = () => show.classes[nextClass++]!;

const block = (who: SignedInUser, userId: string) =>
  call(t.app, "POST", "/api/blocks", { cookie: who.cookie, body: { userId } });
const unblock = (who: SignedInUser, userId: string) =>
  call(t.app, "DELETE", `/api/blocks/${userId}`, { cookie: who.cookie });
const blockedBy = async (who: SignedInUser) =>
  ((await call(t.app, "GET", "/api/blocks", { cookie: who.cookie })).json().blocked as { id: string }[]).map(
    (p) => p.id,
  );
const save = (who: SignedInUser, classId: string, entries: unknown[]) =>
  call(t.app, "PUT", `/api/shows/${show.id}/classes/${classId}/entries`, {
    cookie: who.cookie,
    body: { entries },
  });
const entriesOf = (userId: string, classId?: string) => {
  let q = t.app.deps.db.db
    .selectFrom("class_entry")
    .select(["status", "created_by"])
    .where("user_id", "=", userId)
    .where("show_id", "=", show.id);
  if (classId) q = q.where("class_id", "=", classId);
  return q.execute();
};
const rosterClassIds = async (who: SignedInUser) => {
  const roster = (
    await call(t.app, "GET", `/api/roster?today=${daysFrom(0)}`, { cookie: who.cookie })
  ).json() as Roster;
  return Object.values(roster.sections)
    .flat()
    .filter((s) => s.id === show.id)
    .flatMap((s) => s.days.flatMap((d) => d.classes.map((c) => c.id)));
};

describe("blocking", () => {
  it.each([
    ["GET", "/api/blocks"],
    ["POST", "/api/blocks"],
    ["DELETE", "/api/blocks/x"],
  ] as const)("%s %s needs a session (401)", async (method, url) => {
    const body = method === "POST" ? { userId: "x" } : undefined;
    expect((await call(t.app, method, url, { body })).statusCode).toBe(401);
  });

  it("stops mirroring, removes what the blocked person put on the roster, ends friendship and requests; unblock restores nothing", async () => {
    const me = await signedInUser(t.app, { name: "Bea Blocker" });
    const pest = await signedInUser(t.app, { name: "Pete Pest" });
    await befriend(t.app, me.id, pest.id);
    const earlier = freshClass();
    const mine = freshClass();
    await save(pest, earlier.id, [{ status: "FriendIsShowing", riderId: me.id }]);
    await save(me, mine.id, [{ status: "WatchClass" }]);
    expect(await entriesOf(me.id, earlier.id)).toEqual([{ status: "ImShowing", created_by: pest.id }]);

    const res = await block(me, pest.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ blocked: [{ id: pest.id, name: "Pete Pest", photoId: null }] });
    expect(await entriesOf(me.id, earlier.id)).toEqual([]);
    expect(await entriesOf(me.id, mine.id)).toEqual([{ status: "WatchClass", created_by: me.id }]);
    expect((await call(t.app, "GET", "/api/friends", { cookie: me.cookie })).json().friends).toEqual([]);
    expect((await call(t.app, "GET", "/api/friends", { cookie: pest.cookie })).json().friends).toEqual([]);

    // The block ended the friendship, their only tie: a class on my roster is refused outright.
    const later = freshClass();
    const refused = await save(pest, later.id, [{ status: "FriendIsShowing", riderId: me.id }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(consentTexts.noTieFor("Bea Blocker"));
    expect(await entriesOf(me.id, later.id)).toEqual([]);
    expect(await entriesOf(pest.id, later.id)).toEqual([]);

    // Blocked people cannot ask again, and blocking twice changes nothing.
    const ask = await call(t.app, "POST", "/api/friends", { cookie: pest.cookie, body: { friendId: me.id } });
    expect(ask.statusCode).toBe(403);
    expect((await block(me, pest.id)).statusCode).toBe(200);
    expect(await blockedBy(me)).toEqual([pest.id]);

    expect((await unblock(me, pest.id)).json()).toEqual({ blocked: [] });
    expect(await entriesOf(me.id, earlier.id)).toEqual([]);
    // Unblocking restores no friendship, so no tie either; becoming friends again does.
    const afterUnblock = freshClass();
    expect(
      (await save(pest, afterUnblock.id, [{ status: "FriendIsShowing", riderId: me.id }])).statusCode,
    ).toBe(403);
    await befriend(t.app, me.id, pest.id);
    await save(pest, afterUnblock.id, [{ status: "FriendIsShowing", riderId: me.id }]);
    expect(await entriesOf(me.id, afterUnblock.id)).toEqual([{ status: "ImShowing", created_by: pest.id }]);
  });

  it("works in both directions: pending requests end, and the blocker's entries stop mirroring onto the blocked person", async () => {
    const me = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    // Co-owners: a tie the block does not end, so only the block keeps the entry off their roster.
    await buildHorse(t.app, { owners: [me.id, other.id] });
    await call(t.app, "POST", "/api/friends", { cookie: other.cookie, body: { friendId: me.id } });
    await block(me, other.id);
    for (const who of [me, other]) {
      expect((await call(t.app, "GET", "/api/friends/requests", { cookie: who.cookie })).json()).toEqual({
        incoming: [],
        outgoing: [],
      });
    }
    const cls = freshClass();
    expect((await save(me, cls.id, [{ status: "FriendIsShowing", riderId: other.id }])).statusCode).toBe(200);
    expect(await entriesOf(other.id, cls.id)).toEqual([]);
  });

  it("stops the blocked person's barn notifications to the blocker, not to the rest of the barn", async () => {
    const me = await signedInUser(t.app, { name: "Hana Horse" });
    const coTrainer = await signedInUser(t.app, { name: "Cole Trainer", roles: ["Owner", "Trainer"] });
    const rider = await signedInUser(t.app, { name: "Rue Rider" });
    const actor = await signedInUser(t.app, { name: "Ace Actor" });
    const horse = await buildHorse(t.app, { name: "Hana's Star", owners: [me.id], trainers: [coTrainer.id] });
    await befriend(t.app, actor.id, rider.id);
    const notices = async (userId: string) =>
      (await storedNotifications(t.app, userId)).filter((n) => n.type === "BarnActivity");

    const before = freshClass();
    await save(actor, before.id, [{ status: "FriendIsShowing", riderId: rider.id, horseId: horse.id }]);
    expect(await notices(me.id)).toHaveLength(1);
    expect(await notices(coTrainer.id)).toHaveLength(1);

    await block(me, actor.id);
    const after = freshClass();
    await save(actor, after.id, [{ status: "FriendIsShowing", riderId: rider.id, horseId: horse.id }]);
    expect(await notices(me.id)).toHaveLength(1);
    expect((await notices(coTrainer.id)).map((n) => n.message)).toContain(
      entriesTexts.barnActivity("Ace Actor", horse.name, after.name, show.name),
    );
  });

  it("hides a blocked person's entries naming a trainer as rider from the trainer's roster", async () => {
    const coach = await signedInUser(t.app, { roles: ["Owner", "Trainer"] });
    const client = await signedInUser(t.app);
    const horse = await buildHorse(t.app, { owners: [client.id] });
    const cls = freshClass();
    await buildEntry(t.app, {
      userId: client.id,
      showId: show.id,
      classId: cls.id,
      status: "HorseIsShowing",
      horseId: horse.id,
      riderId: coach.id,
    });
    expect(await rosterClassIds(coach)).toContain(cls.id);
    await block(coach, client.id);
    expect(await rosterClassIds(coach)).not.toContain(cls.id);
    await unblock(coach, client.id);
    expect(await rosterClassIds(coach)).toContain(cls.id);
    // A block by the other side hides it too.
    await block(client, coach.id);
    expect(await rosterClassIds(coach)).not.toContain(cls.id);
  });

  it("refuses oneself (400), an unknown person (404), bad bodies and a foreign Origin", async () => {
    const me = await signedInUser(t.app);
    const self = await block(me, me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(friendsTexts.denials.blockSelf);
    expect((await block(me, "ghost")).statusCode).toBe(404);
    expect(
      (await call(t.app, "POST", "/api/blocks", { cookie: me.cookie, body: { userId: "x", extra: true } }))
        .statusCode,
    ).toBe(400);
    const other = await buildUser(t.app);
    const foreign = await call(t.app, "POST", "/api/blocks", {
      cookie: me.cookie,
      body: { userId: other.id },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await blockedBy(me)).toEqual([]);
  });

  it("as an attacker: a user's blocks are their own to list and lift", async () => {
    const me = await signedInUser(t.app);
    const blocked = await buildUser(t.app);
    const mallory = await signedInUser(t.app);
    await block(me, blocked.id);
    expect(await blockedBy(mallory)).toEqual([]);
    expect((await unblock(mallory, blocked.id)).statusCode).toBe(200);
    expect(await blockedBy(me)).toEqual([blocked.id]);
  });

  it("is cleaned up with the user: deleting either person deletes the block and requests", async () => {
    const me = await signedInUser(t.app);
    const gone = await signedInUser(t.app);
    const asker = await signedInUser(t.app);
    await block(me, gone.id);
    await call(t.app, "POST", "/api/friends", { cookie: asker.cookie, body: { friendId: gone.id } });
    await t.app.deps.db.db.deleteFrom("user").where("id", "=", gone.id).execute();
    expect(await blockedBy(me)).toEqual([]);
    expect(
      (await call(t.app, "GET", "/api/friends/requests", { cookie: asker.cookie })).json().outgoing,
    ).toEqual([]);
  });
});

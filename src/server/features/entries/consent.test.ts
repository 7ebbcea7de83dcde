import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Roster } from "#domain/contracts/roster.ts";
import { BARN_NOTICE_LIMIT, BARN_NOTICE_WINDOW_MS } from "#domain/notifications/barn-notices.ts";
import { consentTexts } from "#domain/texts/consent.ts";
import { entriesTexts } from "#domain/texts/entries.ts";
import {
  befriend,
  buildEntryShow,
  buildHorse,
  daysFrom,
  storedNotifications,
  type TestHorse,
  type TestShow,
} from "#tests/support/entries-factories.ts";
import { signedInUser, signIn } from "#tests/support/factories.ts";
import { call, createSharedTestApps, type TestApp } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * Issue 8, item 3, attacked as a stranger would: mirrored entries say who made them and their
 * rider removes them in one action; barn notifications need a tie and are rate-limited per actor.
 */

let author: SignedInUser;
let ownersFriend: SignedInUser;
let horse: TestHorse;
let show: TestShow;

const t = buildTestApp();
const owner = t.user({ name: "Olive Owner" });
const trainer = t.user({ name: "Tess Trainer", roles: ["Owner", "Trainer"] });
const rider = t.user({ name: "Rita Rider" });
const stranger = t.user({ name: "Sam Stranger" });

beforeAll(async () => {
  // Putting a class on someone's roster needs a tie (issue 24, item 3): the author is a friend of both.
  author = await signedInUser(t.app, { name: "Abe Acquaintance" });
  await befriend(t.app, author.id, rider.id);
  await befriend(t.app, author.id, trainer.id);
  ownersFriend = await signedInUser(t.app, { name: "Fay Friend" });
  await befriend(t.app, owner.id, ownersFriend.id);
  horse = await buildHorse(t.app, { name: "Olive's Pride", owners: [owner.id], trainers: [trainer.id] });
  show = await buildEntryShow(t.app, {
    name: "Consent Test Show",
    startDate: daysFrom(5),
    classes: Array.from({ length: 60 }, (_, i) => `Consent Class ${i + 1}`),
  });
});

let nextClass = 0;
const freshClass = () => {
  const cls = show.classes[nextClass++];
  if (!cls) throw new Error("out of test classes");
  return cls;
};

const url = (classId: string) => `/api/shows/${show.id}/classes/${classId}/entries`;
const save = (who: SignedInUser, classId: string, entries: unknown[]) =>
  call(t.app, "PUT", url(classId), { cookie: who.cookie, body: { entries } });
const classEntries = async (who: SignedInUser, classId: string) =>
  (await call(t.app, "GET", url(classId), { cookie: who.cookie })).json().entries as {
    id: string;
    status: string;
    horseId: string | null;
    enteredBy: { id: string; name: string } | null;
  }[];
const rosterLines = async (who: SignedInUser, classId: string) => {
  const roster = (
    await call(t.app, "GET", `/api/roster?today=${daysFrom(0)}`, { cookie: who.cookie })
  ).json() as Roster;
  return Object.values(roster.sections)
    .flat()
    .filter((s) => s.id === show.id)
    .flatMap((s) => s.days.flatMap((d) => d.classes))
    .filter((c) => c.id === classId)
    .flatMap((c) => c.entries);
};
const barnNotices = async (userId: string, classId: string) => {
  const cls = show.classes.find((c) => c.id === classId)!;
  const rows = (await storedNotifications(t.app, userId)).filter((n) => n.type === "BarnActivity");
  return rows.filter((r) => r.message.includes(`"${cls.name}"`)).map((r) => r.message);
};

describe("an entry mirrored onto a rider", () => {
  it("records who made it, says 'Entered by' on the rider's roster, and the rider removes it in one action", async () => {
    const cls = freshClass();
    expect(
      (await save(author, cls.id, [{ status: "FriendIsShowing", riderId: rider.id, horseId: horse.id }]))
        .statusCode,
    ).toBe(200);

    const [mirrored] = await classEntries(rider, cls.id);
    expect(mirrored).toMatchObject({
      status: "ImShowing",
      horseId: horse.id,
      enteredBy: { id: author.id, name: "Abe Acquaintance" },
    });
    expect(await rosterLines(rider, cls.id)).toEqual([
      {
        id: mirrored!.id,
        status: "ImShowing",
        horseName: "Olive's Pride",
        riderName: "Rita Rider",
        fromId: author.id,
        fromName: "Abe Acquaintance",
        mirrored: true,
      },
    ]);

    const removed = await call(t.app, "DELETE", `/api/entries/${mirrored!.id}`, { cookie: rider.cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: 1 });
    expect(await classEntries(rider, cls.id)).toEqual([]);
    expect(await rosterLines(rider, cls.id)).toEqual([]);
    // The author's own declaration stays theirs.
    expect((await classEntries(author, cls.id)).map((e) => e.status)).toEqual(["FriendIsShowing"]);
  });

  it("as an attacker: nobody else can remove it, whatever the session, Origin or id", async () => {
    const cls = freshClass();
    await save(author, cls.id, [{ status: "FriendIsShowing", riderId: rider.id }]);
    const [mirrored] = await classEntries(rider, cls.id);
    const target = `/api/entries/${mirrored!.id}`;

    for (const who of [author, owner, trainer]) {
      const res = await call(t.app, "DELETE", target, { cookie: who.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(entriesTexts.denials.entryNotFound);
    }
    expect((await call(t.app, "DELETE", target)).statusCode).toBe(401);
    const foreign = await call(t.app, "DELETE", target, {
      cookie: rider.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    const long = await call(t.app, "DELETE", `/api/entries/${"x".repeat(500)}`, { cookie: rider.cookie });
    expect(long.statusCode).toBe(414);
    expect(
      (await call(t.app, "DELETE", "/api/entries/no-such-entry", { cookie: rider.cookie })).statusCode,
    ).toBe(404);
    expect(await classEntries(rider, cls.id)).toHaveLength(1);
  });

  it("stays 'Entered by' its author when the rider saves the class again, even with a horse they could not choose", async () => {
    const cls = freshClass();
    await save(author, cls.id, [{ status: "FriendIsShowing", riderId: rider.id, horseId: horse.id }]);
    const [mirrored] = await classEntries(rider, cls.id);

    const res = await save(rider, cls.id, [
      { status: "ImShowing", horseId: horse.id, riderId: rider.id },
      { status: "WatchClass" },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const after = await classEntries(rider, cls.id);
    expect(after.map((e) => [e.id, e.status, e.enteredBy?.name ?? null])).toEqual([
      [mirrored!.id, "ImShowing", "Abe Acquaintance"],
      [expect.any(String), "WatchClass", null],
    ]);

    // Choosing that horse anew is still refused: only an unchanged entry is kept as it was.
    const other = freshClass();
    const refused = await save(rider, other.id, [{ status: "ImShowing", horseId: horse.id }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(entriesTexts.denials.notOwnHorse);
  });

  it("a trainer who removes a author's mirrored entry does not get it back as a rider entry", async () => {
    const cls = freshClass();
    await save(author, cls.id, [{ status: "FriendIsShowing", riderId: trainer.id }]);
    const [mirrored] = await rosterLines(trainer, cls.id);
    expect(mirrored).toMatchObject({ status: "ImShowing", fromName: "Abe Acquaintance", mirrored: true });
    await call(t.app, "DELETE", `/api/entries/${mirrored!.id}`, { cookie: trainer.cookie });
    expect(await rosterLines(trainer, cls.id)).toEqual([]);
  });
});

describe("'Entered by' (issue 24, item 3)", () => {
  it("never names anyone on an entry the viewer made, wherever it shows on the viewer's roster", async () => {
    const cls = freshClass();
    await save(author, cls.id, [{ status: "FriendIsShowing", riderId: rider.id, horseId: horse.id }]);
    // The author's own declaration goes; the entry it mirrored onto the rider (a friend) stays, and
    // shows on the author's roster as the friend's showing entry.
    await call(t.app, "DELETE", url(cls.id), { cookie: author.cookie });
    const lines = await rosterLines(author, cls.id);
    expect(lines).toEqual([
      {
        id: expect.any(String),
        status: "FriendIsShowing",
        horseName: horse.name,
        riderName: rider.name,
        fromId: null,
        fromName: null,
        mirrored: false,
      },
    ]);
    // On the rider's roster it is still what the author entered for them.
    expect(await rosterLines(rider, cls.id)).toMatchObject([{ fromName: author.name, mirrored: true }]);
  });
});

describe("barn notifications need a tie to the horse", () => {
  it.each([
    ["a stranger naming a rider they do not know", () => stranger, () => rider],
    ["a stranger naming the owner as rider", () => stranger, () => owner],
  ])(
    "%s: refused with no roster change and nobody notified (issue 24, item 3)",
    async (_label, actor, riderOf) => {
      const cls = freshClass();
      const res = await save(actor(), cls.id, [
        { status: "FriendIsShowing", riderId: riderOf().id, horseId: horse.id },
      ]);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(consentTexts.noTieFor(riderOf().name));
      for (const person of [owner, trainer, rider]) expect(await barnNotices(person.id, cls.id)).toEqual([]);
      expect(await classEntries(riderOf(), cls.id)).toEqual([]);
      expect(await classEntries(actor(), cls.id)).toEqual([]);
    },
  );

  it("a friend of the owner naming the owner: owner and trainer notified", async () => {
    const cls = freshClass();
    const res = await save(ownersFriend, cls.id, [
      { status: "FriendIsShowing", riderId: owner.id, horseId: horse.id },
    ]);
    expect(res.statusCode).toBe(200);
    const message = entriesTexts.barnActivity(ownersFriend.name, horse.name, cls.name, show.name);
    for (const person of [owner, trainer]) expect(await barnNotices(person.id, cls.id)).toEqual([message]);
    expect(await classEntries(owner, cls.id)).toHaveLength(1);
  });

  it("someone naming their own accepted friend as the rider notifies the horse's barn", async () => {
    const pal = await signedInUser(t.app, { name: "Pia Pal" });
    await call(t.app, "POST", "/api/friends", { cookie: pal.cookie, body: { friendId: rider.id } });
    const cls = freshClass();
    const pending = await save(pal, cls.id, [
      { status: "FriendIsShowing", riderId: rider.id, horseId: horse.id },
    ]);
    // A pending request is no tie.
    expect(pending.statusCode).toBe(403);
    expect(await barnNotices(owner.id, cls.id)).toEqual([]);

    await call(t.app, "POST", `/api/friends/requests/${pal.id}/accept`, { cookie: rider.cookie });
    const next = freshClass();
    await save(pal, next.id, [{ status: "FriendIsShowing", riderId: rider.id, horseId: horse.id }]);
    const message = entriesTexts.barnActivity("Pia Pal", horse.name, next.name, show.name);
    expect(await barnNotices(owner.id, next.id)).toEqual([message]);
    expect(await barnNotices(trainer.id, next.id)).toEqual([message]);
  });
});

describe("barn notifications are limited per actor", () => {
  /** Pins the clock mid-window so the test never straddles a window boundary. */
  const midWindow = (windowsAhead = 0) =>
    new Date(
      Math.floor(Date.now() / BARN_NOTICE_WINDOW_MS) * BARN_NOTICE_WINDOW_MS +
        BARN_NOTICE_WINDOW_MS / 2 +
        windowsAhead * BARN_NOTICE_WINDOW_MS,
    );
  afterEach(() => {
    vi.useRealTimers();
  });

  /** An owner with ten horses shared with one co-owner, and a fresh show to enter them in. */
  async function busyOwner(app: TestApp["app"]) {
    const actor = await signedInUser(app, { name: "Busy Owner" });
    const coOwner = await signedInUser(app, { name: "Co Owner" });
    const horses: TestHorse[] = [];
    for (let i = 0; i < 10; i += 1) horses.push(await buildHorse(app, { owners: [actor.id, coOwner.id] }));
    const busyShow = await buildEntryShow(app, {
      startDate: daysFrom(9),
      classes: Array.from({ length: 24 }, (_, i) => `Busy Class ${i + 1}`),
    });
    const enterAll = (a: TestApp["app"], cookie: string, classIndex: number) =>
      call(a, "PUT", `/api/shows/${busyShow.id}/classes/${busyShow.classes[classIndex]!.id}/entries`, {
        cookie,
        body: { entries: horses.map((h) => ({ status: "ImShowing", horseId: h.id })) },
      });
    const received = async () =>
      Number(
        (
          await app.deps.db.db
            .selectFrom("notification")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("user_id", "=", coOwner.id)
            .where("type", "=", "BarnActivity")
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { actor, enterAll, received };
  }

  it(`sends at most ${BARN_NOTICE_LIMIT} per window even from concurrent saves, saves every entry, and sends again in the next window`, async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: midWindow() });
    const { actor, enterAll, received } = await busyOwner(t.app);
    const saves = await Promise.all(Array.from({ length: 12 }, (_, i) => enterAll(t.app, actor.cookie, i)));
    expect(saves.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(await received()).toBe(BARN_NOTICE_LIMIT);
    const stored = await t.app.deps.db.db
      .selectFrom("class_entry")
      .select("id")
      .where("user_id", "=", actor.id)
      .execute();
    expect(stored).toHaveLength(120);

    vi.setSystemTime(midWindow(1));
    expect((await enterAll(t.app, actor.cookie, 12)).statusCode).toBe(200);
    expect(await received()).toBe(BARN_NOTICE_LIMIT + 10);
  });

  it("shares one count between app servers on the same database", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: midWindow() });
    const shared = await createSharedTestApps();
    try {
      const [first, second] = shared.apps;
      const { actor, enterAll, received } = await busyOwner(first);
      const cookies = [actor.cookie, await signIn(second, actor)];
      for (let i = 0; i < 12; i += 1) {
        const app = i % 2 === 0 ? first : second;
        expect((await enterAll(app, cookies[i % 2]!, i)).statusCode).toBe(200);
      }
      expect(await received()).toBe(BARN_NOTICE_LIMIT);
    } finally {
      await shared.close();
    }
  });
});

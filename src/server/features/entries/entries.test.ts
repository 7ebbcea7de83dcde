import { beforeAll, describe, expect, it } from "vitest";
import { entriesTexts } from "#domain/texts/entries.ts";
import {
  befriend,
  buildEntry,
  buildEntryShow,
  buildHorse,
  storedNotifications,
  type TestHorse,
  type TestShow,
} from "#tests/support/entries-factories.ts";
import { buildUser, signIn, type TestUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

let adminOnly: TestUser;
let ownerHorse: TestHorse;
let customerHorse: TestHorse;
let friendHorse: TestHorse;
let trainerHorse: TestHorse;
let show: TestShow;

const d = entriesTexts.denials;
const url = (showId: string, classId: string) => `/api/shows/${showId}/classes/${classId}/entries`;

const t = buildTestApp();
const owner = t.user({ name: "Casey Owner" });
const trainer = t.user({ name: "Wade Trainer", roles: ["Owner", "Trainer"] });
const customer = t.user({ name: "Cora Customer" });

const friend = t.user({ name: "Fran Friend" });

beforeAll(async () => {
  // Friend is Showing puts a class on the rider's roster, which needs a tie (issue 24, item 3).
  await befriend(t.app, owner.id, friend.id);
  adminOnly = await buildUser(t.app, { name: "Ada Admin", roles: ["Admin"] });
  ownerHorse = await buildHorse(t.app, { name: "Midnight Test", owners: [owner.id], trainers: [trainer.id] });
  customerHorse = await buildHorse(t.app, {
    name: "Cora's Mare",
    owners: [customer.id],
    trainers: [trainer.id],
  });
  friendHorse = await buildHorse(t.app, { name: "Fran's Gelding", owners: [friend.id] });
  trainerHorse = await buildHorse(t.app, {
    name: "Wade's Stallion",
    owners: [trainer.id],
    trainers: [trainer.id],
  });
  show = await buildEntryShow(t.app, {
    name: "Spring Test Show",
    classes: Array.from({ length: 100 }, (_, i) => `Test Class ${i + 1}`),
  });
});

let nextClass = 0;
/** A class no other test has touched, so tests stay independent within the file's database. */
const freshClass = () => {
  const cls = show.classes[nextClass++];
  if (!cls) throw new Error("out of test classes");
  return cls;
};

const save = (user: SignedInUser, classId: string, entries: unknown[], showId = show.id) =>
  call(t.app, "PUT", url(showId, classId), { body: { entries }, cookie: user.cookie });
const read = (user: SignedInUser, classId: string) =>
  call(t.app, "GET", url(show.id, classId), { cookie: user.cookie });
const statuses = async (user: SignedInUser, classId: string) =>
  (await read(user, classId)).json().entries.map((e: { status: string }) => e.status);

const entriesOf = (userId: string, classId: string) =>
  t.app.deps.db.db
    .selectFrom("class_entry")
    .selectAll()
    .where("user_id", "=", userId)
    .where("show_id", "=", show.id)
    .where("class_id", "=", classId)
    .execute();

const notificationsOf = (userId: string) => storedNotifications(t.app, userId);

describe("authentication and unknown targets", () => {
  it.each([
    ["GET", "/api/entries/choices"],
    ["GET", "/api/shows/x/entries"],
    ["GET", "/api/shows/x/classes/class-1/entries"],
    ["PUT", "/api/shows/x/classes/class-1/entries"],
    ["DELETE", "/api/shows/x/classes/class-1/entries"],
  ] as const)("%s %s needs a session (401)", async (method, path) => {
    const res = await call(
      t.app,
      method,
      path,
      method === "PUT" ? { body: { entries: [{ status: "Interested" }] } } : {},
    );
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ["an unknown show", "no-such-show", "class-1"],
    ["an unknown class", "SHOW", "class-999"],
  ])("answers 404 for %s on read, save and remove", async (_label, showId, classId) => {
    const sid = showId === "SHOW" ? show.id : showId;
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await call(t.app, method, url(sid, classId), {
        cookie: owner.cookie,
        ...(method === "PUT" ? { body: { entries: [{ status: "Interested" }] } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error.message).toBe(d.classNotFound);
    }
    const list = await call(t.app, "GET", "/api/shows/no-such-show/entries", { cookie: owner.cookie });
    expect(list.statusCode).toBe(404);
  });

  it.each([
    ["no entries", { entries: [] }],
    ["an unknown status", { entries: [{ status: "Champion" }] }],
    ["an unknown field", { entries: [{ status: "Interested", placing: "1st" }] }],
    ["an unknown top-level field", { entries: [{ status: "Interested" }], userId: "someone" }],
    ["an over-long horse id", { entries: [{ status: "ImShowing", horseId: "h".repeat(101) }] }],
    ["too many entries", { entries: Array.from({ length: 13 }, () => ({ status: "Interested" })) }],
  ])("rejects %s with a 400 and writes nothing", async (_label, body) => {
    const cls = freshClass();
    await save(owner, cls.id, [{ status: "WatchClass" }]);
    const res = await call(t.app, "PUT", url(show.id, cls.id), { body, cookie: owner.cookie });
    expect(res.statusCode).toBe(400);
    expect(await statuses(owner, cls.id)).toEqual(["WatchClass"]);
  });
});

describe("save and remove all", () => {
  it("saves the selected set with names, and a second save replaces it", async () => {
    const cls = freshClass();
    const first = await save(owner, cls.id, [
      { status: "ImShowing", horseId: ownerHorse.id },
      { status: "WatchClass" },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json().entries).toMatchObject([
      {
        status: "ImShowing",
        horseId: ownerHorse.id,
        horseName: ownerHorse.name,
        riderId: null,
        classId: cls.id,
      },
      { status: "WatchClass", horseId: null, riderId: null },
    ]);
    const second = await save(owner, cls.id, [{ status: "Interested" }]);
    expect(second.json().entries.map((e: { status: string }) => e.status)).toEqual(["Interested"]);
    expect(await entriesOf(owner.id, cls.id)).toHaveLength(1);
  });

  it("keeps several statuses at once and drops exact duplicates", async () => {
    const cls = freshClass();
    const res = await save(owner, cls.id, [
      { status: "Interested" },
      { status: "Interested" },
      { status: "WatchClass" },
      { status: "FriendIsShowing", riderId: friend.id },
    ]);
    expect(res.json().entries.map((e: { status: string }) => e.status)).toEqual([
      "Interested",
      "WatchClass",
      "FriendIsShowing",
    ]);
  });

  it("is one transaction: one refused choice leaves the previous entries untouched", async () => {
    const cls = freshClass();
    await save(owner, cls.id, [{ status: "WatchClass" }]);
    const res = await save(owner, cls.id, [
      { status: "Interested" },
      { status: "ImShowing", horseId: friendHorse.id },
    ]);
    expect(res.statusCode).toBe(403);
    expect(await statuses(owner, cls.id)).toEqual(["WatchClass"]);
  });

  it("remove all deletes only the viewer's entries for that class", async () => {
    const cls = freshClass();
    const other = freshClass();
    await save(owner, cls.id, [{ status: "Interested" }, { status: "WatchClass" }]);
    await save(owner, other.id, [{ status: "Interested" }]);
    await save(friend, cls.id, [{ status: "WatchClass" }]);
    const res = await call(t.app, "DELETE", url(show.id, cls.id), { cookie: owner.cookie });
    expect(res.json()).toEqual({ removed: 2 });
    expect(await statuses(owner, cls.id)).toEqual([]);
    expect(await statuses(owner, other.id)).toEqual(["Interested"]);
    expect(await statuses(friend, cls.id)).toEqual(["WatchClass"]);
  });

  it("changes only what changed: kept entries keep their rows, an unchanged save writes nothing", async () => {
    const cls = freshClass();
    await save(owner, cls.id, [{ status: "Interested" }, { status: "WatchClass" }]);
    const [interested] = (await entriesOf(owner.id, cls.id)).filter((e) => e.status === "Interested");
    const counter = () =>
      t.app.deps.db.db
        .selectFrom("cache_version")
        .select("version")
        .where("subject", "=", owner.id)
        .executeTakeFirstOrThrow();
    const before = await counter();
    const same = await save(owner, cls.id, [{ status: "WatchClass" }, { status: "Interested" }]);
    expect(same.statusCode).toBe(200);
    expect(same.json().entries.map((e: { status: string }) => e.status)).toEqual([
      "Interested",
      "WatchClass",
    ]);
    expect(await counter()).toEqual(before);

    const changed = await save(owner, cls.id, [{ status: "Interested" }, { status: "HorseIsShowing" }]);
    expect(changed.json().entries.map((e: { status: string }) => e.status)).toEqual([
      "Interested",
      "HorseIsShowing",
    ]);
    const rows = await entriesOf(owner.id, cls.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((e) => e.status === "Interested")).toEqual(interested);
    expect((await counter()).version).toBeGreaterThan(before.version);
  });

  it("lists the viewer's own entries across the show's classes", async () => {
    const a = freshClass();
    const b = freshClass();
    await save(owner, a.id, [{ status: "Interested" }]);
    await save(owner, b.id, [{ status: "WatchClass" }]);
    const res = await call(t.app, "GET", `/api/shows/${show.id}/entries`, { cookie: owner.cookie });
    const mine = res
      .json()
      .entries.filter((e: { classId: string }) => e.classId === a.id || e.classId === b.id);
    expect(mine.map((e: { classId: string; status: string }) => [e.classId, e.status])).toEqual([
      [a.id, "Interested"],
      [b.id, "WatchClass"],
    ]);
  });
});

describe("the answer to a save", () => {
  // The save answers from the rows it read and wrote instead of reading them again: whatever it
  // keeps, removes or adds, the answer must be what a fresh read returns.
  const savedEqualsFresh = async (user: SignedInUser, classId: string, entries: unknown[]) => {
    const res = await save(user, classId, entries);
    expect(res.statusCode).toBe(200);
    const fresh = (await read(user, classId)).json().entries;
    expect(res.json().entries).toEqual(fresh);
    return fresh as { status: string; horseName: string | null; riderName: string | null }[];
  };

  it("keeps an entry mirrored onto the viewer (Entered by) and adds named ones, as a fresh read", async () => {
    const cls = freshClass();
    await save(trainer, cls.id, [
      { status: "CustomerIsShowing", riderId: customer.id, horseId: customerHorse.id },
    ]);
    const mirrored = { status: "ImShowing", horseId: customerHorse.id, riderId: customer.id };
    const answer = await savedEqualsFresh(customer, cls.id, [
      { status: "WatchClass" },
      mirrored,
      { status: "HorseIsShowing", horseId: customerHorse.id, riderId: friend.id },
    ]);
    expect(answer).toHaveLength(3);
    expect(answer[0]).toMatchObject({
      ...mirrored,
      horseName: customerHorse.name,
      enteredBy: { id: trainer.id, name: trainer.name },
    });
    expect(answer.find((e) => e.status === "HorseIsShowing")).toMatchObject({
      horseName: customerHorse.name,
      riderName: friend.name,
      enteredBy: null,
    });

    const after = await savedEqualsFresh(customer, cls.id, [mirrored, { status: "Interested" }]);
    expect(after.map((e) => e.status)).toEqual(["ImShowing", "Interested"]);
  });

  it("a save that adds a mirrored entry answers with the viewer's own entries, as a fresh read", async () => {
    const cls = freshClass();
    const answer = await savedEqualsFresh(owner, cls.id, [
      { status: "Interested" },
      { status: "FriendIsShowing", riderId: friend.id, horseId: friendHorse.id },
    ]);
    expect(answer).toHaveLength(2);
    expect(answer.find((e) => e.status === "FriendIsShowing")).toMatchObject({
      horseName: friendHorse.name,
      riderName: friend.name,
    });
    expect((await read(friend, cls.id)).json().entries).toMatchObject([
      { status: "ImShowing", horseId: friendHorse.id, riderId: friend.id, enteredBy: { id: owner.id } },
    ]);
  });

  it("an unchanged save and a save that only removes answer as a fresh read", async () => {
    const cls = freshClass();
    await save(owner, cls.id, [{ status: "Interested" }, { status: "WatchClass" }]);
    expect(
      await savedEqualsFresh(owner, cls.id, [{ status: "WatchClass" }, { status: "Interested" }]),
    ).toHaveLength(2);
    expect((await savedEqualsFresh(owner, cls.id, [{ status: "WatchClass" }])).map((e) => e.status)).toEqual([
      "WatchClass",
    ]);
  });
});

describe("users only see and change their own entries", () => {
  it("another user's save, read and remove never touch the first user's entries", async () => {
    const cls = freshClass();
    await save(owner, cls.id, [{ status: "ImShowing", horseId: ownerHorse.id }]);

    expect(await statuses(customer, cls.id)).toEqual([]);
    const showList = await call(t.app, "GET", `/api/shows/${show.id}/entries`, { cookie: customer.cookie });
    expect(showList.json().entries.some((e: { classId: string }) => e.classId === cls.id)).toBe(false);

    await save(customer, cls.id, [{ status: "WatchClass" }]);
    const removed = await call(t.app, "DELETE", url(show.id, cls.id), { cookie: customer.cookie });
    expect(removed.json()).toEqual({ removed: 1 });
    expect(await statuses(owner, cls.id)).toEqual(["ImShowing"]);
  });

  it("ignores any attempt to name another user as the entry's owner", async () => {
    const cls = freshClass();
    const res = await call(t.app, "PUT", url(show.id, cls.id), {
      body: { entries: [{ status: "Interested", userId: friend.id }] },
      cookie: owner.cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(await entriesOf(friend.id, cls.id)).toHaveLength(0);
  });
});

describe("horse and rider choices follow the chooser rules", () => {
  type Row = [string, () => SignedInUser, () => Record<string, unknown>, 200 | 400 | 403, string | null];
  const rows: Row[] = [
    [
      "I'm Showing with an own horse",
      () => owner,
      () => ({ status: "ImShowing", horseId: ownerHorse.id }),
      200,
      null,
    ],
    [
      "I'm Showing with a horse not owned",
      () => owner,
      () => ({ status: "ImShowing", horseId: friendHorse.id }),
      403,
      d.notOwnHorse,
    ],
    [
      "I'm Showing with a trained but not owned horse",
      () => trainer,
      () => ({ status: "ImShowing", horseId: ownerHorse.id }),
      403,
      d.notOwnHorse,
    ],
    [
      "I'm Showing with a horse that does not exist",
      () => owner,
      () => ({ status: "ImShowing", horseId: "ghost" }),
      400,
      d.unknownHorse,
    ],
    [
      "I'm Showing with someone else as rider",
      () => owner,
      () => ({ status: "ImShowing", riderId: friend.id }),
      400,
      d.imShowingRider,
    ],
    [
      "a trainer's I'm Showing with themself as rider",
      () => trainer,
      () => ({ status: "ImShowing", horseId: trainerHorse.id, riderId: trainer.id }),
      200,
      null,
    ],
    [
      "My Horse is Showing with a trainer as rider",
      () => owner,
      () => ({ status: "HorseIsShowing", horseId: ownerHorse.id, riderId: trainer.id }),
      200,
      null,
    ],
    [
      "My Horse is Showing with oneself as rider",
      () => owner,
      () => ({ status: "HorseIsShowing", horseId: ownerHorse.id, riderId: owner.id }),
      200,
      null,
    ],
    [
      "My Horse is Showing with a horse not owned",
      () => owner,
      () => ({ status: "HorseIsShowing", horseId: customerHorse.id }),
      403,
      d.notOwnHorse,
    ],
    [
      "My Horse is Showing with an admin-only rider",
      () => owner,
      () => ({ status: "HorseIsShowing", horseId: ownerHorse.id, riderId: adminOnly.id }),
      400,
      d.riderNotEligible,
    ],
    [
      "My Horse is Showing with an unknown rider",
      () => owner,
      () => ({ status: "HorseIsShowing", riderId: "ghost" }),
      400,
      d.unknownRider,
    ],
    [
      "My Horse is Showing by a trainer",
      () => trainer,
      () => ({ status: "HorseIsShowing", horseId: trainerHorse.id }),
      403,
      d.horseIsShowingTrainer,
    ],
    [
      "Customer is Showing by a non-trainer",
      () => owner,
      () => ({ status: "CustomerIsShowing" }),
      403,
      d.customerIsShowingNotTrainer,
    ],
    [
      "Customer is Showing with a customer and their horse",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: customer.id, horseId: customerHorse.id }),
      200,
      null,
    ],
    [
      "Customer is Showing with a customer only",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: customer.id }),
      200,
      null,
    ],
    [
      "Customer is Showing with nobody chosen",
      () => trainer,
      () => ({ status: "CustomerIsShowing" }),
      200,
      null,
    ],
    [
      "Customer is Showing with someone who is not a customer",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: friend.id }),
      403,
      d.notYourCustomer,
    ],
    [
      "Customer is Showing with the trainer as their own customer",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: trainer.id, horseId: trainerHorse.id }),
      403,
      d.notYourCustomer,
    ],
    [
      "Customer is Showing with another customer's horse",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: customer.id, horseId: ownerHorse.id }),
      403,
      d.notCustomersHorse,
    ],
    [
      "Customer is Showing with the customer's horse the trainer does not train",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: friend.id, horseId: friendHorse.id }),
      403,
      d.notYourCustomer,
    ],
    [
      "Customer is Showing with a horse but no customer",
      () => trainer,
      () => ({ status: "CustomerIsShowing", horseId: customerHorse.id }),
      400,
      d.customerFirst,
    ],
    [
      "Friend is Showing with any horse",
      () => owner,
      () => ({ status: "FriendIsShowing", riderId: friend.id, horseId: customerHorse.id }),
      200,
      null,
    ],
    [
      "Friend is Showing with a trainer as rider",
      () => owner,
      () => ({ status: "FriendIsShowing", riderId: trainer.id }),
      200,
      null,
    ],
    [
      "Friend is Showing with oneself as rider",
      () => owner,
      () => ({ status: "FriendIsShowing", riderId: owner.id }),
      400,
      d.friendIsSelf,
    ],
    [
      "Friend is Showing with an admin-only rider",
      () => owner,
      () => ({ status: "FriendIsShowing", riderId: adminOnly.id }),
      400,
      d.riderNotEligible,
    ],
    [
      "Friend is Showing with a horse that does not exist",
      () => owner,
      () => ({ status: "FriendIsShowing", horseId: "ghost" }),
      400,
      d.unknownHorse,
    ],
    [
      "Interested with a horse",
      () => owner,
      () => ({ status: "Interested", horseId: ownerHorse.id }),
      400,
      d.noPeopleAllowed("Interested Not Sure"),
    ],
    [
      "Watch Class with a rider",
      () => owner,
      () => ({ status: "WatchClass", riderId: friend.id }),
      400,
      d.noPeopleAllowed("Watch Class"),
    ],
  ];

  it.each(rows)("%s → %i", async (_label, who, choice, status, message) => {
    const cls = freshClass();
    const user = who();
    const res = await save(user, cls.id, [choice()]);
    expect(res.statusCode, res.body).toBe(status);
    if (message) {
      expect(res.json().error.message).toBe(message);
      expect(await entriesOf(user.id, cls.id)).toHaveLength(0);
    } else {
      expect(await entriesOf(user.id, cls.id)).toHaveLength(1);
    }
  });
});

describe("mirroring", () => {
  it("Friend is Showing with a rider gives the rider an I'm Showing entry, once", async () => {
    const cls = freshClass();
    await save(owner, cls.id, [{ status: "FriendIsShowing", riderId: friend.id }]);
    await save(owner, cls.id, [{ status: "FriendIsShowing", riderId: friend.id }, { status: "WatchClass" }]);
    const mirrored = await entriesOf(friend.id, cls.id);
    expect(mirrored).toHaveLength(1);
    expect(mirrored[0]).toMatchObject({
      status: "ImShowing",
      rider_id: friend.id,
      horse_id: null,
      created_by: owner.id,
    });
  });

  it("does not add a second identical I'm Showing entry the rider already has", async () => {
    const cls = freshClass();
    await buildEntry(t.app, {
      userId: friend.id,
      showId: show.id,
      classId: cls.id,
      status: "ImShowing",
      horseId: friendHorse.id,
      riderId: friend.id,
    });
    await save(owner, cls.id, [{ status: "FriendIsShowing", riderId: friend.id, horseId: friendHorse.id }]);
    expect(await entriesOf(friend.id, cls.id)).toHaveLength(1);
  });

  it("Customer is Showing with rider and horse mirrors; with the rider only it does not", async () => {
    const withHorse = freshClass();
    const riderOnly = freshClass();
    await save(trainer, withHorse.id, [
      { status: "CustomerIsShowing", riderId: customer.id, horseId: customerHorse.id },
    ]);
    await save(trainer, riderOnly.id, [{ status: "CustomerIsShowing", riderId: customer.id }]);
    expect(await entriesOf(customer.id, withHorse.id)).toMatchObject([
      { status: "ImShowing", horse_id: customerHorse.id, rider_id: customer.id, created_by: trainer.id },
    ]);
    expect(await entriesOf(customer.id, riderOnly.id)).toHaveLength(0);
  });

  it("Friend is Showing without a rider mirrors nothing", async () => {
    const cls = freshClass();
    await save(owner, cls.id, [{ status: "FriendIsShowing", horseId: friendHorse.id }]);
    const rows = await t.app.deps.db.db
      .selectFrom("class_entry")
      .select("user_id")
      .where("show_id", "=", show.id)
      .where("class_id", "=", cls.id)
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([owner.id]);
  });
});

describe("barn notifications", () => {
  it("tells every owner and trainer of the horse except the actor, once per save that adds it", async () => {
    const co = await buildUser(t.app, { name: "Co Owner" });
    const horse = await buildHorse(t.app, {
      name: "Shared Star",
      owners: [owner.id, co.id],
      trainers: [trainer.id],
    });
    const cls = freshClass();
    const message = entriesTexts.barnActivity(owner.name, horse.name, cls.name, show.name);
    expect(message).toBe(`Casey Owner entered Shared Star in the "${cls.name}" class at Spring Test Show.`);

    await save(owner, cls.id, [{ status: "ImShowing", horseId: horse.id }, { status: "WatchClass" }]);
    for (const user of [co, trainer]) {
      expect(await notificationsOf(user.id)).toContainEqual({
        type: "BarnActivity",
        message,
        show_id: show.id,
      });
    }
    expect((await notificationsOf(owner.id)).filter((n) => n.message === message)).toHaveLength(0);

    await save(owner, cls.id, [{ status: "ImShowing", horseId: horse.id }]);
    expect((await notificationsOf(co.id)).filter((n) => n.message === message)).toHaveLength(1);
  });

  it.each([
    ["My Horse is Showing", { status: "HorseIsShowing" }],
    ["I'm Showing", { status: "ImShowing" }],
  ])("%s with a horse notifies the trainer", async (_label, choice) => {
    const cls = freshClass();
    await save(owner, cls.id, [{ ...choice, horseId: ownerHorse.id }]);
    const message = entriesTexts.barnActivity(owner.name, ownerHorse.name, cls.name, show.name);
    expect(await notificationsOf(trainer.id)).toContainEqual({
      type: "BarnActivity",
      message,
      show_id: show.id,
    });
  });

  it("Customer is Showing notifies the customer (an owner), once despite the mirrored entry", async () => {
    const cls = freshClass();
    await save(trainer, cls.id, [
      { status: "CustomerIsShowing", riderId: customer.id, horseId: customerHorse.id },
    ]);
    const message = entriesTexts.barnActivity(trainer.name, customerHorse.name, cls.name, show.name);
    expect((await notificationsOf(customer.id)).filter((n) => n.message === message)).toHaveLength(1);
    expect((await notificationsOf(trainer.id)).filter((n) => n.message === message)).toHaveLength(0);
  });

  it("entries without a horse, and Interested or Watch Class, notify nobody", async () => {
    const cls = freshClass();
    const before = await t.app.deps.db.db.selectFrom("notification").select("id").execute();
    await save(owner, cls.id, [{ status: "ImShowing" }, { status: "Interested" }, { status: "WatchClass" }]);
    const after = await t.app.deps.db.db.selectFrom("notification").select("id").execute();
    expect(after).toHaveLength(before.length);
  });
});

describe("chooser data", () => {
  it("offers a non-trainer their own horses, every owner or trainer as rider, every horse, no customers", async () => {
    const res = await call(t.app, "GET", "/api/entries/choices", { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ownHorses.map((h: { id: string }) => h.id)).toContain(ownerHorse.id);
    expect(body.ownHorses.map((h: { id: string }) => h.id)).not.toContain(friendHorse.id);
    const riders = body.riders.map((r: { id: string }) => r.id);
    expect(riders).toEqual(expect.arrayContaining([owner.id, trainer.id, customer.id, friend.id]));
    expect(riders).not.toContain(adminOnly.id);
    expect(body.allHorses.map((h: { id: string }) => h.id)).toEqual(
      expect.arrayContaining([ownerHorse.id, customerHorse.id, friendHorse.id, trainerHorse.id]),
    );
    expect(body.customers).toEqual([]);
  });

  it("offers a trainer the owners of the horses they train, each with those horses, not themself", async () => {
    const res = await call(t.app, "GET", "/api/entries/choices", { cookie: trainer.cookie });
    const customers = res.json().customers as { id: string; horses: { id: string }[] }[];
    const byId = new Map(customers.map((c) => [c.id, c.horses.map((h) => h.id)]));
    expect(byId.get(owner.id)).toContain(ownerHorse.id);
    expect(byId.get(customer.id)).toEqual([customerHorse.id]);
    expect(byId.has(trainer.id)).toBe(false);
    expect(byId.has(friend.id)).toBe(false);
  });

  it("works for a freshly signed-in user with nothing yet", async () => {
    const fresh = await buildUser(t.app);
    const cookie = await signIn(t.app, fresh);
    const res = await call(t.app, "GET", "/api/entries/choices", { cookie });
    expect(res.json()).toMatchObject({ ownHorses: [], customers: [] });
  });
});

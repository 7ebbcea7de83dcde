import { describe, expect, it } from "vitest";
import { entriesWorld } from "#tests/support/entries-world.ts";
import { call } from "#tests/support/server.ts";
import type { SignedInUser } from "#tests/support/test-app.ts";

const {
  t,
  d,
  owner,
  trainer,
  customer,
  friend,
  ownerHorse,
  customerHorse,
  friendHorse,
  show,
  freshClass,
  url,
  save,
  read,
  statuses,
  entriesOf,
} = entriesWorld();

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

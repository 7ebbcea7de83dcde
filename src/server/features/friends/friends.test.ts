import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, signedInUser } from "#tests/support/factories.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async (a: string, b: string) =>
  t.app.deps.db.db
    .selectFrom("friendship")
    .select(["user_id", "friend_id"])
    .where((eb) => eb.or([eb("user_id", "in", [a, b]), eb("friend_id", "in", [a, b])]))
    .execute();

describe("friends", () => {
  it("need a session", async () => {
    expect((await call(t.app, "GET", "/api/friends")).statusCode).toBe(401);
    expect((await call(t.app, "GET", "/api/friends/search?q=a")).statusCode).toBe(401);
    expect((await call(t.app, "POST", "/api/friends", { body: { friendId: "x" } })).statusCode).toBe(401);
    expect((await call(t.app, "DELETE", "/api/friends/x")).statusCode).toBe(401);
  });

  it("adding is mutual and duplicate-free; removal is mutual", async () => {
    const me = await signedInUser(t.app, { name: "Mia Mutual" });
    const pal = await signedInUser(t.app, { name: "Pat Pal" });
    const add = await call(t.app, "POST", "/api/friends", { cookie: me.cookie, body: { friendId: pal.id } });
    expect(add.statusCode).toBe(200);
    expect(add.json().friends).toEqual([{ id: pal.id, name: "Pat Pal", photoId: null }]);
    const again = await call(t.app, "POST", "/api/friends", {
      cookie: me.cookie,
      body: { friendId: pal.id },
    });
    expect(again.statusCode).toBe(200);
    const back = await call(t.app, "POST", "/api/friends", { cookie: pal.cookie, body: { friendId: me.id } });
    expect(back.statusCode).toBe(200);
    expect(await rows(me.id, pal.id)).toHaveLength(2);
    const theirs = await call(t.app, "GET", "/api/friends", { cookie: pal.cookie });
    expect(theirs.json().friends).toEqual([{ id: me.id, name: "Mia Mutual", photoId: null }]);

    const removed = await call(t.app, "DELETE", `/api/friends/${me.id}`, { cookie: pal.cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().friends).toEqual([]);
    expect(await rows(me.id, pal.id)).toHaveLength(0);
    expect((await call(t.app, "GET", "/api/friends", { cookie: me.cookie })).json().friends).toEqual([]);
  });

  it("refuses adding oneself (400) and stores nothing", async () => {
    const me = await signedInUser(t.app);
    const res = await call(t.app, "POST", "/api/friends", { cookie: me.cookie, body: { friendId: me.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("You cannot add yourself as a friend.");
    expect(await rows(me.id, me.id)).toHaveLength(0);
  });

  it("answers 404 for an unknown user and 400 for a bad body", async () => {
    const me = await signedInUser(t.app);
    const unknown = await call(t.app, "POST", "/api/friends", {
      cookie: me.cookie,
      body: { friendId: "ghost" },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await call(t.app, "POST", "/api/friends", {
      cookie: me.cookie,
      body: { friendId: "x", extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("search matches every word of the name, case-insensitively, never oneself, and flags friends", async () => {
    const me = await signedInUser(t.app, { name: "Quinn Searcher" });
    const friend = await buildUser(t.app, { name: "Quinn Alpha Zulu" });
    await buildUser(t.app, { name: "Zulu Quinn Beta" });
    await buildUser(t.app, { name: "Quinn Gamma" });
    await buildUser(t.app, { name: "50% Quinn_Odd" });
    await call(t.app, "POST", "/api/friends", { cookie: me.cookie, body: { friendId: friend.id } });

    const search = async (q: string) =>
      (
        await call(t.app, "GET", `/api/friends/search?q=${encodeURIComponent(q)}`, { cookie: me.cookie })
      ).json().users as { name: string; isFriend: boolean }[];
    expect((await search("zulu QUINN")).map((u) => [u.name, u.isFriend])).toEqual([
      ["Quinn Alpha Zulu", true],
      ["Zulu Quinn Beta", false],
    ]);
    expect((await search("quinn")).map((u) => u.name)).not.toContain("Quinn Searcher");
    expect((await search("50%")).map((u) => u.name)).toEqual(["50% Quinn_Odd"]);
    expect(await search("_odd")).toHaveLength(1);
    expect(await search("nobody-has-this-name")).toEqual([]);
  });
});

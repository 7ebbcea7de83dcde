import { describe, expect, it } from "vitest";
import { friendsTexts } from "#domain/texts/friends.ts";
import { notificationsTexts } from "#domain/texts/notifications.ts";
import { befriend, storedNotifications } from "#tests/support/entries-factories.ts";
import { buildUser, signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

const t = buildTestApp();

const d = friendsTexts.denials;

const friendshipRows = async (a: string, b: string) =>
  t.app.deps.db.db
    .selectFrom("friendship")
    .select(["user_id", "friend_id"])
    .where((eb) => eb.or([eb("user_id", "in", [a, b]), eb("friend_id", "in", [a, b])]))
    .execute();

const add = (who: SignedInUser, friendId: string) =>
  call(t.app, "POST", "/api/friends", { cookie: who.cookie, body: { friendId } });
const accept = (who: SignedInUser, requesterId: string) =>
  call(t.app, "POST", `/api/friends/requests/${requesterId}/accept`, { cookie: who.cookie });
const ignore = (who: SignedInUser, requesterId: string) =>
  call(t.app, "POST", `/api/friends/requests/${requesterId}/ignore`, { cookie: who.cookie });
const withdraw = (who: SignedInUser, addresseeId: string, headers?: Record<string, string>) =>
  call(t.app, "DELETE", `/api/friends/requests/${addresseeId}`, { cookie: who.cookie, headers });
const requests = async (who: SignedInUser) =>
  (await call(t.app, "GET", "/api/friends/requests", { cookie: who.cookie })).json() as {
    incoming: { id: string; name: string }[];
    outgoing: { id: string; name: string }[];
  };
const friendsOf = async (who: SignedInUser) =>
  ((await call(t.app, "GET", "/api/friends", { cookie: who.cookie })).json().friends as { id: string }[]).map(
    (f) => f.id,
  );
const notificationsOf = (userId: string) => storedNotifications(t.app, userId);

describe("friends", () => {
  it.each([
    ["GET", "/api/friends"],
    ["GET", "/api/friends/search?q=a"],
    ["POST", "/api/friends"],
    ["DELETE", "/api/friends/x"],
    ["GET", "/api/friends/requests"],
    ["POST", "/api/friends/requests/x/accept"],
    ["POST", "/api/friends/requests/x/ignore"],
    ["DELETE", "/api/friends/requests/x"],
  ] as const)("%s %s needs a session (401)", async (method, url) => {
    const body = method === "POST" && url === "/api/friends" ? { friendId: "x" } : undefined;
    expect((await call(t.app, method, url, { body })).statusCode).toBe(401);
  });

  it("'Add' sends a request that shares nothing until the other person accepts; then it is mutual", async () => {
    const me = await signedInUser(t.app, { name: "Mia Mutual" });
    const pal = await signedInUser(t.app, { name: "Pat Pal" });
    const sent = await add(me, pal.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ outcome: "requested" });
    expect(await friendshipRows(me.id, pal.id)).toHaveLength(0);
    expect(await friendsOf(me)).toEqual([]);
    expect(await requests(me)).toEqual({
      incoming: [],
      outgoing: [{ id: pal.id, name: "Pat Pal", photoId: null }],
    });
    expect(await requests(pal)).toEqual({
      incoming: [{ id: me.id, name: "Mia Mutual", photoId: null }],
      outgoing: [],
    });
    expect(await notificationsOf(pal.id)).toEqual([
      { type: "FriendRequest", message: notificationsTexts.friendRequest("Mia Mutual"), show_id: null },
    ]);

    const accepted = await accept(pal, me.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().friends).toEqual([{ id: me.id, name: "Mia Mutual", photoId: null }]);
    expect(await friendshipRows(me.id, pal.id)).toHaveLength(2);
    expect(await friendsOf(me)).toEqual([pal.id]);
    expect(await requests(me)).toEqual({ incoming: [], outgoing: [] });
    expect(await requests(pal)).toEqual({ incoming: [], outgoing: [] });

    const removed = await call(t.app, "DELETE", `/api/friends/${me.id}`, { cookie: pal.cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().friends).toEqual([]);
    expect(await friendshipRows(me.id, pal.id)).toHaveLength(0);
    expect(await friendsOf(me)).toEqual([]);
  });

  it("a request to someone who already asked you accepts both, without a second notification", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    expect((await add(a, b.id)).json()).toEqual({ outcome: "requested" });
    const back = await add(b, a.id);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ outcome: "accepted" });
    expect(await friendshipRows(a.id, b.id)).toHaveLength(2);
    expect(await requests(a)).toEqual({ incoming: [], outgoing: [] });
    expect(await notificationsOf(a.id)).toEqual([]);
  });

  it("ignoring hides the request from its addressee; the requester still sees it pending and cannot repeat it", async () => {
    const asker = await signedInUser(t.app);
    const shy = await signedInUser(t.app);
    await add(asker, shy.id);
    const ignored = await ignore(shy, asker.id);
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ incoming: [], outgoing: [] });
    expect((await requests(asker)).outgoing.map((p) => p.id)).toEqual([shy.id]);
    expect((await ignore(shy, asker.id)).statusCode).toBe(200);

    const again = await add(asker, shy.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(d.alreadyRequested);
    expect(await notificationsOf(shy.id)).toHaveLength(1);

    // The addressee can still change their mind: 'Add' on the asker accepts the ignored request.
    expect((await add(shy, asker.id)).json()).toEqual({ outcome: "accepted" });
    expect(await friendsOf(asker)).toEqual([shy.id]);
  });

  it.each([
    ["oneself", "self", 400, d.self],
    ["an unknown user", "ghost", 404, d.unknown],
    ["a friend", "friend", 409, d.alreadyFriends],
    ["someone already asked", "asked", 409, d.alreadyRequested],
    ["someone you blocked", "blockedByMe", 409, d.youBlocked],
    ["someone who blocked you", "blocksMe", 403, d.blockedYou],
  ] as const)("refuses a request to %s (%i) and stores nothing", async (_label, target, status, message) => {
    const me = await signedInUser(t.app);
    const other = await buildUser(t.app);
    const db = t.app.deps.db.db;
    if (target === "friend") await befriend(t.app, me.id, other.id);
    if (target === "asked") await add(me, other.id);
    if (target === "blockedByMe" || target === "blocksMe") {
      const [blocker, blocked] = target === "blockedByMe" ? [me.id, other.id] : [other.id, me.id];
      await db
        .insertInto("user_block")
        .values({ blocker_id: blocker, blocked_id: blocked, created_at: new Date().toISOString() })
        .execute();
    }
    const id = target === "self" ? me.id : target === "ghost" ? "ghost" : other.id;
    const before = await db
      .selectFrom("friend_request")
      .selectAll()
      .where("requester_id", "=", me.id)
      .execute();
    const res = await add(me, id);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect(
      await db.selectFrom("friend_request").selectAll().where("requester_id", "=", me.id).execute(),
    ).toEqual(before);
    expect(await notificationsOf(other.id)).toHaveLength(target === "asked" ? 1 : 0);
  });

  it("as an attacker: nobody can accept or ignore a request sent to someone else", async () => {
    const asker = await signedInUser(t.app);
    const addressee = await signedInUser(t.app);
    const mallory = await signedInUser(t.app);
    await add(asker, addressee.id);

    for (const res of [
      await accept(mallory, asker.id),
      await ignore(mallory, asker.id),
      // The requester cannot accept their own request on the addressee's behalf.
      await accept(asker, addressee.id),
      await ignore(asker, addressee.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(d.noRequest);
    }
    expect(await friendshipRows(asker.id, addressee.id)).toHaveLength(0);
    expect(await friendshipRows(mallory.id, asker.id)).toHaveLength(0);
    expect((await requests(addressee)).incoming.map((p) => p.id)).toEqual([asker.id]);
  });

  it("the sender withdraws a request, pending or ignored: it leaves both lists and they may ask again", async () => {
    const asker = await signedInUser(t.app, { name: "Wendy Withdraw" });
    const ben = await signedInUser(t.app, { name: "Ben Buddy" });
    await add(asker, ben.id);
    expect((await requests(asker)).outgoing.map((p) => p.name)).toEqual(["Ben Buddy"]);

    const res = await withdraw(asker, ben.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ incoming: [], outgoing: [] });
    expect((await requests(ben)).incoming).toEqual([]);
    expect(await friendshipRows(asker.id, ben.id)).toHaveLength(0);
    // Withdrawn twice: there is nothing left to withdraw.
    expect((await withdraw(asker, ben.id)).statusCode).toBe(404);

    // Ignored by the addressee: the sender still withdraws it (they were never told it was ignored).
    expect((await add(asker, ben.id)).json()).toEqual({ outcome: "requested" });
    await ignore(ben, asker.id);
    expect((await withdraw(asker, ben.id)).statusCode).toBe(200);
    expect((await requests(asker)).outgoing).toEqual([]);
  });

  it("as an attacker: only the sender can withdraw a request, never its addressee or a third person", async () => {
    const asker = await signedInUser(t.app);
    const addressee = await signedInUser(t.app);
    const mallory = await signedInUser(t.app);
    await add(asker, addressee.id);

    for (const res of [
      await withdraw(mallory, addressee.id),
      await withdraw(mallory, asker.id),
      // The addressee answers with Ignore; withdrawing is not theirs (it would be "from" the wrong side).
      await withdraw(addressee, asker.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(d.noSentRequest);
    }
    const foreign = await withdraw(asker, addressee.id, { origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    const encoded = await call(t.app, "DELETE", `/api/friends/requests/${encodeURIComponent("../x")}`, {
      cookie: asker.cookie,
    });
    expect(encoded.statusCode).toBe(404);
    const tooLong = await withdraw(asker, "x".repeat(80));
    expect(tooLong.statusCode).toBe(400);
    expect((await requests(addressee)).incoming.map((p) => p.id)).toEqual([asker.id]);
    expect((await requests(asker)).outgoing.map((p) => p.id)).toEqual([addressee.id]);
  });

  it("refuses a foreign Origin and bad bodies before anything is stored", async () => {
    const me = await signedInUser(t.app);
    const other = await buildUser(t.app);
    const foreign = await call(t.app, "POST", "/api/friends", {
      cookie: me.cookie,
      body: { friendId: other.id },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    const extra = await call(t.app, "POST", "/api/friends", {
      cookie: me.cookie,
      body: { friendId: other.id, extra: 1 },
    });
    expect(extra.statusCode).toBe(400);
    const huge = await call(t.app, "POST", "/api/friends", {
      cookie: me.cookie,
      body: { friendId: "x".repeat(100_000) },
    });
    expect(huge.statusCode).toBe(400);
    const encoded = await call(t.app, "POST", `/api/friends/requests/${encodeURIComponent("../x")}/accept`, {
      cookie: me.cookie,
    });
    expect(encoded.statusCode).toBe(404);
    expect(
      await t.app.deps.db.db
        .selectFrom("friend_request")
        .selectAll()
        .where("requester_id", "=", me.id)
        .execute(),
    ).toEqual([]);
  });

  it("search matches every word of the name, case-insensitively, never oneself, and says how each person relates", async () => {
    const me = await signedInUser(t.app, { name: "Quinn Searcher" });
    const friend = await buildUser(t.app, { name: "Quinn Alpha Zulu" });
    const beta = await buildUser(t.app, { name: "Zulu Quinn Beta" });
    await buildUser(t.app, { name: "Quinn Hidden Zulu" });
    const asked = await buildUser(t.app, { name: "Quinn Asked Zulu" });
    const asking = await signedInUser(t.app, { name: "Quinn Asking Zulu" });
    const blocked = await buildUser(t.app, { name: "Quinn Blocked Zulu" });
    await buildUser(t.app, { name: "Quinn Gamma" });
    const odd = await buildUser(t.app, { name: "50% Quinn_Odd" });
    // Strangers are found only when they let themselves be (issue 34, item 7): Quinn Hidden Zulu did not.
    await t.app.deps.db.db
      .updateTable("user")
      .set({ findable: 1 })
      .where("id", "in", [beta.id, odd.id, blocked.id])
      .execute();
    await befriend(t.app, me.id, friend.id);
    await add(me, asked.id);
    await add(asking, me.id);
    await call(t.app, "POST", "/api/blocks", { cookie: me.cookie, body: { userId: blocked.id } });

    const search = async (q: string) =>
      (
        await call(t.app, "GET", `/api/friends/search?q=${encodeURIComponent(q)}`, { cookie: me.cookie })
      ).json().users as { name: string; relation: string }[];
    expect((await search("zulu QUINN")).map((u) => [u.name, u.relation])).toEqual([
      ["Quinn Alpha Zulu", "friend"],
      ["Quinn Asked Zulu", "requested"],
      ["Quinn Asking Zulu", "incoming"],
      ["Quinn Blocked Zulu", "blocked"],
      ["Zulu Quinn Beta", "none"],
    ]);
    expect((await search("quinn")).map((u) => u.name)).not.toContain("Quinn Searcher");
    expect((await search("50% quinn")).map((u) => u.name)).toEqual(["50% Quinn_Odd"]);
    expect(await search("_odd")).toHaveLength(1);
    expect(await search("nobody-has-this-name")).toEqual([]);
  });

  it("keeps existing friendships (such as the demo's) as friendships", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    await befriend(t.app, a.id, b.id);
    expect(await friendsOf(a)).toEqual([b.id]);
    expect(await friendsOf(b)).toEqual([a.id]);
  });
});

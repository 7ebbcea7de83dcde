import { describe, expect, it } from "vitest";
import { userDeletionTexts } from "#domain/texts/user-deletion.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { buildEntry, buildEntryShow, buildHorse, type TestHorse } from "#tests/support/entries-factories.ts";
import { buildUser, type TestUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/** Issue 24 item 5: deleting a user who is the only owner of horses needs the admin's word on them. */

const db = () => t.app.deps.db.db;
const ownersOf = async (horseId: string) =>
  (await db().selectFrom("horse_owner").select("user_id").where("horse_id", "=", horseId).execute()).map(
    (r) => r.user_id,
  );
const exists = async (table: "user" | "horse", id: string) =>
  (await db().selectFrom(table).select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
const del = (id: string, query = "", cookie = admin.cookie) =>
  call(t.app, "DELETE", `/api/admin/users/${encodeURIComponent(id)}${query}`, { cookie });
const sole = (id: string, cookie = admin.cookie) =>
  call(t.app, "GET", `/api/admin/users/${encodeURIComponent(id)}/sole-horses`, { cookie });

/** A user who alone owns one horse, shares another, and has a show record and an entry with the first. */
async function horseOwner(): Promise<{ user: TestUser; alone: TestHorse; shared: TestHorse; entry: string }> {
  const user = await buildUser(t.app, { name: "Omar Owner" });
  const alone = await buildHorse(t.app, { name: "Midnight Sun", owners: [user.id] });
  const shared = await buildHorse(t.app, { name: "Pride's Jubilee", owners: [user.id, owner.id] });
  const show = await buildEntryShow(t.app);
  const entry = await buildEntry(t.app, {
    userId: owner.id,
    showId: show.id,
    classId: "class-1",
    status: "Showing",
    horseId: alone.id,
  });
  await db()
    .insertInto("show_record")
    .values({
      id: newId(),
      owner_id: user.id,
      show_name: "Spring Show",
      class_name: "Park Pleasure",
      show_date: "2025-05-01",
      placing: "1st",
      horse_id: alone.id,
      rider_id: owner.id,
      created_at: nowIso(),
    })
    .execute();
  return { user, alone, shared, entry };
}

const t = buildTestApp();
const admin = t.user({ roles: ["Owner", "Admin"] });
const owner = t.user({ name: "Casey Owner" });

describe("deleting a user who is the only owner of horses", () => {
  it("lists those horses for the admin only", async () => {
    const { user, alone } = await horseOwner();
    const res = await sole(user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ horses: [{ id: alone.id, name: "Midnight Sun" }] });
    expect((await sole(user.id, owner.cookie)).statusCode).toBe(403);
    expect((await call(t.app, "GET", `/api/admin/users/${user.id}/sole-horses`)).statusCode).toBe(401);
    expect((await sole("no-such-user")).statusCode).toBe(404);
  });

  it.each([
    ["no choice", "", 409, userDeletionTexts.errors.chooseHorses(1)],
    ["transfer with no new owner", "?horses=transfer", 400, userDeletionTexts.errors.chooseNewOwner],
    [
      "transfer to someone unknown",
      "?horses=transfer&to=nobody",
      400,
      userDeletionTexts.errors.newOwnerNotFound,
    ],
    ["an unknown choice", "?horses=abandon", 400, null],
  ])("refuses %s (%i) and changes nothing", async (_label, query, status, message) => {
    const { user, alone } = await horseOwner();
    const res = await del(user.id, query);
    expect(res.statusCode, res.body).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
    expect(await exists("user", user.id)).toBe(true);
    expect(await ownersOf(alone.id)).toEqual([user.id]);
  });

  it("refuses giving the horses to the user being deleted", async () => {
    const { user } = await horseOwner();
    const res = await del(user.id, `?horses=transfer&to=${user.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(userDeletionTexts.errors.newOwnerIsDeleted);
  });

  it("gives the horses to another user, with the deleted user's show records of them", async () => {
    const { user, alone, shared, entry } = await horseOwner();
    const res = await del(user.id, `?horses=transfer&to=${owner.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await exists("user", user.id)).toBe(false);
    expect(await ownersOf(alone.id)).toEqual([owner.id]);
    expect(await ownersOf(shared.id)).toEqual([owner.id]);
    const records = await db()
      .selectFrom("show_record")
      .select("owner_id")
      .where("horse_id", "=", alone.id)
      .execute();
    expect(records).toEqual([{ owner_id: owner.id }]);
    expect(
      await db().selectFrom("class_entry").select("id").where("id", "=", entry).executeTakeFirst(),
    ).toBeDefined();
  });

  it("deletes the horses they alone own with their entries, and keeps shared ones", async () => {
    const { user, alone, shared, entry } = await horseOwner();
    const res = await del(user.id, "?horses=delete");
    expect(res.statusCode, res.body).toBe(200);
    expect(await exists("user", user.id)).toBe(false);
    expect(await exists("horse", alone.id)).toBe(false);
    expect(
      await db().selectFrom("class_entry").select("id").where("id", "=", entry).executeTakeFirst(),
    ).toBeUndefined();
    expect(await ownersOf(shared.id)).toEqual([owner.id]);
  });

  it("needs no choice from a user who owns no horse alone, and a non-admin cannot delete at all", async () => {
    const plain = await buildUser(t.app);
    expect((await del(plain.id, "", owner.cookie)).statusCode).toBe(403);
    expect(await exists("user", plain.id)).toBe(true);
    expect((await del(plain.id)).statusCode).toBe(200);
    expect(await exists("user", plain.id)).toBe(false);
  });
});

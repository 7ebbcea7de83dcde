import { describe, expect, it } from "vitest";
import { errorsTexts } from "#domain/texts/errors.ts";
import { insertImage } from "#server/features/images/images.repository.ts";
import { buildEntry, buildEntryShow, buildHorse } from "#tests/support/entries-factories.ts";
import { buildUser, signedInUser } from "#tests/support/factories.ts";
import { call, cookieFrom } from "#tests/support/server.ts";
import { buildAppForTest, buildTestApp } from "#tests/support/test-app.ts";
import { ADMIN_ERRORS } from "./admin.policy.ts";

const t = buildTestApp();
const admin = t.user({ name: "Avery Admin", roles: ["Owner", "Admin"] });
const owner = t.user({ name: "Casey Owner" });

const db = () => t.app.deps.db.db;
const newUser = (over: Record<string, unknown> = {}) => ({
  name: "Nora New",
  email: `Nora.New+${Math.random().toString(36).slice(2, 8)}@Example.test`,
  roles: ["Owner", "Trainer"],
  gender: "Female",
  dateOfBirth: "1990-05-01",
  ...over,
});
const userCount = async () => (await db().selectFrom("user").select("id").execute()).length;
const lastMailTo = async (to: string) =>
  db()
    .selectFrom("outbox")
    .select(["text"])
    .where("to_address", "=", to)
    .orderBy("created_at", "desc")
    .executeTakeFirst();

const ADMIN_ROUTES: [string, string, unknown?][] = [
  ["GET", "/api/admin/users"],
  ["POST", "/api/admin/users", newUser()],
  ["PUT", "/api/admin/users/x", newUser()],
  ["DELETE", "/api/admin/users/x"],
  ["GET", "/api/admin/horses"],
  [
    "POST",
    "/api/admin/horses",
    {
      name: "H",
      dateOfBirth: "2020-01-01",
      gender: null,
      canters: false,
      divisions: [],
      ownerIds: [],
      trainerIds: [],
    },
  ],
  [
    "PUT",
    "/api/admin/horses/x",
    {
      name: "H",
      dateOfBirth: "2020-01-01",
      gender: null,
      canters: false,
      divisions: [],
      ownerIds: [],
      trainerIds: [],
    },
  ],
  ["DELETE", "/api/admin/horses/x"],
  ["POST", "/api/admin/calendar/preview-url", { url: "https://example.com/c.ics" }],
  [
    "POST",
    "/api/admin/calendar/import",
    {
      shows: [
        { name: "S", startDate: "2026-01-01", endDate: "2026-01-01", location: "X", sanctioningOrg: null },
      ],
    },
  ],
  ["PUT", "/api/shows/x/classes", { classes: [] }],
  ["DELETE", "/api/shows/x"],
];

describe("who may use the admin API", () => {
  it.each(ADMIN_ROUTES)(
    "%s %s: 401 without a session, 403 for an owner, nothing written",
    async (method, url, body) => {
      const before = await userCount();
      const anonymous = await call(t.app, method as "GET", url, { body });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe("UNAUTHORIZED");
      const denied = await call(t.app, method as "GET", url, { body, cookie: owner.cookie });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.code).toBe("FORBIDDEN");
      expect(await userCount()).toBe(before);
    },
  );

  it("refuses a write with a foreign or missing Origin even from an admin", async () => {
    for (const origin of ["https://evil.example", undefined]) {
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/admin/users/${owner.id}`,
        headers: { cookie: admin.cookie, ...(origin ? { origin } : {}) },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(
      await db().selectFrom("user").select("id").where("id", "=", owner.id).executeTakeFirst(),
    ).toBeTruthy();
  });

  it("runs the same checks on a percent-encoded path", async () => {
    const res = await call(t.app, "GET", "/api/%61dmin/users", { cookie: owner.cookie });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain(admin.email);
  });

  it("refuses a body over the limit with 413", async () => {
    const res = await call(t.app, "POST", "/api/admin/users", {
      cookie: admin.cookie,
      body: { ...newUser(), name: "x".repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });
});

describe("users", () => {
  it("adds a user who gets a sign-in link by email and can follow it", async () => {
    const body = newUser();
    const res = await call(t.app, "POST", "/api/admin/users", { cookie: admin.cookie, body });
    expect(res.statusCode, res.body).toBe(201);
    const email = body.email.toLowerCase();
    expect(res.json()).toMatchObject({
      user: {
        name: "Nora New",
        email,
        roles: ["Owner", "Trainer"],
        gender: "Female",
        dateOfBirth: "1990-05-01",
      },
      signInLinkSentTo: email,
    });
    const mail = await lastMailTo(email);
    const link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0];
    expect(link).toContain("/api/auth/magic-link/verify");
    const url = new URL(link ?? "");
    const followed = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    const me = await call(t.app, "GET", "/api/me", { cookie: cookieFrom(followed) });
    expect(me.json()).toMatchObject({ email, roles: ["Owner", "Trainer"] });
  });

  it("refuses an email already taken, whatever its case (409, the sign-up text), and adds nobody", async () => {
    const before = await userCount();
    const res = await call(t.app, "POST", "/api/admin/users", {
      cookie: admin.cookie,
      body: newUser({ email: owner.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(errorsTexts.emailExists);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ["no roles", { roles: [] }],
    ["an unknown role", { roles: ["King"] }],
    ["a bad email", { email: "not-an-email" }],
    ["a blank name", { name: "  " }],
    ["an impossible date", { dateOfBirth: "2020-02-30" }],
    ["an unknown field", { password: "typed-by-admin" }],
  ])("refuses %s with 400 in the error shape", async (_label, over) => {
    const res = await call(t.app, "POST", "/api/admin/users", { cookie: admin.cookie, body: newUser(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("searches by every word in name or email and pages by name", async () => {
    for (const n of ["Zed Alpha", "Zed Beta", "Zed Gamma"]) await buildUser(t.app, { name: n });
    const first = await call(t.app, "GET", "/api/admin/users?q=zed&limit=2", { cookie: admin.cookie });
    expect(first.json().users.map((u: { name: string }) => u.name)).toEqual(["Zed Alpha", "Zed Beta"]);
    const cursor = first.json().nextCursor;
    const second = await call(t.app, "GET", `/api/admin/users?q=zed&limit=2&cursor=${cursor}`, {
      cookie: admin.cookie,
    });
    expect(second.json()).toMatchObject({ users: [{ name: "Zed Gamma" }], nextCursor: null });
    const byEmail = await call(
      t.app,
      "GET",
      `/api/admin/users?q=${encodeURIComponent(`ZED ${owner.email}`)}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(byEmail.json().users).toEqual([]);
    const mixed = await call(t.app, "GET", `/api/admin/users?q=casey%20${owner.email.slice(0, 6)}`, {
      cookie: admin.cookie,
    });
    expect(mixed.json().users.map((u: { id: string }) => u.id)).toEqual([owner.id]);
    const bad = await call(t.app, "GET", "/api/admin/users?cursor=nonsense", { cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it("edits a user; the new roles take effect on their next request", async () => {
    const person = await signedInUser(t.app, { name: "Robin Rename" });
    const res = await call(t.app, "PUT", `/api/admin/users/${person.id}`, {
      cookie: admin.cookie,
      body: newUser({
        name: "Robin Renamed",
        email: person.email,
        roles: ["Owner", "Trainer"],
        gender: null,
        dateOfBirth: null,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: "Robin Renamed", roles: ["Owner", "Trainer"], gender: null });
    const me = await call(t.app, "GET", "/api/me", { cookie: person.cookie });
    expect(me.json().roles).toEqual(["Owner", "Trainer"]);
  });

  it("refuses to take another user's email (409) or edit an unknown user (404)", async () => {
    const person = await buildUser(t.app);
    const taken = await call(t.app, "PUT", `/api/admin/users/${person.id}`, {
      cookie: admin.cookie,
      body: newUser({ email: owner.email.toUpperCase() }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(errorsTexts.emailExists);
    const missing = await call(t.app, "PUT", "/api/admin/users/01a1fd76-0000-7000-8000-000000000000", {
      cookie: admin.cookie,
      body: newUser(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it("never leaves the app without an admin", async () => {
    const solo = await buildAppForTest();
    const only = await signedInUser(solo.app, { roles: ["Admin"] });
    const body = { name: only.name, email: only.email, roles: ["Owner"], gender: null, dateOfBirth: null };
    const refused = await call(solo.app, "PUT", `/api/admin/users/${only.id}`, {
      cookie: only.cookie,
      body,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ADMIN_ERRORS.lastAdmin);
    const second = await buildUser(solo.app, { roles: ["Admin"] });
    const allowed = await call(solo.app, "PUT", `/api/admin/users/${only.id}`, {
      cookie: only.cookie,
      body,
    });
    expect(allowed.statusCode).toBe(200);
    const after = await call(solo.app, "GET", "/api/admin/users", { cookie: only.cookie });
    expect(after.statusCode).toBe(403);
    expect(second.roles).toEqual(["Admin"]);
  });

  it.each([
    ["themselves", () => admin.id],
    ["another admin", async () => (await buildUser(t.app, { roles: ["Admin"] })).id],
  ])("refuses to delete %s with the spec's text", async (_label, target) => {
    const id = await target();
    const res = await call(t.app, "DELETE", `/api/admin/users/${id}`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(errorsTexts.adminsCannotBeDeleted);
    expect(await db().selectFrom("user").select("id").where("id", "=", id).executeTakeFirst()).toBeTruthy();
  });

  it("deletes a user with everything of theirs, and their session stops working at once", async () => {
    const victim = await signedInUser(t.app, { name: "Dana Delete" });
    const friend = await buildUser(t.app);
    const coOwner = await buildUser(t.app);
    const horse = await buildHorse(t.app, { owners: [victim.id, coOwner.id], trainers: [victim.id] });
    const show = await buildEntryShow(t.app);
    await buildEntry(t.app, {
      userId: victim.id,
      showId: show.id,
      classId: "class-1",
      status: "ImShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: friend.id,
      showId: show.id,
      classId: "class-1",
      status: "FriendIsShowing",
      riderId: victim.id,
    });
    await db()
      .insertInto("friendship")
      .values([
        { user_id: victim.id, friend_id: friend.id, created_at: "2026-01-01" },
        { user_id: friend.id, friend_id: victim.id, created_at: "2026-01-01" },
      ])
      .execute();
    expect((await call(t.app, "GET", "/api/me", { cookie: victim.cookie })).statusCode).toBe(200);
    const picture = { contentType: "image/webp" as const, bytes: Buffer.from("webp"), width: 1, height: 1 };
    const photoId = await insertImage(db(), victim.id, picture);
    await db().updateTable("user").set({ photo_id: photoId }).where("id", "=", victim.id).execute();
    const horsePictureId = await insertImage(db(), victim.id, picture);
    await db().updateTable("horse").set({ picture_id: horsePictureId }).where("id", "=", horse.id).execute();

    const res = await call(t.app, "DELETE", `/api/admin/users/${victim.id}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: victim.id });

    expect((await call(t.app, "GET", "/api/me", { cookie: victim.cookie })).statusCode).toBe(401);
    const left = async (table: "class_entry" | "friendship" | "session" | "horse_owner" | "horse_trainer") =>
      (await db().selectFrom(table).selectAll().execute()).filter((r) =>
        Object.values(r).includes(victim.id),
      );
    for (const table of ["class_entry", "friendship", "session", "horse_owner", "horse_trainer"] as const) {
      expect(await left(table), table).toEqual([]);
    }
    const owners = await db()
      .selectFrom("horse_owner")
      .select("user_id")
      .where("horse_id", "=", horse.id)
      .execute();
    expect(owners.map((o) => o.user_id)).toEqual([coOwner.id]);
    const images = await db()
      .selectFrom("image")
      .select("id")
      .where("id", "in", [photoId, horsePictureId])
      .execute();
    expect(images.map((i) => i.id)).toEqual([horsePictureId]);
    const again = await call(t.app, "DELETE", `/api/admin/users/${victim.id}`, { cookie: admin.cookie });
    expect(again.statusCode).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { signedInUser } from "#tests/support/factories.ts";
import { buildHorse, buildRecord } from "#tests/support/horses-factories.ts";
import { horsesWorld, validHorse } from "#tests/support/horses-world.ts";
import { call } from "#tests/support/server.ts";

const { t, owner, trainer, stranger, admin, horseCount } = horsesWorld();

describe("authentication", () => {
  it.each([
    ["GET", "/api/horses"],
    ["POST", "/api/horses"],
    ["GET", "/api/horses/x"],
    ["PUT", "/api/horses/x"],
    ["PUT", "/api/horses/x/ownership"],
    ["GET", "/api/horses/x/schedule"],
    ["GET", "/api/users/choices"],
    ["GET", "/api/barn"],
    ["GET", "/api/images/x"],
  ] as const)("%s %s needs a session (401)", async (method, url) => {
    const body =
      method === "GET"
        ? undefined
        : url.endsWith("ownership")
          ? { ownerIds: ["x"], trainerIds: [] }
          : validHorse;
    const res = await call(t.app, method, url, { body });
    expect(res.statusCode).toBe(401);
  });
});

describe("Add New Horse", () => {
  it("creates the horse with the creator as an owner, plus chosen owners and trainers", async () => {
    const res = await call(t.app, "POST", "/api/horses", {
      cookie: owner.cookie,
      body: { ...validHorse, ownerIds: [stranger.id], trainerIds: [trainer.id] },
    });
    expect(res.statusCode).toBe(201);
    const horse = res.json();
    expect(horse).toMatchObject({
      name: "Pride's Jubilee",
      gender: "Mare",
      dateOfBirth: "2019-05-02",
      canters: true,
      divisions: ["amateur", "park-pleasure"],
      pictureId: null,
      badge: null,
      permissions: { canEditDetails: true, canEditOwnership: true },
    });
    expect(horse.owners.map((p: { id: string }) => p.id).sort()).toEqual([owner.id, stranger.id].sort());
    expect(horse.trainers).toEqual([{ id: trainer.id, name: "Terry Trainer", photoId: null }]);
  });

  it("defaults to no owners but the creator and no trainers", async () => {
    const res = await call(t.app, "POST", "/api/horses", {
      cookie: stranger.cookie,
      body: { ...validHorse, name: "Solo", canters: false, gender: null, divisions: [] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().owners).toEqual([{ id: stranger.id, name: "Sam Stranger", photoId: null }]);
    expect(res.json().trainers).toEqual([]);
    expect(res.json().canters).toBe(false);
  });

  it.each([
    ["no name", { ...validHorse, name: "  " }],
    ["no date of birth", { ...validHorse, dateOfBirth: "" }],
    ["an impossible date", { ...validHorse, dateOfBirth: "2019-02-30" }],
    ["an unknown gender", { ...validHorse, gender: "Unicorn" }],
    ["an unknown division", { ...validHorse, divisions: ["quidditch"] }],
    ["a name over 100 characters", { ...validHorse, name: "n".repeat(101) }],
    ["an unknown field", { ...validHorse, isChampion: true }],
    ["canters as text", { ...validHorse, canters: "Yes" }],
  ])("rejects %s with a 400 and stores nothing", async (_label, body) => {
    const before = await horseCount();
    const res = await call(t.app, "POST", "/api/horses", { cookie: owner.cookie, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("BAD_REQUEST");
    expect(await horseCount()).toBe(before);
  });

  it("refuses an admin as a chosen owner, and a non-trainer as trainer", async () => {
    const before = await horseCount();
    const asAdmin = await call(t.app, "POST", "/api/horses", {
      cookie: owner.cookie,
      body: { ...validHorse, ownerIds: [admin.id] },
    });
    expect(asAdmin.statusCode).toBe(400);
    expect(asAdmin.json().error.message).toBe("Owners are chosen from users who are not admins.");
    const notTrainer = await call(t.app, "POST", "/api/horses", {
      cookie: owner.cookie,
      body: { ...validHorse, trainerIds: [stranger.id] },
    });
    expect(notTrainer.statusCode).toBe(400);
    expect(notTrainer.json().error.message).toBe("Trainers are chosen from users with the Trainer role.");
    const unknown = await call(t.app, "POST", "/api/horses", {
      cookie: owner.cookie,
      body: { ...validHorse, ownerIds: ["no-such-user"] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await horseCount()).toBe(before);
  });

  it("lets an admin create a horse: the creator is an owner even when an admin", async () => {
    const res = await call(t.app, "POST", "/api/horses", { cookie: admin.cookie, body: validHorse });
    expect(res.statusCode).toBe(201);
    expect(res.json().owners.map((p: { id: string }) => p.id)).toEqual([admin.id]);
  });
});

describe("Your Horses", () => {
  it("lists only the horses the user owns, by name", async () => {
    const someone = await signedInUser(t.app);
    await buildHorse(t.app, { name: "Zephyr", owners: [someone.id] });
    await buildHorse(t.app, { name: "Aurora", owners: [someone.id], gender: "Filly" });
    await buildHorse(t.app, { name: "Trained Only", owners: [owner.id], trainers: [someone.id] });
    const res = await call(t.app, "GET", "/api/horses", { cookie: someone.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().horses).toEqual([
      expect.objectContaining({ name: "Aurora", gender: "Filly", pictureId: null }),
      expect.objectContaining({ name: "Zephyr", gender: "Mare" }),
    ]);
  });

  it("is empty for someone with no horses", async () => {
    const nobody = await signedInUser(t.app);
    const res = await call(t.app, "GET", "/api/horses", { cookie: nobody.cookie });
    expect(res.json()).toEqual({ horses: [] });
  });
});

describe("horse detail", () => {
  it("answers 404 'Horse not found' for an unknown id", async () => {
    const res = await call(t.app, "GET", "/api/horses/0190aaaa-0000-7000-8000-000000000000", {
      cookie: owner.cookie,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Horse not found");
  });

  it("tells each viewer what they may do", async () => {
    const horse = await buildHorse(t.app, { owners: [owner.id], trainers: [trainer.id] });
    const perms = async (cookie: string) =>
      (await call(t.app, "GET", `/api/horses/${horse.id}`, { cookie })).json().permissions;
    expect(await perms(owner.cookie)).toEqual({ canEditDetails: true, canEditOwnership: true });
    expect(await perms(trainer.cookie)).toEqual({ canEditDetails: true, canEditOwnership: false });
    expect(await perms(stranger.cookie)).toEqual({ canEditDetails: false, canEditOwnership: false });
  });

  it("shows the champion badge earned in its show records", async () => {
    const horse = await buildHorse(t.app, { owners: [owner.id] });
    const badge = async () =>
      (await call(t.app, "GET", `/api/horses/${horse.id}`, { cookie: stranger.cookie })).json().badge;
    expect(await badge()).toBeNull();
    await buildRecord(t.app, {
      ownerId: owner.id,
      horseId: horse.id,
      showName: "Tennessee Walking Horse National Celebration",
      className: "Amateur Park Pleasure World Championship",
      placing: "1",
    });
    expect(await badge()).toBe("World Champion");
    await buildRecord(t.app, {
      ownerId: owner.id,
      horseId: horse.id,
      showName: "Tennessee Walking Horse National Celebration",
      className: "Park Pleasure World Grand Championship",
      placing: "2",
    });
    expect(await badge()).toBe("World Champion");
    await buildRecord(t.app, {
      ownerId: owner.id,
      horseId: horse.id,
      showName: "86th National Celebration",
      className: "Park Pleasure World Grand Championship",
      placing: "1",
    });
    expect(await badge()).toBe("World Grand Champion");
  });
});

describe("editing details", () => {
  const edit = {
    name: "Renamed",
    dateOfBirth: "2016-01-01",
    gender: "Gelding",
    canters: false,
    divisions: ["youth"],
  };

  it.each([
    ["an owner", () => owner],
    ["a trainer", () => trainer],
  ])("%s may edit the details", async (_label, who) => {
    const horse = await buildHorse(t.app, {
      owners: [owner.id],
      trainers: [trainer.id],
      divisions: ["amateur"],
    });
    const res = await call(t.app, "PUT", `/api/horses/${horse.id}`, { cookie: who().cookie, body: edit });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...edit });
  });

  it("refuses a stranger (403) and changes nothing", async () => {
    const horse = await buildHorse(t.app, { name: "Keep Me", owners: [owner.id] });
    const res = await call(t.app, "PUT", `/api/horses/${horse.id}`, { cookie: stranger.cookie, body: edit });
    expect(res.statusCode).toBe(403);
    const after = await call(t.app, "GET", `/api/horses/${horse.id}`, { cookie: owner.cookie });
    expect(after.json().name).toBe("Keep Me");
  });

  it("answers 404 for an unknown horse and 400 for a bad body", async () => {
    const missing = await call(t.app, "PUT", "/api/horses/nope", { cookie: owner.cookie, body: edit });
    expect(missing.statusCode).toBe(404);
    const horse = await buildHorse(t.app, { owners: [owner.id] });
    const bad = await call(t.app, "PUT", `/api/horses/${horse.id}`, {
      cookie: owner.cookie,
      body: { ...edit, name: "" },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("Edit Ownership & Training", () => {
  it("lets an owner replace owners and trainers", async () => {
    const horse = await buildHorse(t.app, { owners: [owner.id] });
    const res = await call(t.app, "PUT", `/api/horses/${horse.id}/ownership`, {
      cookie: owner.cookie,
      body: { ownerIds: [owner.id, stranger.id], trainerIds: [trainer.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().owners).toHaveLength(2);
    expect(res.json().trainers.map((p: { id: string }) => p.id)).toEqual([trainer.id]);
  });

  it.each([
    ["a trainer who is not an owner", () => trainer],
    ["a stranger", () => stranger],
  ])("refuses %s (403) and changes nothing", async (_label, who) => {
    const horse = await buildHorse(t.app, { owners: [owner.id], trainers: [trainer.id] });
    const res = await call(t.app, "PUT", `/api/horses/${horse.id}/ownership`, {
      cookie: who().cookie,
      body: { ownerIds: [who().id], trainerIds: [] },
    });
    expect(res.statusCode).toBe(403);
    const after = (await call(t.app, "GET", `/api/horses/${horse.id}`, { cookie: owner.cookie })).json();
    expect(after.owners.map((p: { id: string }) => p.id)).toEqual([owner.id]);
    expect(after.trainers.map((p: { id: string }) => p.id)).toEqual([trainer.id]);
  });

  it("needs at least one owner, and keeps an admin who already owns the horse", async () => {
    const horse = await buildHorse(t.app, { owners: [admin.id, owner.id] });
    const none = await call(t.app, "PUT", `/api/horses/${horse.id}/ownership`, {
      cookie: owner.cookie,
      body: { ownerIds: [], trainerIds: [] },
    });
    expect(none.statusCode).toBe(400);
    const keep = await call(t.app, "PUT", `/api/horses/${horse.id}/ownership`, {
      cookie: owner.cookie,
      body: { ownerIds: [admin.id, owner.id], trainerIds: [trainer.id] },
    });
    expect(keep.statusCode).toBe(200);
  });
});

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { signedInUser } from "#tests/support/factories.ts";
import {
  buildEntry,
  buildHorse,
  buildPlainShow,
  buildRecord,
  daysFromToday,
  imageCount,
  upload,
} from "#tests/support/horses-factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();
const owner = t.user({ name: "Olive Owner" });
const trainer = t.user({ name: "Terry Trainer", roles: ["Owner", "Trainer"] });

const stranger = t.user({ name: "Sam Stranger" });

const admin = t.user({ name: "Ada Admin", roles: ["Owner", "Admin"] });

const validHorse = {
  name: "Pride's Jubilee",
  dateOfBirth: "2019-05-02",
  gender: "Mare",
  canters: true,
  divisions: ["amateur", "park-pleasure"],
};

const horseCount = async () =>
  Number(
    (
      await t.app.deps.db.db
        .selectFrom("horse")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } } })
    .png()
    .toBuffer();

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

describe("Change Picture", () => {
  it("stores a re-encoded WebP of at most 1024 px and serves it with long caching and nosniff", async () => {
    const horse = await buildHorse(t.app, { owners: [owner.id], trainers: [trainer.id] });
    const res = await upload(t.app, `/api/horses/${horse.id}/picture`, {
      bytes: await png(2000, 1500),
      filename: "big.png",
      contentType: "image/png",
    });
    expect(res.statusCode).toBe(401);
    const ok = await upload(
      t.app,
      `/api/horses/${horse.id}/picture`,
      { bytes: await png(2000, 1500), filename: "big.png", contentType: "image/png" },
      trainer.cookie,
    );
    expect(ok.statusCode).toBe(200);
    const { pictureId } = ok.json();
    const detail = (await call(t.app, "GET", `/api/horses/${horse.id}`, { cookie: owner.cookie })).json();
    expect(detail.pictureId).toBe(pictureId);

    const image = await call(t.app, "GET", `/api/images/${pictureId}`, { cookie: stranger.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.headers["cache-control"]).toContain("max-age=31536000");
    expect(image.headers["cache-control"]).toContain("immutable");
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([1024, 768]);
  });

  it("turns a photo upright per its EXIF orientation", async () => {
    const horse = await buildHorse(t.app, { owners: [owner.id] });
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#884422" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(t.app, `/api/horses/${horse.id}/picture`, { bytes: sideways }, owner.cookie);
    expect(res.statusCode).toBe(200);
    const image = await call(t.app, "GET", `/api/images/${res.json().pictureId}`, { cookie: owner.cookie });
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
  });

  it("replaces the previous picture, which is deleted", async () => {
    const horse = await buildHorse(t.app, { owners: [owner.id] });
    const first = await upload(
      t.app,
      `/api/horses/${horse.id}/picture`,
      { bytes: await png(50, 50) },
      owner.cookie,
    );
    const count = await imageCount(t.app);
    const second = await upload(
      t.app,
      `/api/horses/${horse.id}/picture`,
      { bytes: await png(60, 60) },
      owner.cookie,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().pictureId).not.toBe(first.json().pictureId);
    expect(await imageCount(t.app)).toBe(count);
    const old = await call(t.app, "GET", `/api/images/${first.json().pictureId}`, { cookie: owner.cookie });
    expect(old.statusCode).toBe(404);
  });

  it("refuses a stranger (403) and stores nothing", async () => {
    const horse = await buildHorse(t.app, { owners: [owner.id] });
    const before = await imageCount(t.app);
    const res = await upload(
      t.app,
      `/api/horses/${horse.id}/picture`,
      { bytes: await png(40, 40) },
      stranger.cookie,
    );
    expect(res.statusCode).toBe(403);
    expect(await imageCount(t.app)).toBe(before);
    const after = (await call(t.app, "GET", `/api/horses/${horse.id}`, { cookie: owner.cookie })).json();
    expect(after.pictureId).toBeNull();
  });

  it.each([
    ["a text file", 400, "That file is not a picture.", () => Buffer.from("hello, this is not an image")],
    [
      "an SVG (scripts)",
      400,
      "That file is not a picture.",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    [
      "a corrupt PNG",
      400,
      "That picture could not be read.",
      () => Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(200, 7)]),
    ],
    [
      "a file over 10 MB",
      413,
      "That picture is larger than 10 MB.",
      () => Buffer.concat([Buffer.from("ffd8ffe0", "hex"), Buffer.alloc(10 * 1024 * 1024, 1)]),
    ],
    ["an empty file", 400, "Choose a picture to upload.", () => Buffer.alloc(0)],
  ])("rejects %s with a clear error and stores nothing", async (_label, status, message, bytes) => {
    const horse = await buildHorse(t.app, { owners: [owner.id] });
    const before = await imageCount(t.app);
    const res = await upload(t.app, `/api/horses/${horse.id}/picture`, { bytes: bytes() }, owner.cookie);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toContain(message);
    expect(await imageCount(t.app)).toBe(before);
    const after = (await call(t.app, "GET", `/api/horses/${horse.id}`, { cookie: owner.cookie })).json();
    expect(after.pictureId).toBeNull();
  });

  it("rejects a JSON body instead of a file", async () => {
    const horse = await buildHorse(t.app, { owners: [owner.id] });
    const res = await call(t.app, "PUT", `/api/horses/${horse.id}/picture`, {
      cookie: owner.cookie,
      body: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Send the picture as multipart/form-data.");
  });

  it("answers 404 for an unknown picture id", async () => {
    const res = await call(t.app, "GET", "/api/images/0190aaaa-0000-7000-8000-000000000000", {
      cookie: owner.cookie,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("Share Schedule", () => {
  it("lists upcoming I'm Showing and My Horse is Showing classes with dates, nothing else", async () => {
    const horse = await buildHorse(t.app, { name: "Scheduled", owners: [owner.id] });
    const other = await buildHorse(t.app, { owners: [owner.id] });
    const past = await buildPlainShow(t.app, { name: "Past Show", startOffset: -10 });
    const soon = await buildPlainShow(t.app, {
      name: "Soon Show",
      startOffset: 5,
      days: 2,
      classDate: (i) => (i === 1 ? daysFromToday(6) : null),
    });
    const later = await buildPlainShow(t.app, { name: "Later Show", startOffset: 30 });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: past.id,
      classId: "class-1",
      status: "ImShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: soon.id,
      classId: "class-2",
      status: "HorseIsShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: trainer.id,
      showId: soon.id,
      classId: "class-1",
      status: "ImShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: soon.id,
      classId: "class-1",
      status: "HorseIsShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: soon.id,
      classId: "class-3",
      status: "Interested",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: later.id,
      classId: "class-3",
      status: "ImShowing",
      horseId: horse.id,
    });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: later.id,
      classId: "class-1",
      status: "ImShowing",
      horseId: other.id,
    });

    const res = await call(t.app, "GET", `/api/horses/${horse.id}/schedule`, { cookie: stranger.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      horseName: "Scheduled",
      shows: [
        expect.objectContaining({
          name: "Soon Show",
          classes: [
            { classId: "class-1", number: "1", name: "Class Number 1", date: daysFromToday(5) },
            { classId: "class-2", number: "2", name: "Class Number 2", date: daysFromToday(6) },
          ],
        }),
        expect.objectContaining({
          name: "Later Show",
          classes: [{ classId: "class-3", number: "3", name: "Class Number 3", date: daysFromToday(30) }],
        }),
      ],
    });
  });

  it("dates undated classes of a big multi-day show as the show-detail screen does", async () => {
    const horse = await buildHorse(t.app, { owners: [owner.id] });
    const big = await buildPlainShow(t.app, { startOffset: 3, days: 2, classes: 60 });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: big.id,
      classId: "class-60",
      status: "ImShowing",
      horseId: horse.id,
    });
    const res = await call(t.app, "GET", `/api/horses/${horse.id}/schedule`, { cookie: owner.cookie });
    expect(res.json().shows[0].classes[0].date).toBe(daysFromToday(4));
  });

  it("answers 404 for an unknown horse", async () => {
    const res = await call(t.app, "GET", "/api/horses/nope/schedule", { cookie: owner.cookie });
    expect(res.statusCode).toBe(404);
  });
});

describe("chooser lists", () => {
  it("offers every non-admin as owner and every trainer as trainer", async () => {
    const res = await call(t.app, "GET", "/api/users/choices", { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const { owners, trainers } = res.json();
    const ownerIds = owners.map((p: { id: string }) => p.id);
    expect(ownerIds).toEqual(expect.arrayContaining([owner.id, trainer.id, stranger.id]));
    expect(ownerIds).not.toContain(admin.id);
    expect(trainers.map((p: { id: string }) => p.id)).toEqual([trainer.id]);
  });
});

describe("Your Barn", () => {
  it("is for trainers only (403 for others)", async () => {
    const res = await call(t.app, "GET", "/api/barn", { cookie: owner.cookie });
    expect(res.statusCode).toBe(403);
  });

  it("lists the horses the trainer trains with their owners", async () => {
    const coach = await signedInUser(t.app, { roles: ["Owner", "Trainer"] });
    expect((await call(t.app, "GET", "/api/barn", { cookie: coach.cookie })).json()).toEqual({ horses: [] });
    await buildHorse(t.app, { name: "Barn B", owners: [owner.id, stranger.id], trainers: [coach.id] });
    await buildHorse(t.app, { name: "Barn A", owners: [], trainers: [coach.id] });
    await buildHorse(t.app, { name: "Not Mine", owners: [coach.id] });
    const res = await call(t.app, "GET", "/api/barn", { cookie: coach.cookie });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .horses.map((h: { name: string; owners: { name: string }[] }) => [
          h.name,
          h.owners.map((o) => o.name),
        ]),
    ).toEqual([
      ["Barn A", []],
      ["Barn B", ["Olive Owner", "Sam Stranger"]],
    ]);
  });
});

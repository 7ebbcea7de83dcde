import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildHorse, imageCount, upload } from "#tests/support/horses-factories.ts";
import { horsesWorld, png } from "#tests/support/horses-world.ts";
import { call } from "#tests/support/server.ts";

const { t, owner, trainer, stranger } = horsesWorld();

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

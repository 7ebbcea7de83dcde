import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { errorsTexts } from "#domain/texts/errors.ts";
import { buildUser, signedInUser, signIn } from "#tests/support/factories.ts";
import { imageCount, upload } from "#tests/support/horses-factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();

const valid = {
  name: "New Name",
  email: "new.name@example.test",
  dateOfBirth: "1990-03-04",
  gender: "Female",
};

describe("Edit Profile", () => {
  it("needs a session", async () => {
    expect((await call(t.app, "PUT", "/api/profile", { body: valid })).statusCode).toBe(401);
  });

  it("saves name, email (lowercased), date of birth and gender; /api/me shows them", async () => {
    const me = await signedInUser(t.app);
    const res = await call(t.app, "PUT", "/api/profile", {
      cookie: me.cookie,
      body: { ...valid, email: "New.Name@Example.TEST" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...valid, id: me.id });
    const after = await call(t.app, "GET", "/api/me", { cookie: me.cookie });
    expect(after.json()).toMatchObject({ ...valid });
    // The new email signs in, matched case-insensitively.
    expect(await signIn(t.app, { email: "NEW.NAME@example.test", password: me.password })).toContain(
      "ringside",
    );
  });

  it("allows keeping one's own email in another case", async () => {
    const me = await signedInUser(t.app, { email: "keep@example.test" });
    const res = await call(t.app, "PUT", "/api/profile", {
      cookie: me.cookie,
      body: { ...valid, email: "KEEP@example.test", gender: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().gender).toBeNull();
  });

  it("refuses another account's email, compared case-insensitively (409) and changes nothing", async () => {
    await buildUser(t.app, { email: "taken@example.test" });
    const me = await signedInUser(t.app, { name: "Unchanged" });
    const res = await call(t.app, "PUT", "/api/profile", {
      cookie: me.cookie,
      body: { ...valid, email: "TAKEN@example.test" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(errorsTexts.emailExists);
    expect((await call(t.app, "GET", "/api/me", { cookie: me.cookie })).json().name).toBe("Unchanged");
  });

  it.each([
    ["no name", { ...valid, name: " " }],
    ["a malformed email", { ...valid, email: "not-an-email" }],
    ["no date of birth", { ...valid, dateOfBirth: "" }],
    ["a bad date", { ...valid, dateOfBirth: "1990-13-01" }],
    ["an unknown gender", { ...valid, gender: "Robot" }],
    ["an attempt to change roles", { ...valid, roles: ["Admin"] }],
    ["a missing field", { name: "N", email: "n@example.test" }],
  ])("rejects %s with a 400 and changes nothing", async (_label, body) => {
    const me = await signedInUser(t.app, { name: "Still Me" });
    const res = await call(t.app, "PUT", "/api/profile", { cookie: me.cookie, body });
    expect(res.statusCode).toBe(400);
    const after = (await call(t.app, "GET", "/api/me", { cookie: me.cookie })).json();
    expect(after).toMatchObject({ name: "Still Me", roles: ["Owner"] });
  });
});

describe("profile photo", () => {
  it("stores a WebP photo for the signed-in user and replaces the previous one", async () => {
    const me = await signedInUser(t.app);
    const jpeg = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: "#335577" } })
      .jpeg()
      .toBuffer();
    const first = await upload(t.app, "/api/profile/photo", { bytes: jpeg }, me.cookie);
    expect(first.statusCode).toBe(200);
    const { photoId } = first.json();
    expect((await call(t.app, "GET", "/api/me", { cookie: me.cookie })).json().photoId).toBe(photoId);
    const served = await call(t.app, "GET", `/api/images/${photoId}`, { cookie: me.cookie });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1024, 1024]);

    const count = await imageCount(t.app);
    const second = await upload(t.app, "/api/profile/photo", { bytes: jpeg }, me.cookie);
    expect(second.statusCode).toBe(200);
    expect(await imageCount(t.app)).toBe(count);
  });

  it.each([
    ["without a session", undefined, Buffer.from("x"), 401],
    ["of a non-image", "me", Buffer.from("%PDF-1.4 not a picture"), 400],
    [
      "of a corrupt JPEG",
      "me",
      Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(300, 3)]),
      400,
    ],
    ["over 10 MB", "me", Buffer.alloc(10 * 1024 * 1024 + 1, 0), 413],
  ])("refuses an upload %s and stores nothing", async (_label, who, bytes, status) => {
    const me = await signedInUser(t.app);
    const before = await imageCount(t.app);
    const res = await upload(t.app, "/api/profile/photo", { bytes }, who ? me.cookie : undefined);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message.length).toBeGreaterThan(10);
    expect(await imageCount(t.app)).toBe(before);
    expect((await call(t.app, "GET", "/api/me", { cookie: me.cookie })).json().photoId).toBeNull();
  });
});

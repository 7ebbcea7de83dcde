import { describe, expect, it } from "vitest";
import { barnTexts } from "#domain/texts/barn.ts";
import { buildUser, signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();

describe("GET /api/invites/:trainerId", () => {
  it("names the trainer who sent the link, to someone without an account, and nothing else", async () => {
    const trainer = await buildUser(t.app, { name: "Wade Inviter", roles: ["Owner", "Trainer"] });
    const res = await call(t.app, "GET", `/api/invites/${trainer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ trainer: { id: trainer.id, name: "Wade Inviter" } });
    expect(res.body).not.toContain(trainer.email);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("answers a signed-in reader too (the new customer's roster greets them with it)", async () => {
    const trainer = await buildUser(t.app, { name: "Tess Trainer", roles: ["Owner", "Trainer"] });
    const customer = await signedInUser(t.app);
    const res = await call(t.app, "GET", `/api/invites/${trainer.id}`, { cookie: customer.cookie });
    expect(res.json().trainer.name).toBe("Tess Trainer");
  });

  it("refuses an id that is not a trainer's: an owner, an admin, nobody (404, same answer)", async () => {
    const owner = await buildUser(t.app, { roles: ["Owner"] });
    const admin = await buildUser(t.app, { roles: ["Owner", "Admin"] });
    for (const id of [owner.id, admin.id, "01a1fd76-0000-7000-8000-000000000000", "ghost"]) {
      const res = await call(t.app, "GET", `/api/invites/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: barnTexts.inviteNotValid } });
    }
  });

  it("rejects an over-long id with 400, and answers an encoded or empty one without a 5xx", async () => {
    const long = await call(t.app, "GET", `/api/invites/${"a".repeat(65)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe("BAD_REQUEST");
    const encoded = await call(t.app, "GET", "/api/invites/%2e%2e%2Fbarn");
    expect(encoded.statusCode).toBe(404);
    const empty = await call(t.app, "GET", "/api/invites/");
    expect([400, 404]).toContain(empty.statusCode);
  });
});

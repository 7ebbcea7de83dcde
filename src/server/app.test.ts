import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { signedInUser } from "#tests/support/factories.ts";
import { call, testEngine } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();

describe("the HTTP platform", () => {
  it("reports health with the database engine", async () => {
    const res = await call(t.app, "GET", "/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: t.app.deps.db.kind });
  });

  it("sends security headers with a strict content security policy", async () => {
    const res = await call(t.app, "GET", "/api/health");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers unknown API routes with the JSON error body", async () => {
    const res = await call(t.app, "GET", "/api/nope");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "No route for GET /api/nope." } });
  });

  it("publishes an OpenAPI document generated from the zod schemas", async () => {
    const res = await call(t.app, "GET", "/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths["/api/me"].get.responses["200"].content["application/json"].schema.properties,
    ).toHaveProperty("roles");
    const ui = await call(t.app, "GET", "/api/docs/");
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toMatch(/html/);
  });

  it("refuses state-changing API calls without one of our origins", async () => {
    const user = await signedInUser(t.app);
    for (const headers of [{ origin: "https://evil.example" }, { origin: "" }]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-out",
        headers: { ...headers, cookie: user.cookie, "content-type": "application/json" },
        payload: "{}",
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
    expect((await call(t.app, "GET", "/api/me", { cookie: user.cookie })).statusCode).toBe(200);
  });

  it("requires a session for the notification badge", async () => {
    const res = await call(t.app, "GET", "/api/notifications/unread-count");
    expect(res.statusCode).toBe(401);
  });

  it("does not expose the development outbox outside demo mode", async () => {
    const res = await call(t.app, "GET", "/api/dev/outbox/magic-link?email=a@example.test");
    expect(res.statusCode).toBe(404);
    const demo = await call(t.app, "POST", "/api/auth/demo/sign-in", { body: {} });
    expect(demo.statusCode).toBe(404);
  });
});

describe("notification read state", () => {
  it("counts a user's own and everyone-notifications, and reads are per user", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const { db } = t.app.deps.db;
    const now = new Date().toISOString();
    await db
      .insertInto("notification")
      .values([
        {
          id: "n-all",
          user_id: null,
          type: "NewShow",
          message: "for everyone",
          show_id: null,
          created_at: now,
        },
        { id: "n-a", user_id: a.id, type: "BarnActivity", message: "for a", show_id: null, created_at: now },
        { id: "n-b", user_id: b.id, type: "BarnActivity", message: "for b", show_id: null, created_at: now },
      ])
      .execute();
    await db
      .insertInto("notification_read")
      .values({ notification_id: "n-all", user_id: a.id, read_at: now })
      .execute();
    const countA = await call(t.app, "GET", "/api/notifications/unread-count", { cookie: a.cookie });
    const countB = await call(t.app, "GET", "/api/notifications/unread-count", { cookie: b.cookie });
    expect(countA.json()).toMatchObject({ count: 1 });
    expect(countB.json()).toMatchObject({ count: 2 });
  });
});

if (testEngine === "postgres") {
  describe("PostgreSQL connections", () => {
    it("survives the server dropping idle pooled connections", async () => {
      const { db } = t.app.deps.db;
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db)));
      const admin = t.app.deps.db.pgPool!;
      const other = await admin.connect();
      try {
        await other.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
      } finally {
        other.release();
      }
      // The pool drops each terminated connection when its error arrives: only `other` is left.
      await expect.poll(() => admin.totalCount).toBe(1);
      // Readiness asks the database (health does not).
      const res = await call(t.app, "GET", "/api/ready");
      expect(res.statusCode).toBe(200);
    });
  });
}

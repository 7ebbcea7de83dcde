import { differenceInCalendarDays, format, parseISO } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRoles } from "#domain/roles.ts";
import { seedDemo } from "#server/db/seed/demo.ts";
import { DEMO_PASSWORD } from "#server/db/seed/demo-accounts.ts";
import { call, cookieFrom, createTestApp, type TestApp } from "#tests/support/server.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const today = format(new Date(), "yyyy-MM-dd");
const offset = (date: string) => differenceInCalendarDays(parseISO(date), parseISO(today));

describe("demo seed", () => {
  it("holds the spec's sample data: 4 users, 3 horses, 5 shows, about 200 classes, 4 notifications", async () => {
    const { db } = t.app.deps.db;
    const users = await db.selectFrom("user").select(["email", "roles"]).orderBy("email").execute();
    expect(users.map((u) => [u.email, parseRoles(u.roles)])).toEqual([
      ["admin@ringside.demo", ["Owner", "Admin"]],
      ["owner@ringside.demo", ["Owner"]],
      ["rider@ringside.demo", ["Owner"]],
      ["trainer@ringside.demo", ["Owner", "Trainer"]],
    ]);
    const horses = await db.selectFrom("horse").select("id").execute();
    expect(horses).toHaveLength(3);
    for (const table of ["horse_owner", "horse_trainer", "horse_division"] as const) {
      const rows = await db.selectFrom(table).select("horse_id").distinct().execute();
      expect(rows).toHaveLength(3);
    }
    const classes = await db.selectFrom("show_class").select(["id", "show_id"]).execute();
    expect(classes.length).toBeGreaterThanOrEqual(190);
    expect(classes.length).toBeLessThanOrEqual(210);
    expect(classes.some((c) => /^cel-\d+E$/.test(c.id))).toBe(true);
    expect(classes.some((c) => /^sfs-\d+$/.test(c.id))).toBe(true);
    expect(classes.some((c) => /^class-\d+$/.test(c.id))).toBe(true);
  });

  it("dates the shows relative to today: one past, then 7, 8, 9 and 120 (to 123) days ahead", async () => {
    const shows = await t.app.deps.db.db
      .selectFrom("show")
      .select(["start_date", "end_date", "sanctioning_org"])
      .orderBy("start_date")
      .execute();
    expect(shows.map((s) => offset(s.start_date))).toEqual([-45, 7, 8, 9, 120]);
    expect(offset(shows[4]!.end_date)).toBe(123);
    expect(new Set(shows.map((s) => s.sanctioning_org))).toEqual(new Set(["WHOA", "TWHBEA", "SHOW"]));
  });

  it("ages the notifications 1 hour and 1, 2 and 3 days", async () => {
    const rows = await t.app.deps.db.db
      .selectFrom("notification")
      .select("created_at")
      .orderBy("created_at", "desc")
      .execute();
    const hours = rows.map((r) => Math.round((Date.now() - Date.parse(r.created_at)) / 3_600_000));
    expect(hours).toEqual([1, 24, 48, 72]);
  });

  it("is applied once: a second run changes nothing", async () => {
    expect(await seedDemo(t.app.deps.db)).toBe(false);
    const users = await t.app.deps.db.db.selectFrom("user").select("id").execute();
    expect(users).toHaveLength(4);
  });

  it("lets every demo account sign in with the demo password", async () => {
    for (const email of [
      "admin@ringside.demo",
      "trainer@ringside.demo",
      "owner@ringside.demo",
      "rider@ringside.demo",
    ]) {
      const res = await call(t.app, "POST", "/api/auth/sign-in/email", {
        body: { email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, email).toBe(200);
    }
  });

  it("signs a fresh browser in as the admin-owner, who sees 4 unread notifications", async () => {
    const res = await call(t.app, "POST", "/api/auth/demo/sign-in", { body: {} });
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res);
    const me = await call(t.app, "GET", "/api/me", { cookie });
    expect(me.json()).toMatchObject({ email: "admin@ringside.demo", roles: ["Owner", "Admin"] });
    const count = await call(t.app, "GET", "/api/notifications/unread-count", { cookie });
    expect(count.json()).toEqual({ count: 4 });
  });

  it("completes a magic link through the development outbox, for the page that asked", async () => {
    const sent = await call(t.app, "POST", "/api/auth/sign-in/magic-link", {
      body: { email: "owner@ringside.demo", callbackURL: "/#/roster" },
    });
    const link = await call(t.app, "POST", "/api/dev/outbox/magic-link", {
      body: { nonce: sent.json().demoNonce },
    });
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json().url);
    const verify = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(verify.statusCode).toBe(302);
    const me = await call(t.app, "GET", "/api/me", { cookie: cookieFrom(verify) });
    expect(me.json().email).toBe("owner@ringside.demo");
  });
});

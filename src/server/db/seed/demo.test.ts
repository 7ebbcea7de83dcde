import { addDays, differenceInCalendarDays, format, parseISO } from "date-fns";
import { describe, expect, it } from "vitest";
import { parseRoles } from "#domain/people/roles.ts";
import { planDemoRing } from "#domain/show-day/live-demo.ts";
import { sameWeekdayPattern } from "#domain/shows/show-prediction.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { seedDemo } from "#server/db/seed/demo.ts";
import { DEMO_PASSWORD } from "#server/db/seed/demo-accounts.ts";
import { RUNNING_SHOW } from "#server/db/seed/demo-live.ts";
import { call, cookieFrom } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp({ demo: true });

const today = format(new Date(), "yyyy-MM-dd");
const addDaysYmd = (days: number) => format(addDays(new Date(), days), "yyyy-MM-dd");
const offset = (date: string) => differenceInCalendarDays(parseISO(date), parseISO(today));

describe("demo seed", () => {
  it("holds the spec's sample data: 4 users, 3 horses, 5 shows with about 200 classes, 4 notifications", async () => {
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
    const classes = await db
      .selectFrom("show_class as c")
      .innerJoin("show as s", "s.id", "c.show_id")
      .select(["c.id", "c.name"])
      .where("s.name", "not like", "%(%)")
      .where("s.name", "!=", RUNNING_SHOW.name)
      .execute();
    expect(classes.length).toBeGreaterThanOrEqual(190);
    expect(classes.length).toBeLessThanOrEqual(210);
    // Last year's editions repeat this year's classes: about 200 names in all.
    const names = await db
      .selectFrom("show_class as c")
      .innerJoin("show as s", "s.id", "c.show_id")
      .select("c.name")
      .distinct()
      .where("s.name", "!=", RUNNING_SHOW.name)
      .execute();
    expect(names.length).toBeGreaterThanOrEqual(180);
    expect(names.length).toBeLessThanOrEqual(210);
    expect(classes.some((c) => /^cel-\d+E$/.test(c.id))).toBe(true);
    expect(classes.some((c) => /^sfs-\d+$/.test(c.id))).toBe(true);
    expect(classes.some((c) => /^class-\d+$/.test(c.id))).toBe(true);
  });

  it("dates the spec's five shows relative to today: one past, then 7, 8, 9 and 120 (to 123) days ahead", async () => {
    const shows = await t.app.deps.db.db
      .selectFrom("show")
      .select(["start_date", "end_date", "sanctioning_org"])
      .where("name", "not like", "%(%)")
      .where("name", "!=", RUNNING_SHOW.name)
      .orderBy("start_date")
      .execute();
    expect(shows.map((s) => offset(s.start_date))).toEqual([-45, 7, 8, 9, 120]);
    expect(offset(shows[4]!.end_date)).toBe(123);
    expect(new Set(shows.map((s) => s.sanctioning_org))).toEqual(new Set(["WHOA", "TWHBEA", "SHOW"]));
  });

  it("runs one more show today with a session in progress, and names the Celebration's sessions as its lists do", async () => {
    const res = await call(t.app, "POST", "/api/auth/sign-in/email", {
      body: { email: "owner@ringside.demo", password: DEMO_PASSWORD },
    });
    const cookie = cookieFrom(res);
    const { db } = t.app.deps.db;
    const running = await db
      .selectFrom("show")
      .select("id")
      .where("name", "=", RUNNING_SHOW.name)
      .executeTakeFirstOrThrow();
    const day = (await call(t.app, "GET", `/api/shows/${running.id}/day`, { cookie })).json();
    expect(day.runningToday).toBe(true);
    expect(day.ring.sessions).toEqual([expect.objectContaining({ status: "running" })]);
    // Five classes run and the sixth in the ring, unless the show's day began less than that ago (live-demo.test.ts).
    const run = planDemoRing(Date.now(), day.timeZone).inRingAt.length - 1;
    expect(day.ring.classes.filter((c: { status: string }) => c.status === "done")).toHaveLength(run);
    expect(day.ring.classes.find((c: { status: string }) => c.status === "in-ring").id).toBe(
      ["class-A", "class-1", "class-2", "class-3", "class-4", "class-5"][run],
    );
    expect(day.ring.actions[0].actorName).toBe("Avery Morgan");
    const celebration = await db
      .selectFrom("show")
      .select("id")
      .where("name", "=", "Tennessee Walking Horse National Celebration")
      .executeTakeFirstOrThrow();
    const detail = (await call(t.app, "GET", `/api/shows/${celebration.id}`, { cookie })).json();
    expect(detail.sessions).toHaveLength(8);
    for (const s of detail.sessions)
      expect(s.name).toMatch(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day (AM|PM)$/);
    expect(detail.classes.every((c: { sessionId: string | null }) => c.sessionId !== null)).toBe(true);
    expect(detail.classes[0].plannedTime).toBe("9:00 AM");
  });

  it("adds last year's editions of Celina and the Celebration, with their classes, as history to predict from", async () => {
    const { db } = t.app.deps.db;
    const editions = await db
      .selectFrom("show")
      .select(["id", "name", "start_date", "end_date", "location"])
      .where("name", "like", "%(%)")
      .orderBy("name")
      .execute();
    expect(editions.map((e) => e.name.replace(/\(\d+(st|nd|rd|th)\)/, "(nth)"))).toEqual([
      "Celina Lions Club Horse Show (nth)",
      "Tennessee Walking Horse National Celebration (nth)",
    ]);
    const [celina, celebration] = editions;
    expect(celina!.start_date).toBe(sameWeekdayPattern(addDaysYmd(7), -1));
    expect(offset(celebration!.end_date)).toBeLessThan(0);
    expect(offset(celebration!.end_date)).toBeGreaterThan(-366);
    expect(parseISO(celebration!.end_date).getDay()).toBe(6);
    expect(differenceInCalendarDays(parseISO(celebration!.end_date), parseISO(celebration!.start_date))).toBe(
      10,
    );
    for (const edition of editions) {
      const classes = await db
        .selectFrom("show_class")
        .select("id")
        .where("show_id", "=", edition.id)
        .execute();
      expect(classes.length, edition.name).toBeGreaterThan(20);
    }
  });

  it("lets the admin predict Celina and the Celebration at once, and refuses Jackson County for want of history", async () => {
    const cookie = cookieFrom(await call(t.app, "POST", "/api/auth/demo/sign-in", { body: {} }));
    const { db } = t.app.deps.db;
    const idOf = async (name: string) =>
      (await db.selectFrom("show").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const predict = async (name: string) =>
      call(t.app, "GET", `/api/admin/shows/${await idOf(name)}/prediction?today=${today}`, { cookie });

    const celina = await predict("Celina Lions Club Horse Show");
    expect(celina.statusCode).toBe(200);
    expect(celina.json()).toMatchObject({
      name: "Celina Lions Club Horse Show",
      startDate: sameWeekdayPattern(addDaysYmd(7), 1),
      location: "Celina, TN",
      judges: ["TBA"],
    });
    expect(celina.json().history).toHaveLength(2);
    const celebration = (await predict("Tennessee Walking Horse National Celebration")).json();
    expect(parseISO(celebration.endDate).getDay()).toBe(6);
    expect(celebration.classes.length).toBeGreaterThan(90);
    const jackson = await predict("Jackson County Horse Show");
    expect(jackson.statusCode).toBe(422);
    expect(jackson.json().error.message).toBe(errorsTexts.notEnoughHistory("Jackson County Horse Show"));
  });

  it("posts results for last year's editions: the demo horses' records and standings are there at once", async () => {
    const { db } = t.app.deps.db;
    const posted = await db.selectFrom("result_class").select(["show_id"]).execute();
    expect(posted.length).toBeGreaterThanOrEqual(12);
    const owner = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "owner@ringside.demo")
      .executeTakeFirstOrThrow();
    const session = await call(t.app, "POST", "/api/auth/sign-in/email", {
      body: { email: "owner@ringside.demo", password: DEMO_PASSWORD },
    });
    const cookie = cookieFrom(session);
    const records = (await call(t.app, "GET", "/api/records", { cookie })).json().records;
    expect(records.filter((r: { fromResults?: boolean }) => r.fromResults).length).toBeGreaterThan(0);
    const standings = (await call(t.app, "GET", "/api/standings", { cookie })).json();
    expect(standings.rows.length).toBeGreaterThan(0);
    expect(standings.groups.length).toBeGreaterThan(1);
    // No notifications for history: the owner's list is the seed's own.
    const results = await db.selectFrom("notification").select("id").where("type", "=", "Result").execute();
    expect(results).toEqual([]);
    expect(owner.id).toBeTruthy();
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
    expect(count.json()).toMatchObject({ count: 4 });
  });

  it("completes a magic link through the development outbox, for the page that asked", async () => {
    const sent = await call(t.app, "POST", "/api/auth/sign-in/magic-link", {
      body: { email: "owner@ringside.demo", callbackURL: "/roster" },
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

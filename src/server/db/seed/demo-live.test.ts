import { describe, expect, it } from "vitest";
import { showToday } from "#domain/show-day/show-time.ts";
import { DEMO_PASSWORD } from "#server/db/seed/demo-accounts.ts";
import { keepDemoLive, liveShowOf } from "#server/db/seed/demo-live.ts";
import { call, cookieFrom } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp({ demo: true });
const DAY = 24 * 60 * 60_000;

interface Day {
  runningToday: boolean;
  today: string;
  timeZone: string;
  sessions: { date: string }[];
  ring: {
    seq: number;
    sessions: { status: string }[];
    classes: { status: string; startedAt: number | null }[];
  };
}

async function dayOf(showId: string): Promise<Day> {
  const res = await call(t.app, "POST", "/api/auth/sign-in/email", {
    body: { email: "owner@ringside.demo", password: DEMO_PASSWORD },
  });
  return (await call(t.app, "GET", `/api/shows/${showId}/day`, { cookie: cookieFrom(res) })).json();
}

describe("the demo's running show stays live", () => {
  it("is fresh after seeding: keeping it live changes nothing", async () => {
    expect(await keepDemoLive(t.app.deps.db)).toBe(false);
  });

  it("places a stale ring (seeded three days ago) at the show's hour again, numbering on from the old actions", async () => {
    const { db } = t.app.deps.db;
    const live = (await liveShowOf(db))!;
    const before = await dayOf(live.showId);
    const threeDaysAgo = (date: string) => new Date(Date.parse(date) - 3 * DAY).toISOString().slice(0, 10);
    await db
      .updateTable("show_session")
      .set({ date: threeDaysAgo(before.today) })
      .where("show_id", "=", live.showId)
      .execute();
    const actions = await db
      .selectFrom("ring_action")
      .select(["seq", "at"])
      .where("show_id", "=", live.showId)
      .execute();
    for (const a of actions) {
      await db
        .updateTable("ring_action")
        .set({ at: Number(a.at) - 3 * DAY })
        .where("show_id", "=", live.showId)
        .where("seq", "=", a.seq)
        .execute();
    }

    const now = Date.now();
    expect(await keepDemoLive(t.app.deps.db, now)).toBe(true);
    const after = await dayOf(live.showId);
    expect(after.runningToday).toBe(true);
    expect(after.sessions.map((s) => s.date)).toEqual([showToday(now, after.timeZone)]);
    expect(after.ring.sessions).toEqual([expect.objectContaining({ status: "running" })]);
    const inRing = after.ring.classes.find((c) => c.status === "in-ring")!;
    expect(now - inRing.startedAt!).toBeGreaterThanOrEqual(0);
    expect(now - inRing.startedAt!).toBeLessThan(10 * 60_000);
    expect(after.ring.seq).toBeGreaterThan(before.ring.seq);
    expect(await keepDemoLive(t.app.deps.db, now)).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { ROSTER_WRITE_LIMIT, ROSTER_WRITE_WINDOW_MS } from "#domain/roster/roster-writes.ts";
import { consentTexts } from "#domain/texts/consent.ts";
import { befriend, buildEntryShow, daysFrom, type TestShow } from "#tests/support/entries-factories.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call, createSharedTestApps, type TestApp } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * Issue 19, item 12: a new account put entries on anyone's roster at 130 a second. Consent with a
 * tie (issue 24, item 3) limits whose rosters; this caps how many per actor per hour, counted in the
 * database, on both engines and across app servers.
 */
const RIDERS = 6;
const SAVES_TO_LIMIT = ROSTER_WRITE_LIMIT / RIDERS;

const t = buildTestApp();

afterEach(() => {
  vi.useRealTimers();
});

/** Pins the clock mid-window so the test never straddles a window boundary. */
const midWindow = (windowsAhead = 0) =>
  new Date(
    Math.floor(Date.now() / ROSTER_WRITE_WINDOW_MS) * ROSTER_WRITE_WINDOW_MS +
      ROSTER_WRITE_WINDOW_MS / 2 +
      windowsAhead * ROSTER_WRITE_WINDOW_MS,
  );

/** An actor with six friends, and a show with enough classes to reach the cap with six mirrors a save. */
async function busyFriend(app: TestApp["app"]) {
  const actor = await signedInUser(app, { name: "Busy Friend" });
  const riders: SignedInUser[] = [];
  for (let i = 0; i < RIDERS; i += 1) {
    const rider = await signedInUser(app, { name: `Friend ${i + 1}` });
    await befriend(app, actor.id, rider.id);
    riders.push(rider);
  }
  const show: TestShow = await buildEntryShow(app, {
    startDate: daysFrom(9),
    classes: Array.from({ length: SAVES_TO_LIMIT + 20 }, (_, i) => `Busy Class ${i + 1}`),
  });
  const enterFriends = (a: TestApp["app"], classIndex: number) =>
    call(a, "PUT", `/api/shows/${show.id}/classes/${show.classes[classIndex]!.id}/entries`, {
      cookie: actor.cookie,
      body: { entries: riders.map((r) => ({ status: "FriendIsShowing", riderId: r.id })) },
    });
  const watchOnly = (classIndex: number) =>
    call(t.app, "PUT", `/api/shows/${show.id}/classes/${show.classes[classIndex]!.id}/entries`, {
      cookie: actor.cookie,
      body: { entries: [{ status: "WatchClass" }] },
    });
  const written = async () =>
    Number(
      (
        await app.deps.db.db
          .selectFrom("class_entry")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("created_by", "=", actor.id)
          .where("user_id", "<>", actor.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const own = (classIndex: number) =>
    app.deps.db.db
      .selectFrom("class_entry")
      .select("id")
      .where("user_id", "=", actor.id)
      .where("class_id", "=", show.classes[classIndex]!.id)
      .execute();
  return { actor, enterFriends, watchOnly, written, own };
}

describe("entries on other people's rosters, per actor", () => {
  it(`stop at ${ROSTER_WRITE_LIMIT} an hour: the next save is refused whole, and the next hour opens again`, async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: midWindow() });
    const { enterFriends, watchOnly, written, own } = await busyFriend(t.app);
    for (let i = 0; i < SAVES_TO_LIMIT; i += 1) expect((await enterFriends(t.app, i)).statusCode).toBe(200);
    expect(await written()).toBe(ROSTER_WRITE_LIMIT);

    const refused = await enterFriends(t.app, SAVES_TO_LIMIT);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      consentTexts.rosterWriteLimit(ROSTER_WRITE_LIMIT, "30 minutes"),
    );
    expect(await written()).toBe(ROSTER_WRITE_LIMIT);
    expect(await own(SAVES_TO_LIMIT)).toEqual([]);

    // Entries that stay on the actor's own roster are not capped.
    expect((await watchOnly(SAVES_TO_LIMIT)).statusCode).toBe(200);
    expect(await own(SAVES_TO_LIMIT)).toHaveLength(1);

    vi.setSystemTime(midWindow(1));
    expect((await enterFriends(t.app, SAVES_TO_LIMIT + 1)).statusCode).toBe(200);
    expect(await written()).toBe(ROSTER_WRITE_LIMIT + RIDERS);
  });

  it("hold across concurrent saves on two app servers sharing the database", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: midWindow() });
    const shared = await createSharedTestApps();
    try {
      const [a, b] = shared.apps;
      const { enterFriends, written } = await busyFriend(a);
      for (let i = 0; i < SAVES_TO_LIMIT - 5; i += 1) expect((await enterFriends(a, i)).statusCode).toBe(200);
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) => enterFriends(i % 2 ? b : a, SAVES_TO_LIMIT - 5 + i)),
      );
      const codes = burst.map((r) => r.statusCode).sort();
      expect(codes).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
      expect(await written()).toBe(ROSTER_WRITE_LIMIT);
    } finally {
      await shared.close();
    }
  });
});

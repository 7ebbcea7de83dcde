import { beforeAll, expect } from "vitest";
import type { RingActionBody, ShowDay } from "#domain/contracts/show-day.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN, buildRunningShow } from "#tests/support/show-day-factories.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * The show-day API's test world (show-day*.test.ts): a show running today with its Evening and Late
 * sessions, an admin, the show's steward, an owner and a stranger; and the ring's requests.
 */
export function showDayWorld() {
  const t = buildTestApp();
  const admin = t.user(ADA_ADMIN);
  const steward = t.user({ name: "Sam Steward" });
  const owner = t.user({ name: "Olive Owner" });
  const stranger = t.user({ name: "Stan Stranger" });
  const show = {} as Awaited<ReturnType<typeof buildRunningShow>>;

  beforeAll(async () => {
    Object.assign(show, await buildRunningShow(t.app, admin));
    const named = await call(t.app, "PUT", `/api/shows/${show.show.id}/stewards`, {
      cookie: admin.cookie,
      body: { userIds: [steward.id] },
    });
    expect(named.statusCode).toBe(200);
  });

  return {
    t,
    admin,
    steward,
    owner,
    stranger,
    show,
    act: (
      user: SignedInUser,
      body: RingActionBody | Record<string, unknown>,
      showId = show.show.id,
      headers: Record<string, string> = {},
    ) => call(t.app, "POST", `/api/shows/${showId}/ring/actions`, { cookie: user.cookie, body, headers }),
    day: async (user: SignedInUser, showId = show.show.id): Promise<ShowDay> =>
      (await call(t.app, "GET", `/api/shows/${showId}/day`, { cookie: user.cookie })).json(),
    /** Puts class `n` in the ring, the ring having had class `prev` in it. */
    call_: (n: number, prev: number | null, sessionId = show.evening): RingActionBody => ({
      kind: "in-ring",
      sessionId,
      classId: `class-${n}`,
      expectedInRing: prev === null ? null : `class-${prev}`,
    }),
    ringRows: async () =>
      Number(
        (
          await t.app.deps.db.db
            .selectFrom("ring_action")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .where("show_id", "=", show.show.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}

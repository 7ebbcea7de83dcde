import { beforeAll, expect } from "vitest";
import type { PublishLine, Standings } from "#domain/contracts/results.ts";
import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

export const CELEBRATION = "Tennessee Walking Horse National Celebration";

type BuiltShow = Awaited<ReturnType<typeof buildShow>>;

/** A result line as the screen sends it: printed names, no horse matched unless given. */
export const line = (
  lineNo: number,
  placing: number | null,
  horse: string,
  horseId: string | null = null,
): PublishLine => ({
  lineNo,
  placing,
  horse,
  rider: "Jane Doe",
  owner: "Smith Farms",
  horseId,
});

/**
 * The results API's test world (results*.test.ts, horse-results.test.ts, standings.test.ts): an admin, a
 * steward of the Celebration, an owner and a trainer of Midnight Sun (entered in class c-32 with its
 * rider), a stranger who owns The Gold Rush, the Celebration's classes and another show's one.
 */
export function resultsWorld() {
  const t = buildTestApp();
  const admin = t.user(ADA_ADMIN);
  const steward = t.user({ name: "Sam Steward" });
  const owner = t.user({ name: "Olive Owner" });
  const trainer = t.user({ name: "Tia Trainer", roles: ["Trainer"] });
  const rider = t.user({ name: "Rae Rider" });
  const stranger = t.user({ name: "Stan Stranger" });
  const show = {} as BuiltShow;
  const other = {} as BuiltShow;
  const midnight = {} as { id: string; name: string };
  const gold = {} as { id: string; name: string };

  beforeAll(async () => {
    Object.assign(
      show,
      await buildShow(t.app, {
        name: CELEBRATION,
        startDate: "2025-08-20",
        days: 10,
        classes: [
          { id: "c-32", name: "Lite Shod Walking Horse" },
          { id: "c-33", name: "Lite Shod Walking Horse Amateur" },
          { id: "c-34", name: "Lite Shod Walking Horse Youth" },
          { id: "c-40", name: "Amateur Park Pleasure" },
          { id: "c-41", name: "Lite Shod Championship" },
          { id: "c-42", name: "Lite Shod World Grand Championship" },
          { id: "c-50", name: "Country Pleasure Walking Horse" },
          { id: "c-51", name: "Country Pleasure Walking Horse Amateur" },
          { id: "c-52", name: "Country Pleasure Walking Horse Youth" },
        ],
      }),
    );
    Object.assign(
      other,
      await buildShow(t.app, {
        startDate: "2025-06-01",
        classes: [{ id: "o-1", name: "Lite Shod Walking Horse" }],
      }),
    );
    Object.assign(
      midnight,
      await buildHorse(t.app, { name: "Midnight Sun", owners: [owner.id], trainers: [trainer.id] }),
    );
    Object.assign(gold, await buildHorse(t.app, { name: "The Gold Rush", owners: [stranger.id] }));
    await buildEntry(t.app, {
      userId: owner.id,
      showId: show.id,
      classId: "c-32",
      status: "HorseIsShowing",
      horseId: midnight.id,
      riderId: rider.id,
    });
    const named = await call(t.app, "PUT", `/api/shows/${show.id}/stewards`, {
      cookie: admin.cookie,
      body: { userIds: [steward.id] },
    });
    expect(named.statusCode).toBe(200);
  });

  const url = (classId: string, showId = show.id) => `/api/shows/${showId}/classes/${classId}/results`;
  return {
    t,
    admin,
    steward,
    owner,
    trainer,
    rider,
    stranger,
    show,
    other,
    midnight,
    gold,
    url,
    preview: (user: SignedInUser, classId: string, text: string, format: "text" | "csv" = "text") =>
      call(t.app, "POST", `${url(classId)}/preview`, { cookie: user.cookie, body: { format, text } }),
    publish: (
      user: SignedInUser,
      classId: string,
      lines: PublishLine[],
      extra: Record<string, unknown> = {},
    ) => call(t.app, "POST", url(classId), { cookie: user.cookie, body: { lines, ...extra } }),
    correct: (user: SignedInUser, classId: string, version: number, lines: PublishLine[]) =>
      call(t.app, "PUT", url(classId), { cookie: user.cookie, body: { version, lines } }),
    standings: async (user: SignedInUser, query = ""): Promise<Standings> =>
      (await call(t.app, "GET", `/api/standings${query}`, { cookie: user.cookie })).json(),
    allHorses: () => t.app.deps.db.db.selectFrom("horse").select(["id", "name"]).execute(),
    resultRows: () =>
      t.app.deps.db.db.selectFrom("result").selectAll().where("show_id", "=", show.id).execute(),
  };
}

import { describe, expect, it } from "vitest";
import type { ResultHistory, ShowResults } from "#domain/contracts/results.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { storedNotifications } from "#tests/support/entries-factories.ts";
import { CELEBRATION, line, resultsWorld } from "#tests/support/results-world.ts";
import { call } from "#tests/support/server.ts";
import type { SignedInUser } from "#tests/support/test-app.ts";

/**
 * Withdrawing a class's published results (issue 34, ADR 043): results posted to the wrong class no
 * longer stay until the class is deleted. An admin or a steward of the show withdraws them, naming the
 * version they saw; the same withdrawal as a deleted class's (ADR 039) takes the points back by
 * difference, the history keeps it, and those told of a placing are told it is withdrawn.
 */

const { t, admin, steward, owner, trainer, rider, stranger, show, other, midnight, url, publish, standings } =
  resultsWorld();

const p = resultsTexts.problems;
const db = () => t.app.deps.db.db;
const withdrawUrl = (classId: string, showId = show.id) => `${url(classId, showId)}/withdraw`;
const withdraw = (user: SignedInUser | null, classId: string, body: unknown, showId = show.id) =>
  call(t.app, "POST", withdrawUrl(classId, showId), { cookie: user?.cookie, body });

/** Everything a posted class reaches: the standings page, the horse's results, Show Records, the entry. */
async function everywhere() {
  const get = async (path: string) => (await call(t.app, "GET", path, { cookie: owner.cookie })).json();
  return {
    standing: await db().selectFrom("standing").selectAll().orderBy("horse_key").execute(),
    standingShow: await db().selectFrom("standing_show").selectAll().orderBy("horse_key").execute(),
    standingPoints: await db().selectFrom("standing_points").selectAll().orderBy("points").execute(),
    page: await standings(owner, "?year=2025&org=&division=lite-shod"),
    horse: await get(`/api/horses/${midnight.id}/results`),
    records: (await get("/api/records")).records,
    placing: await db()
      .selectFrom("class_entry")
      .select("placing")
      .where("show_id", "=", show.id)
      .where("class_id", "=", "c-32")
      .execute(),
  };
}

const resultNotices = async (user: SignedInUser) =>
  (await storedNotifications(t.app, user.id)).filter((n) => n.type === "Result").map((n) => n.message);

const postedClasses = async () =>
  (
    (
      await call(t.app, "GET", `/api/shows/${show.id}/results`, { cookie: owner.cookie })
    ).json() as ShowResults
  ).classes;

describe("withdrawing a class's results", () => {
  it("refuses attackers, unknown ids, stale versions and bad bodies, and changes nothing", async () => {
    const posted = await publish(steward, "c-33", [line(1, 1, "Midnight Sun", midnight.id)]);
    expect(posted.statusCode, posted.body).toBe(200);
    const before = await everywhere();
    const notices = await resultNotices(owner);

    const refusals: [string, Awaited<ReturnType<typeof call>>, number][] = [
      ["no session", await withdraw(null, "c-33", { version: 1 }), 401],
      ["the horse's owner, not a steward", await withdraw(owner, "c-33", { version: 1 }), 403],
      ["another user", await withdraw(stranger, "c-33", { version: 1 }), 403],
      ["the rider", await withdraw(rider, "c-33", { version: 1 }), 403],
      ["this steward, another show", await withdraw(steward, "o-1", { version: 1 }, other.id), 403],
      ["another show's class", await withdraw(steward, "o-1", { version: 1 }), 404],
      ["an unknown class", await withdraw(steward, "no-such-class", { version: 1 }), 404],
      ["an unknown show", await withdraw(steward, "c-33", { version: 1 }, "no-such-show"), 404],
      ["a class not published", await withdraw(steward, "c-34", { version: 1 }), 404],
      ["a stale version", await withdraw(steward, "c-33", { version: 2 }), 409],
      ["no version", await withdraw(steward, "c-33", {}), 400],
      ["version 0", await withdraw(steward, "c-33", { version: 0 }), 400],
      ["an extra field", await withdraw(steward, "c-33", { version: 1, all: true }), 400],
      ["a huge body", await withdraw(steward, "c-33", { version: 1, pad: "x".repeat(2_000_000) }), 413],
      [
        "a body just over its limit",
        await withdraw(steward, "c-33", { version: 1, pad: "x".repeat(2_000) }),
        413,
      ],
    ];
    for (const [what, res, status] of refusals) expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
    const stale = refusals.find(([what]) => what === "a stale version")?.[1];
    expect(stale?.json().error.message).toBe(p.stale);
    expect(refusals.find(([what]) => what === "a class not published")?.[1].json().error.message).toBe(
      p.notPublished,
    );

    // A steward's own session, sent without an Origin, from another site, or on an encoded path.
    const noOrigin = await t.app.inject({
      method: "POST",
      url: withdrawUrl("c-33"),
      headers: { cookie: steward.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ version: 1 }),
    });
    expect(noOrigin.statusCode).toBe(403);
    const encoded = withdrawUrl("c-33").replace("withdraw", "withdr%61w");
    for (const path of [withdrawUrl("c-33"), encoded]) {
      const foreign = await call(t.app, "POST", path, {
        cookie: steward.cookie,
        body: { version: 1 },
        headers: { origin: "https://evil.example" },
      });
      expect(foreign.statusCode, path).toBe(403);
    }
    const encodedByOwner = await call(t.app, "POST", encoded, { cookie: owner.cookie, body: { version: 1 } });
    expect([403, 404]).toContain(encodedByOwner.statusCode);

    expect(await everywhere()).toEqual(before);
    expect(await resultNotices(owner)).toEqual(notices);
    expect((await postedClasses()).map((c) => c.classId)).toContain("c-33");
    // Cleaned up by the admin, who may withdraw any show's results.
    expect((await withdraw(admin, "c-33", { version: 1 })).statusCode).toBe(204);
  });

  it("by a steward: standings by difference, the history kept, the placed told, and it can be posted again", async () => {
    const before = await everywhere();
    const told = { owner: await resultNotices(owner), trainer: await resultNotices(trainer) };
    const strangerNotices = await resultNotices(stranger);
    const posted = await publish(steward, "c-32", [
      line(1, 1, "Midnight Sun", midnight.id),
      line(2, 2, "Nobody Known"),
    ]);
    expect(posted.statusCode, posted.body).toBe(200);
    const corrected = await call(t.app, "PUT", url("c-32"), {
      cookie: steward.cookie,
      body: { version: 1, lines: [line(1, 2, "Midnight Sun", midnight.id), line(2, 1, "Nobody Known")] },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await everywhere()).not.toEqual(before);

    const res = await withdraw(steward, "c-32", { version: 2 });
    expect(res.statusCode, res.body).toBe(204);
    expect(await everywhere()).toEqual(before);
    expect((await postedClasses()).map((c) => c.classId)).not.toContain("c-32");

    const withdrawn = resultsTexts.withdrawn(resultsTexts.placed("Midnight Sun", 2, "32", CELEBRATION));
    expect(withdrawn).toBe(`Result withdrawn: Midnight Sun placed 2nd in Class 32 at ${CELEBRATION}`);
    for (const user of [owner, trainer, rider]) expect(await resultNotices(user)).toContain(withdrawn);
    expect((await resultNotices(owner)).slice(told.owner.length)).toEqual([
      resultsTexts.placed("Midnight Sun", 1, "32", CELEBRATION),
      resultsTexts.corrected(resultsTexts.placed("Midnight Sun", 2, "32", CELEBRATION)),
      withdrawn,
    ]);
    expect((await resultNotices(trainer)).length).toBe(told.trainer.length + 3);
    expect(await resultNotices(stranger)).toEqual(strangerNotices);

    // Withdrawn twice: nothing left to withdraw.
    expect((await withdraw(steward, "c-32", { version: 3 })).statusCode).toBe(404);

    const again = await publish(steward, "c-32", [line(1, 1, "Midnight Sun", midnight.id)]);
    expect(again.statusCode, again.body).toBe(200);
    const history = await call(t.app, "GET", `${url("c-32")}/history`, { cookie: steward.cookie });
    expect(history.statusCode).toBe(200);
    const entries = (history.json() as ResultHistory).entries;
    expect(entries.map((e) => [e.kind, e.version, e.by, e.lines.length])).toEqual([
      ["published", 1, "Sam Steward", 1],
      ["withdrawn", 3, "Sam Steward", 0],
      ["corrected", 2, "Sam Steward", 2],
      ["published", 1, "Sam Steward", 2],
    ]);
  });
});

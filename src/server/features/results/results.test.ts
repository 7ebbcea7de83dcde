import { describe, expect, it } from "vitest";
import type { PublishLine } from "#domain/contracts/results.ts";
import type { Roster } from "#domain/contracts/roster.ts";
import { classAward, DEFAULT_SCALE, rankStandings, tallyStandings } from "#domain/results/high-point.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { storedNotifications } from "#tests/support/entries-factories.ts";
import { CELEBRATION, line, resultsWorld } from "#tests/support/results-world.ts";
import { call } from "#tests/support/server.ts";
import type { SignedInUser } from "#tests/support/test-app.ts";

const {
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
  publish,
  correct,
  standings,
  resultRows,
} = resultsWorld();

const p = resultsTexts.problems;

describe("publish", () => {
  it("refuses bad input, naming the line, and publishes nothing", async () => {
    const cases: [SignedInUser, string, PublishLine[], number, string][] = [
      [steward, "c-32", [line(1, 1, "A"), line(2, 1, "B")], 400, p.twice(2, 1, 1)],
      [steward, "c-32", [line(1, 1, "A"), line(2, 2, "B"), line(3, 4, "C")], 400, p.gap(3, 4, 3)],
      [steward, "c-32", [], 400, p.noPlacings],
      [steward, "c-32", [line(1, 1, "Midnite Sun", midnight.id)], 400, p.notConfirmed(1, "Midnite Sun")],
      [steward, "c-32", [line(1, 1, "Ghost", "no-such-horse")], 400, p.unknownHorse(1)],
      [steward, "c-32", [line(1, 1, "A"), line(2, 2, "a.")], 400, p.horseTwice(2, 1)],
      [steward, "c-32", [line(1, 1, "A"), line(2, 2, "B"), line(2, 3, "C")], 400, p.lineTwice(2)],
      [owner, "c-32", [line(1, 1, "A")], 403, p.notAllowed],
      [stranger, "c-32", [line(1, 1, "A")], 403, p.notAllowed],
    ];
    for (const [user, classId, lines, status, message] of cases) {
      const res = await publish(user, classId, lines);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    const foreign = await call(t.app, "POST", url("o-1"), {
      cookie: steward.cookie,
      body: { lines: [line(1, 1, "A")] },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(p.classNotInShow);
    // The other show's class, posted by this show's steward under the other show: not their show.
    const otherShow = await publish(steward, "o-1", [line(1, 1, "A")]);
    expect(otherShow.statusCode).toBe(404);
    const wrongShow = await call(t.app, "POST", url("o-1", other.id), {
      cookie: steward.cookie,
      body: { lines: [line(1, 1, "A")] },
    });
    expect(wrongShow.statusCode).toBe(403);
    expect(await resultRows()).toEqual([]);
  });

  it("refuses a foreign Origin, an encoded path, unknown fields and a huge body", async () => {
    const body = JSON.stringify({ lines: [line(1, 1, "A")] });
    for (const path of [url("c-32"), url("c-32").replace("results", "r%65sults")]) {
      const res = await t.app.inject({
        method: "POST",
        url: path,
        headers: {
          cookie: steward.cookie,
          "content-type": "application/json",
          origin: "https://evil.example",
        },
        payload: body,
      });
      expect(res.statusCode).toBe(403);
    }
    const extra = await call(t.app, "POST", url("c-32"), {
      cookie: steward.cookie,
      body: { lines: [{ ...line(1, 1, "A"), points: 99 }] },
    });
    expect(extra.statusCode).toBe(400);
    const huge = await call(t.app, "POST", url("c-32"), {
      cookie: steward.cookie,
      body: {
        lines: Array.from({ length: 20_000 }, (_, i) => line(i + 1, i + 1, `Horse ${"x".repeat(100)}`)),
      },
    });
    expect([400, 413]).toContain(huge.statusCode);
    expect(await resultRows()).toEqual([]);
  });

  it("publishes once: placings, the class entry's placing, notifications, records, standings", async () => {
    const lines = [
      line(1, 1, "Gold Rush", gold.id),
      line(2, 2, "MIDNIGHT SUN", midnight.id),
      line(3, 3, "Nobody Known"),
      line(4, null, "Also Ran"),
    ];
    const res = await publish(steward, "c-32", lines);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ classId: "c-32", version: 1, correctedAt: null });
    expect(
      res.json().placings.map((x: { placing: number | null; points: number }) => [x.placing, x.points]),
    ).toEqual([
      [1, 7],
      [2, 6],
      [3, 5],
      [null, 1],
    ]);
    const again = await publish(steward, "c-32", lines);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(p.alreadyPublished);

    const message = `Midnight Sun placed 2nd in Class 32 at ${CELEBRATION}`;
    for (const who of [owner, trainer, rider]) {
      expect(await storedNotifications(t.app, who.id)).toEqual([
        { type: "Result", message, show_id: show.id },
      ]);
    }
    expect(await storedNotifications(t.app, stranger.id)).toEqual([
      { type: "Result", message: `The Gold Rush placed 1st in Class 32 at ${CELEBRATION}`, show_id: show.id },
    ]);
    expect(await storedNotifications(t.app, steward.id)).toEqual([]);

    const roster = await t.app.deps.db.db
      .selectFrom("class_entry")
      .select("placing")
      .where("horse_id", "=", midnight.id)
      .executeTakeFirstOrThrow();
    expect(roster.placing).toBe("2nd");
    // The entries API (show detail's icons) and the roster's line of that class carry it.
    const entries = await call(t.app, "GET", `/api/shows/${show.id}/entries`, { cookie: owner.cookie });
    expect(entries.json().entries).toEqual([
      expect.objectContaining({ classId: "c-32", horseName: "Midnight Sun", placing: "2nd" }),
    ]);
    const ownRoster = await call(t.app, "GET", "/api/roster?today=2025-08-20", { cookie: owner.cookie });
    const rosterLines = (ownRoster.json() as Roster).sections.today.flatMap((s) =>
      s.days.flatMap((d) =>
        d.classes.flatMap((c) => c.entries.map((e) => [c.number, e.horseName, e.placing])),
      ),
    );
    expect(rosterLines).toEqual([["32", "Midnight Sun", "2nd"]]);

    const detail = await call(t.app, "GET", `/api/shows/${show.id}/results`, { cookie: owner.cookie });
    expect(detail.json()).toMatchObject({ canPost: false, classes: [{ classId: "c-32", version: 1 }] });
    expect(
      (await call(t.app, "GET", `/api/shows/${show.id}/results`, { cookie: steward.cookie })).json().canPost,
    ).toBe(true);

    const horse = await call(t.app, "GET", `/api/horses/${midnight.id}/results`, { cookie: owner.cookie });
    expect(horse.json()).toEqual({
      results: [
        expect.objectContaining({
          showName: CELEBRATION,
          classNumber: "32",
          placing: 2,
          points: 6,
          corrected: false,
        }),
      ],
      standings: [{ year: 2025, org: "WHOA", division: "Lite Shod", rank: 2, of: 4, points: 6 }],
    });
    expect(resultsTexts.standingLine(2, 4, "Lite Shod", 6)).toBe("2nd of 4 in Lite Shod, 6 pts");

    const table = await standings(owner, "?year=2025&org=WHOA&division=lite-shod");
    expect(table.rows.map((r) => [r.rank, r.horseName, r.points, r.mine])).toEqual([
      [1, "The Gold Rush", 7, false],
      [2, "Midnight Sun", 6, true],
      [3, "Nobody Known", 5, false],
      [4, "Also Ran", 1, false],
    ]);
    const myResults = await call(t.app, "GET", "/api/results/mine", { cookie: trainer.cookie });
    expect(myResults.json().results).toEqual([
      expect.objectContaining({
        horseName: "Midnight Sun",
        classNumber: "32",
        placing: 2,
        showName: CELEBRATION,
      }),
    ]);
    expect((await call(t.app, "GET", "/api/results/mine", { cookie: rider.cookie })).json().results).toEqual(
      [],
    );
    const mine = await standings(owner, "?year=2025&org=WHOA&division=lite-shod&mine=1");
    expect(mine.rows.map((r) => [r.rank, r.horseName])).toEqual([[2, "Midnight Sun"]]);
    expect(mine.total).toBe(1);
  });

  it("corrects with history, tells who is affected, and moves the standings by the difference", async () => {
    const before = (
      await call(t.app, "GET", `/api/shows/${show.id}/results`, { cookie: owner.cookie })
    ).json();
    const version = before.classes[0].version;
    const lines = [
      line(1, 1, "Midnight Sun", midnight.id),
      line(2, 2, "Gold Rush", gold.id),
      line(3, 3, "Nobody Known"),
    ];
    const twice = await correct(steward, "c-32", version, [...lines, line(3, null, "Also Shown")]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(p.lineTwice(3));
    const refused = await correct(owner, "c-32", version, lines);
    expect(refused.statusCode).toBe(403);
    const res = await correct(admin, "c-32", version, lines);
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(2);
    expect(res.json().correctedAt).not.toBeNull();
    const stale = await correct(steward, "c-32", version, lines);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(p.stale);
    const unpublished = await correct(steward, "c-33", 1, lines);
    expect(unpublished.statusCode).toBe(404);

    const corrected = (await storedNotifications(t.app, owner.id)).map((n) => n.message);
    expect(corrected).toContain(`Result corrected: Midnight Sun placed 1st in Class 32 at ${CELEBRATION}`);
    expect(corrected).toHaveLength(2);

    const history = await call(t.app, "GET", `${url("c-32")}/history`, { cookie: steward.cookie });
    expect(
      history
        .json()
        .entries.map((e: { version: number; kind: string; by: string }) => [e.version, e.kind, e.by]),
    ).toEqual([
      [2, "corrected", "Ada Admin"],
      [1, "published", "Sam Steward"],
    ]);
    expect(history.json().entries[1].lines).toHaveLength(4);
    expect((await call(t.app, "GET", `${url("c-32")}/history`, { cookie: owner.cookie })).statusCode).toBe(
      403,
    );

    const table = await standings(owner, "?year=2025&org=WHOA&division=lite-shod");
    expect(table.rows.map((r) => [r.rank, r.horseName, r.points, r.shows, r.classes])).toEqual([
      [1, "Midnight Sun", 7, 1, 1],
      [2, "The Gold Rush", 6, 1, 1],
      [3, "Nobody Known", 5, 1, 1],
    ]);
    expect(table.total).toBe(3);
  });

  it("shares ranks on equal points and keeps the table equal to a tally of every result", async () => {
    const pub = async (classId: string, lines: PublishLine[]) =>
      expect((await publish(steward, classId, lines)).statusCode).toBe(200);
    await pub("c-33", [line(1, 1, "Gold Rush", gold.id), line(2, 2, "Midnight Sun", midnight.id)]);
    await pub("c-34", [line(1, 1, "Nobody Known"), line(2, 2, "Late Bloomer")]);
    await pub("c-40", [line(1, 1, "Midnight Sun", midnight.id)]);
    const table = await standings(owner, "?year=2025&org=WHOA&division=lite-shod");
    expect(table.rows.map((r) => [r.rank, r.horseName, r.points])).toEqual([
      [1, "Midnight Sun", 13],
      [1, "The Gold Rush", 13],
      [3, "Nobody Known", 12],
      [4, "Late Bloomer", 6],
    ]);
    expect(table.groups).toEqual(
      expect.arrayContaining([
        { year: 2025, org: "WHOA", division: "lite-shod", horses: 4 },
        { year: 2025, org: "WHOA", division: "park-pleasure", horses: 1 },
      ]),
    );

    // The kept table equals the standings tallied afresh from every result.
    const rows = await resultRows();
    const byClass = new Map<string, typeof rows>();
    for (const r of rows.filter((x) => x.division_id === "lite-shod"))
      byClass.set(r.class_id, [...(byClass.get(r.class_id) ?? []), r]);
    const tallied = rankStandings(
      tallyStandings(
        [...byClass.values()].map((lines) => ({
          showId: show.id,
          awards: classAward(
            DEFAULT_SCALE,
            lines.map((l) => ({
              horseKey: l.horse_key,
              horseName: table.rows.find((x) => x.horseKey === l.horse_key)?.horseName ?? "",
              placing: l.placing,
            })),
          ),
        })),
      ),
    );
    expect(
      table.rows.map((r) => [r.horseKey, r.rank, r.points, r.shows, r.classes, r.firsts, r.seconds]),
    ).toEqual(tallied.map((r) => [r.horseKey, r.rank, r.points, r.shows, r.classes, r.firsts, r.seconds]));

    const csv = await call(t.app, "GET", "/api/standings.csv?year=2025&org=WHOA&division=lite-shod", {
      cookie: owner.cookie,
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n").slice(0, 2)).toEqual([
      "Rank,Horse,Points,Shows,Classes,1st,2nd,3rd",
      "1,Midnight Sun,13,1,2,1,1,0",
    ]);
  });

  it("lets an owner hide a result from Show Records, and no one else", async () => {
    const results = (
      await call(t.app, "GET", `/api/horses/${midnight.id}/results`, { cookie: owner.cookie })
    ).json();
    const id = results.results[0].id;
    const records = async (user: SignedInUser) =>
      (await call(t.app, "GET", "/api/records", { cookie: user.cookie })).json().records as {
        id: string;
        fromResults?: boolean;
        placing: string;
      }[];
    expect((await records(owner)).filter((r) => r.fromResults).map((r) => r.id)).toEqual(
      results.results.map((r: { id: string }) => r.id),
    );
    expect(
      (await call(t.app, "PUT", `/api/records/results/${id}/hidden`, { cookie: stranger.cookie })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, "PUT", `/api/records/results/${id}/hidden`, { cookie: owner.cookie })).statusCode,
    ).toBe(204);
    expect(
      (await call(t.app, "PUT", `/api/records/results/nope/hidden`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);
  });
});

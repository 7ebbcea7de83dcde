import { beforeAll, describe, expect, it } from "vitest";
import type { ShowRecord } from "#domain/contracts/records.ts";
import type { PublishLine, ResultPreview, Standings } from "#domain/contracts/results.ts";
import type { Roster } from "#domain/contracts/roster.ts";
import { classAward, DEFAULT_SCALE, rankStandings, tallyStandings } from "#domain/results/high-point.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { MAX_UPLOAD_BYTES } from "#server/platform/images.ts";
import { buildEntry, buildHorse, storedNotifications } from "#tests/support/entries-factories.ts";
import { upload } from "#tests/support/horses-factories.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

const p = resultsTexts.problems;
const SHOW = "Tennessee Walking Horse National Celebration";

let show: Awaited<ReturnType<typeof buildShow>>;
let other: Awaited<ReturnType<typeof buildShow>>;
let midnight: { id: string; name: string };
let gold: { id: string; name: string };

const url = (classId: string, showId = show.id) => `/api/shows/${showId}/classes/${classId}/results`;
const preview = (user: SignedInUser, classId: string, text: string, format: "text" | "csv" = "text") =>
  call(t.app, "POST", `${url(classId)}/preview`, { cookie: user.cookie, body: { format, text } });
const publish = (
  user: SignedInUser,
  classId: string,
  lines: PublishLine[],
  extra: Record<string, unknown> = {},
) => call(t.app, "POST", url(classId), { cookie: user.cookie, body: { lines, ...extra } });
const correct = (user: SignedInUser, classId: string, version: number, lines: PublishLine[]) =>
  call(t.app, "PUT", url(classId), { cookie: user.cookie, body: { version, lines } });
const standings = async (user: SignedInUser, query = ""): Promise<Standings> =>
  (await call(t.app, "GET", `/api/standings${query}`, { cookie: user.cookie })).json();
const line = (
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
const allHorses = () => t.app.deps.db.db.selectFrom("horse").select(["id", "name"]).execute();
const resultRows = async () =>
  t.app.deps.db.db.selectFrom("result").selectAll().where("show_id", "=", show.id).execute();

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const steward = t.user({ name: "Sam Steward" });
const owner = t.user({ name: "Olive Owner" });
const trainer = t.user({ name: "Tia Trainer", roles: ["Trainer"] });
const rider = t.user({ name: "Rae Rider" });

const stranger = t.user({ name: "Stan Stranger" });

beforeAll(async () => {
  show = await buildShow(t.app, {
    name: SHOW,
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
  });
  other = await buildShow(t.app, {
    startDate: "2025-06-01",
    classes: [{ id: "o-1", name: "Lite Shod Walking Horse" }],
  });
  midnight = await buildHorse(t.app, { name: "Midnight Sun", owners: [owner.id], trainers: [trainer.id] });
  gold = await buildHorse(t.app, { name: "The Gold Rush", owners: [stranger.id] });
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

describe("preview", () => {
  it("reads pasted lines and matches exact, close and unknown horses", async () => {
    const res = await preview(
      steward,
      "c-32",
      "1 midnight sun — Jane Doe (rider) — Smith Farms\n2 Gold Rush - Bob Ray - Ray Stables\n3 Midnite Sun — Al — Al\n4 Nobody Known",
    );
    expect(res.statusCode).toBe(200);
    const body: ResultPreview = res.json();
    expect(body.problems).toEqual([]);
    expect(body.lines.map((l) => [l.placing, l.horse, l.match, l.horseId])).toEqual([
      [1, "midnight sun", "exact", midnight.id],
      [2, "Gold Rush", "exact", gold.id],
      [3, "Midnite Sun", "close", null],
      [4, "Nobody Known", "none", null],
    ]);
    expect(body.lines[0]).toMatchObject({ rider: "Jane Doe", owner: "Smith Farms" });
    expect(body.lines[2]?.candidates).toEqual([{ id: midnight.id, name: "Midnight Sun" }]);
  });

  it("reads a CSV and names the line of two 1sts and of an unmeant gap", async () => {
    const csv = await preview(steward, "c-32", "Place,Horse,Rider,Owner\n1,A,R,O\n1,B,R,O\n3,C,R,O\n", "csv");
    expect(csv.json().problems).toEqual([p.twice(3, 1, 2), p.gap(4, 3, 2)]);
    const empty = await preview(steward, "c-32", "");
    expect(empty.json().problems).toEqual([p.noPlacings]);
  });

  it("is for admins and the show's stewards only", async () => {
    expect((await preview(admin, "c-32", "1 A")).statusCode).toBe(200);
    const refused = await preview(owner, "c-32", "1 A");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(p.notAllowed);
    const anonymous = await call(t.app, "POST", `${url("c-32")}/preview`, {
      body: { format: "text", text: "1 A" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("preview of a photo or PDF", () => {
  const fileUrl = (classId: string, showId = show.id) => `${url(classId, showId)}/preview-file`;
  const send = (
    user: SignedInUser | null,
    path: string,
    bytes: Buffer,
    headers: Record<string, string> = {},
  ) =>
    upload(t.app, path, { bytes, filename: "sheet.png", contentType: "image/png" }, user?.cookie, {
      method: "POST",
      headers,
    });
  const tiny = Buffer.from("not a picture");
  const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 1);

  it("refuses before reading the upload: anonymous, a non-steward, another show's class", async () => {
    expect((await send(null, fileUrl("c-32"), tiny)).statusCode).toBe(401);
    for (const user of [owner, stranger]) {
      const refused = await send(user, fileUrl("c-32"), huge);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(p.notAllowed);
    }
    const foreignClass = await send(steward, fileUrl("o-1"), huge);
    expect(foreignClass.statusCode).toBe(404);
    expect(foreignClass.json().error.message).toBe(p.classNotInShow);
    expect((await send(steward, fileUrl("o-1", other.id), huge)).statusCode).toBe(403);
    expect((await send(steward, fileUrl("c-32", "no-such-show"), tiny)).statusCode).toBe(404);
  });

  it("refuses a foreign Origin (encoded path too), a huge upload and bytes that are no picture", async () => {
    for (const path of [fileUrl("c-32"), fileUrl("c-32").replace("preview-file", "pr%65view-file")]) {
      expect((await send(steward, path, tiny, { origin: "https://evil.example" })).statusCode).toBe(403);
    }
    expect((await send(steward, fileUrl("c-32"), huge)).statusCode).toBe(413);
    expect((await send(steward, fileUrl("c-32"), tiny)).statusCode).toBe(400);
  });
});

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

    const message = `Midnight Sun placed 2nd in Class 32 at ${SHOW}`;
    for (const who of [owner, trainer, rider]) {
      expect(await storedNotifications(t.app, who.id)).toEqual([
        { type: "Result", message, show_id: show.id },
      ]);
    }
    expect(await storedNotifications(t.app, stranger.id)).toEqual([
      { type: "Result", message: `The Gold Rush placed 1st in Class 32 at ${SHOW}`, show_id: show.id },
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
          showName: SHOW,
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
      expect.objectContaining({ horseName: "Midnight Sun", classNumber: "32", placing: 2, showName: SHOW }),
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
    expect(corrected).toContain(`Result corrected: Midnight Sun placed 1st in Class 32 at ${SHOW}`);
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

describe("champion badge", () => {
  it("counts a posted win as it counts a typed record", async () => {
    const badge = async () =>
      (await call(t.app, "GET", `/api/horses/${midnight.id}`, { cookie: owner.cookie })).json().badge;
    expect(await badge()).toBeNull();
    expect((await publish(steward, "c-42", [line(1, 1, "Midnight Sun", midnight.id)])).statusCode).toBe(200);
    expect(await badge()).toBe("World Grand Champion");
  });
});

describe("points scales", () => {
  it("are the admin's, and classes published afterwards use them", async () => {
    const scale = { placings: [10, 8, 6], shown: 2, scaleBySize: true };
    expect(
      (await call(t.app, "PUT", "/api/admin/points-scales/WHOA", { cookie: steward.cookie, body: scale }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, "PUT", "/api/admin/points-scales/WHOA", { cookie: admin.cookie, body: scale }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, "GET", "/api/admin/points-scales/WHOA", { cookie: admin.cookie })).json(),
    ).toEqual(scale);
    const res = await publish(steward, "c-41", [line(1, 1, "X"), line(2, 2, "Y")]);
    // A class of two under a three-placing scale that follows class size: 1st gets 2nd's points.
    expect(res.json().placings.map((x: { points: number }) => x.points)).toEqual([8, 6]);
  });
});

describe("names a horse was printed under", () => {
  const aliasesUrl = (horseId: string) => `/api/horses/${horseId}/aliases`;
  const aliases = (user: SignedInUser, horseId: string) =>
    call(t.app, "GET", aliasesUrl(horseId), { cookie: user.cookie });
  const forget = (user: SignedInUser, horseId: string, aliasId: string) =>
    call(t.app, "DELETE", `${aliasesUrl(horseId)}/${aliasId}`, { cookie: user.cookie });
  const matchOf = async (text: string) => {
    const res = await preview(steward, "c-50", text);
    expect(res.statusCode).toBe(200);
    const first = (res.json() as ResultPreview).lines[0];
    return [first?.match, first?.horseId, first?.candidates.map((c) => c.id)];
  };

  it("remembers a confirmed close match, matches it exactly next time, and forgets it for an owner", async () => {
    const silver = await buildHorse(t.app, { name: "Silver Streak", owners: [owner.id] });
    expect(await matchOf("1 Silver Streek")).toEqual(["close", null, [silver.id]]);
    const confirmed = { ...line(1, 1, "Silver Streek", silver.id), confirmed: true };
    expect((await publish(steward, "c-50", [confirmed])).statusCode).toBe(200);
    expect(await matchOf("1 silver streek.")).toEqual(["exact", silver.id, [silver.id]]);
    // An exact match through the remembered name needs no confirmation on the next publication.
    expect((await publish(steward, "c-51", [line(1, 1, "SILVER STREEK", silver.id)])).statusCode).toBe(200);

    const known = await aliases(owner, silver.id);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      aliases: [{ id: expect.any(String), printed: "Silver Streek", confirmedAt: expect.any(String) }],
      canForget: true,
    });
    const stored = await t.app.deps.db.db
      .selectFrom("horse_alias")
      .select(["name_key", "confirmed_by"])
      .where("horse_id", "=", silver.id)
      .execute();
    expect(stored).toEqual([{ name_key: "silver streek", confirmed_by: steward.id }]);
    expect((await aliases(stranger, silver.id)).json().canForget).toBe(false);
    expect((await aliases(admin, silver.id)).json().canForget).toBe(true);
    expect((await aliases(owner, "no-such-horse")).statusCode).toBe(404);

    const aliasId: string = known.json().aliases[0].id;
    // Someone else's horse: refused; a name of another horse, or none: not found; nothing is forgotten.
    for (const [user, horseId, id, status] of [
      [stranger, silver.id, aliasId, 403],
      [steward, silver.id, aliasId, 403],
      [owner, midnight.id, aliasId, 404],
      [owner, silver.id, "no-such-name", 404],
      [owner, "no-such-horse", aliasId, 404],
    ] as const) {
      expect((await forget(user, horseId, id)).statusCode, `${user.name} ${horseId} ${id}`).toBe(status);
    }
    for (const path of [
      `${aliasesUrl(silver.id)}/${aliasId}`,
      `${aliasesUrl(silver.id).replace("aliases", "%61liases")}/${aliasId}`,
    ]) {
      const foreign = await t.app.inject({
        method: "DELETE",
        url: path,
        headers: { cookie: owner.cookie, origin: "https://evil.example" },
      });
      expect(foreign.statusCode).toBe(403);
    }
    const noOrigin = await t.app.inject({
      method: "DELETE",
      url: `${aliasesUrl(silver.id)}/${aliasId}`,
      headers: { cookie: owner.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    const huge = await call(t.app, "DELETE", `${aliasesUrl(silver.id)}/${aliasId}`, {
      cookie: owner.cookie,
      body: { junk: "x".repeat(3_000_000) },
    });
    expect([400, 413]).toContain(huge.statusCode);
    expect(await matchOf("1 Silver Streek")).toEqual(["exact", silver.id, [silver.id]]);

    expect((await forget(owner, silver.id, aliasId)).statusCode).toBe(204);
    expect((await aliases(owner, silver.id)).json().aliases).toEqual([]);
    expect(await matchOf("1 Silver Streek")).toEqual(["close", null, [silver.id]]);
    expect((await forget(owner, silver.id, aliasId)).statusCode).toBe(404);
  });

  it("only offers a name confirmed for two horses, as with two horses of one name", async () => {
    const silver = (await allHorses()).find((h) => h.name === "Silver Streak");
    expect(silver).toBeDefined();
    const version = async (classId: string) =>
      (await call(t.app, "GET", `/api/shows/${show.id}/results`, { cookie: steward.cookie }))
        .json()
        .classes.find((c: { classId: string }) => c.classId === classId).version as number;
    const as = (horseId: string) => [{ ...line(1, 1, "Silver Streek", horseId), confirmed: true }];
    expect((await correct(steward, "c-50", await version("c-50"), as(silver?.id ?? ""))).statusCode).toBe(
      200,
    );
    expect((await correct(admin, "c-51", await version("c-51"), as(gold.id))).statusCode).toBe(200);
    const [match, horseId, candidates] = await matchOf("1 Silver Streek");
    expect([match, horseId]).toEqual(["close", null]);
    expect(candidates).toEqual([silver?.id, gold.id].sort());
    // A printed name of punctuation only is attached when confirmed, but leaves no name to remember.
    const before = await t.app.deps.db.db.selectFrom("horse_alias").select("name_key").execute();
    expect(before.map((a) => a.name_key)).toEqual(["silver streek", "silver streek"]);
    const dots = [{ ...line(1, 1, "...", gold.id), confirmed: true }];
    expect((await correct(admin, "c-51", await version("c-51"), dots)).statusCode).toBe(200);
    expect(await t.app.deps.db.db.selectFrom("horse_alias").select("name_key").execute()).toEqual(before);
  });
});

describe("a hidden result across corrections", () => {
  it("stays hidden while its horse keeps it, and is a new record once it moves to another horse or back", async () => {
    const className = "Country Pleasure Walking Horse Youth";
    const star = await buildHorse(t.app, { name: "Star Of The Night", owners: [owner.id] });
    const comet = await buildHorse(t.app, { name: "Comet Tail", owners: [stranger.id] });
    const bolt = await buildHorse(t.app, { name: "Bolt Upright", owners: [stranger.id] });
    /** The viewer's Show Records rows of this class: horse and placing. */
    const records = async (user: SignedInUser) =>
      ((await call(t.app, "GET", "/api/records", { cookie: user.cookie })).json().records as ShowRecord[])
        .filter((r) => r.className === className)
        .map((r) => [r.horse.name, r.placing]);
    const hidden = async () =>
      (await t.app.deps.db.db.selectFrom("result_hidden").select("user_id").execute()).map((r) => r.user_id);
    let version = 1;
    const fix = async (lines: PublishLine[]) => {
      const res = await correct(steward, "c-52", version, lines);
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().version;
    };

    const published = await publish(steward, "c-52", [
      line(1, 1, star.name, star.id),
      line(2, 2, bolt.name, bolt.id),
    ]);
    expect(published.statusCode).toBe(200);
    const starResult = published.json().placings.find((x: { horseId: string }) => x.horseId === star.id);
    expect(await records(owner)).toEqual([["Star Of The Night", "1"]]);
    const hide = await call(t.app, "PUT", `/api/records/results/${starResult.id}/hidden`, {
      cookie: owner.cookie,
    });
    expect(hide.statusCode).toBe(204);
    expect(await records(owner)).toEqual([]);
    const hiddenBefore = await hidden();

    // (a) The same horse, another placing: the same result, still hidden.
    await fix([line(1, 1, bolt.name, bolt.id), line(2, 2, star.name, star.id)]);
    expect(await records(owner)).toEqual([]);
    expect(await hidden()).toEqual(hiddenBefore);

    // (b) The line was another owner's horse: the hide goes with the old record; the new owner sees theirs.
    await fix([line(1, 1, bolt.name, bolt.id), line(2, 2, comet.name, comet.id)]);
    expect(await records(owner)).toEqual([]);
    expect(await records(stranger)).toEqual(
      expect.arrayContaining([
        ["Bolt Upright", "1"],
        ["Comet Tail", "2"],
      ]),
    );
    expect((await hidden()).filter((id) => id === owner.id)).toHaveLength(
      hiddenBefore.filter((id) => id === owner.id).length - 1,
    );

    // (c) Back to the first horse: a new record for its owner (who was told "placed 2nd" again), shown.
    await fix([line(1, 1, bolt.name, bolt.id), line(2, 2, star.name, star.id)]);
    expect(await records(owner)).toEqual([["Star Of The Night", "2"]]);
    expect(await records(stranger)).toEqual([["Bolt Upright", "1"]]);
  });
});

describe("horses per points total (standing_points)", () => {
  it("stays the count of the standings on each total through publications and corrections", async () => {
    // An organisation on the default scale (the points scales test gives WHOA its own).
    const season = await buildShow(t.app, {
      startDate: "2024-05-01",
      sanctioningOrg: "SSHBEA",
      classes: [
        { id: "p-1", name: "Lite Shod Walking Horse" },
        { id: "p-2", name: "Lite Shod Walking Horse Amateur" },
        { id: "p-3", name: "Lite Shod Walking Horse Youth" },
      ],
    });
    const named = await call(t.app, "PUT", `/api/shows/${season.id}/stewards`, {
      cookie: admin.cookie,
      body: { userIds: [steward.id] },
    });
    expect(named.statusCode).toBe(200);
    const ace = await buildHorse(t.app, { name: "Ace High", owners: [owner.id] });
    const belle = await buildHorse(t.app, { name: "Belle Star", owners: [owner.id] });
    const at = (classId: string) => url(classId, season.id);
    const db = t.app.deps.db.db;
    const kept = async () => {
      const standing = await db.selectFrom("standing").selectAll().where("year", "=", 2024).execute();
      const totals = new Map<string, number>();
      for (const s of standing) {
        const k = `${s.division_id} ${Number(s.points)}`;
        totals.set(k, (totals.get(k) ?? 0) + 1);
      }
      const points = await db.selectFrom("standing_points").selectAll().where("year", "=", 2024).execute();
      expect(
        Object.fromEntries(points.map((p) => [`${p.division_id} ${Number(p.points)}`, Number(p.horses)])),
      ).toEqual(Object.fromEntries(totals));
      // Horse detail's rank is one more than the horses of the division on higher totals.
      for (const horse of [ace, belle]) {
        const mine = standing.find((s) => s.horse_id === horse.id);
        const shown = (
          await call(t.app, "GET", `/api/horses/${horse.id}/results`, { cookie: owner.cookie })
        ).json().standings as { year: number; rank: number; points: number }[];
        const in2024 = shown.filter((s) => s.year === 2024);
        if (!mine) {
          expect(in2024).toEqual([]);
          continue;
        }
        const above = standing.filter(
          (s) => s.division_id === mine.division_id && Number(s.points) > Number(mine.points),
        ).length;
        expect(in2024.map((s) => [s.rank, s.points])).toEqual([[1 + above, Number(mine.points)]]);
      }
      return [...totals.entries()].sort();
    };
    const send = async (classId: string, lines: PublishLine[], version?: number) => {
      const res =
        version === undefined
          ? await call(t.app, "POST", at(classId), { cookie: steward.cookie, body: { lines } })
          : await call(t.app, "PUT", at(classId), { cookie: steward.cookie, body: { version, lines } });
      expect(res.statusCode).toBe(200);
    };

    await send("p-1", [
      line(1, 1, "Ace High", ace.id),
      line(2, 2, "Belle Star", belle.id),
      line(3, 3, "Xavier"),
      line(4, 4, "Yonder"),
    ]);
    expect(await kept()).toEqual([
      ["lite-shod 4", 1],
      ["lite-shod 5", 1],
      ["lite-shod 6", 1],
      ["lite-shod 7", 1],
    ]);
    await send("p-2", [line(1, 1, "Xavier"), line(2, 2, "Ace High", ace.id)]);
    expect(await kept()).toEqual([
      ["lite-shod 12", 1],
      ["lite-shod 13", 1],
      ["lite-shod 4", 1],
      ["lite-shod 6", 1],
    ]);
    // Placings swapped, one horse replaced by another, one dropped: each total moves by the difference.
    await send(
      "p-1",
      [line(1, 1, "Belle Star", belle.id), line(2, 2, "Ace High", ace.id), line(3, 3, "Zephyr")],
      1,
    );
    expect(await kept()).toEqual([
      ["lite-shod 12", 1],
      ["lite-shod 5", 1],
      ["lite-shod 7", 2],
    ]);
    await send("p-2", [line(1, 1, "Belle Star", belle.id)], 1);
    expect(await kept()).toEqual([
      ["lite-shod 14", 1],
      ["lite-shod 5", 1],
      ["lite-shod 6", 1],
    ]);

    // Sixty more horses, most of them tied on the points for showing: page 2 begins inside a tie,
    // and every rank on it is still one more than the horses on higher totals.
    await send(
      "p-3",
      Array.from({ length: 60 }, (_, i) => line(i + 1, i < 10 ? i + 1 : null, `Youngster ${i}`)),
    );
    const totals = await kept();
    expect(totals.reduce((n, [, horses]) => n + horses, 0)).toBe(63);
    const standing = await db.selectFrom("standing").selectAll().where("year", "=", 2024).execute();
    const pageTwo = await standings(owner, "?year=2024&org=SSHBEA&division=lite-shod&page=2");
    expect(pageTwo.rows).toHaveLength(13);
    expect(pageTwo.total).toBe(63);
    for (const row of pageTwo.rows)
      expect(row.rank).toBe(1 + standing.filter((x) => Number(x.points) > row.points).length);
    expect(new Set(pageTwo.rows.map((r) => r.rank)).size).toBe(1);
    const mine = await standings(owner, "?year=2024&org=SSHBEA&division=lite-shod&mine=1");
    expect(mine.rows.map((r) => [r.horseName, r.rank, r.mine])).toEqual([
      ["Belle Star", 1, true],
      ["Ace High", 3, true],
    ]);
    expect(mine.total).toBe(2);
  });
});

describe("a standings CSV longer than a page", () => {
  it("holds every horse of the division, in the pages' order and ranks", async () => {
    const big = await buildShow(t.app, {
      startDate: "2023-05-01",
      sanctioningOrg: "CSVORG",
      classes: [{ id: "k-1", name: "Lite Shod Walking Horse" }],
    });
    const lines = Array.from({ length: 120 }, (_, i) => line(i + 1, i + 1, `Printed Horse ${i + 1}`));
    const posted = await call(t.app, "POST", `/api/shows/${big.id}/classes/k-1/results`, {
      cookie: admin.cookie,
      body: { lines },
    });
    expect(posted.statusCode).toBe(200);
    const query = "year=2023&org=CSVORG&division=lite-shod";
    const paged: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await standings(owner, `?${query}&page=${page}`);
      expect(res.total).toBe(120);
      for (const r of res.rows)
        paged.push(
          [r.rank, r.horseName, r.points, r.shows, r.classes, r.firsts, r.seconds, r.thirds].join(","),
        );
    }
    const csv = await call(t.app, "GET", `/api/standings.csv?${query}`, { cookie: owner.cookie });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.split("\r\n").filter(Boolean).slice(1);
    expect(rows).toHaveLength(120);
    expect(rows).toEqual(paged);
    // Past 6th the default scale gives 1 for showing: the tie shares 7th place across the page break.
    expect(rows.at(-1)).toBe("7,Printed Horse 99,1,1,1,0,0,0");
  });
});

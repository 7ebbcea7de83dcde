import { beforeAll, describe, expect, it } from "vitest";
import type { AiHorses, SeasonPlanPage, ShowRecommendations } from "#domain/contracts/recommendations.ts";
import { classRequirements } from "#domain/recommendations/class-requirements.ts";
import { assessClass } from "#domain/recommendations/recommendations.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { buildHorse } from "#tests/support/horses-factories.ts";
import { call } from "#tests/support/server.ts";
import { buildShow, dayFromToday } from "#tests/support/shows-factories.ts";
import { buildAppForTest, buildTestApp } from "#tests/support/test-app.ts";
import { SEASON_PAGE_SIZE } from "./recommendations.service.ts";

/** Real class names: a country-pleasure mare's classes, padded ones, and ones no horse here may enter. */
const COUNTRY = [
  "Country Pleasure Open",
  "Country Pleasure - Amateur English",
  "O/A Western Country Pleasure Walking Horses",
  "Youth Country Pleasure",
  "Country Pleasure - Amateur, Canter",
  "Walking Horse Stake",
  "Speed Racking",
  "Men's Country Pleasure Walking Horse (18 & over)",
  "Country Pleasure Driving",
  "Riders' Cup Two Year Old Mares & Geldings",
];

let mare: { id: string; name: string };
let trainersOwn: { id: string; name: string };
let upcoming: { id: string; name: string };
let past: { id: string };

const t = buildTestApp();
const owner = t.user({ roles: ["Owner"], gender: "Female", dateOfBirth: "1985-03-02" });
const trainer = t.user({
  roles: ["Owner", "Trainer"],
  gender: "Male",
  dateOfBirth: "1970-01-01",
});
const stranger = t.user({
  roles: ["Owner", "Trainer"],
  gender: "Male",
  dateOfBirth: "1990-01-01",
});

beforeAll(async () => {
  mare = await buildHorse(t.app, {
    name: "Sundance Jubilee",
    gender: "Mare",
    dateOfBirth: "2015-04-18",
    canters: true,
    owners: [owner.id],
    trainers: [trainer.id],
    divisions: ["country-pleasure"],
  });
  trainersOwn = await buildHorse(t.app, {
    name: "Gold Rush Delight",
    gender: "Stallion",
    owners: [trainer.id],
  });
  upcoming = await buildShow(t.app, {
    name: "Celina Lions Club Horse Show",
    startOffset: 5,
    classes: COUNTRY,
  });
  past = await buildShow(t.app, { name: "Spring Jubilee", startOffset: -30, classes: COUNTRY });
});

const recsUrl = (showId: string, horseId: string) =>
  `/api/shows/${showId}/recommendations?horseId=${encodeURIComponent(horseId)}`;

describe("GET /api/recommendations/horses", () => {
  it("offers an owner the horses they own", async () => {
    const res = await call(t.app, "GET", "/api/recommendations/horses", { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json<AiHorses>().horses).toEqual([{ id: mare.id, name: "Sundance Jubilee" }]);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("offers a trainer the horses they own and the horses they train, by name", async () => {
    const res = await call(t.app, "GET", "/api/recommendations/horses", { cookie: trainer.cookie });
    expect(res.json<AiHorses>().horses.map((h) => h.name)).toEqual(["Gold Rush Delight", "Sundance Jubilee"]);
  });

  it("needs a session", async () => {
    expect((await call(t.app, "GET", "/api/recommendations/horses")).statusCode).toBe(401);
  });
});

describe("GET /api/shows/:showId/recommendations (rules engine)", () => {
  it("gives the owner 3 to 5 eligible classes of the show, with reasons", async () => {
    const res = await call(t.app, "GET", recsUrl(upcoming.id, mare.id), { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json<ShowRecommendations>();
    expect(body).toMatchObject({
      horse: { id: mare.id, name: "Sundance Jubilee" },
      show: { id: upcoming.id, name: upcoming.name },
      source: "rules",
    });
    expect(body.recommendations.length).toBeGreaterThanOrEqual(3);
    expect(body.recommendations.length).toBeLessThanOrEqual(5);
    const horse = {
      name: "",
      age: 11,
      gender: "Mare" as const,
      canters: true,
      divisions: ["country-pleasure" as const],
      hasTrainer: true,
    };
    const rider = { age: 41, gender: "Female" as const, roles: ["Owner" as const], ownsHorse: true };
    for (const rec of body.recommendations) {
      expect(COUNTRY).toContain(rec.className);
      expect(rec.classId).toBe(`class-${COUNTRY.indexOf(rec.className) + 1}`);
      expect(rec.number).toBe(String(COUNTRY.indexOf(rec.className) + 1));
      expect(rec.date).toBe(dayFromToday(5));
      expect(assessClass(classRequirements(rec.className), horse, rider).eligible).toBe(true);
      expect(rec.reason).toMatch(/\.$/);
    }
    expect(body.recommendations.map((r) => r.className)).toContain("Country Pleasure - Amateur, Canter");
    expect(body.recommendations.find((r) => r.className === "Country Pleasure Open")?.reason).toBe(
      "Open to every horse and rider; she is qualified in Country Pleasure.",
    );
  });

  it("answers the trainer for a horse they train, as a professional rider (no amateur classes)", async () => {
    const res = await call(t.app, "GET", recsUrl(upcoming.id, mare.id), { cookie: trainer.cookie });
    expect(res.statusCode).toBe(200);
    const names = res.json<ShowRecommendations>().recommendations.map((r) => r.className);
    expect(names).toContain("Country Pleasure Open");
    expect(names.some((n) => /amateur|o\/a/i.test(n))).toBe(false);
  });

  it("returns an empty list when nothing in the show is open to the pair", async () => {
    const show = await buildShow(t.app, {
      startOffset: 3,
      classes: ["Speed Racking", "Youth Ponies", "Walking Horse Stake"],
    });
    const res = await call(t.app, "GET", recsUrl(show.id, mare.id), { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json<ShowRecommendations>().recommendations).toEqual([]);
  });

  it("says why when fewer than three classes fit, from the classes the rules shut", async () => {
    const show = await buildShow(t.app, {
      startOffset: 4,
      classes: [
        "Country Pleasure Open",
        "Walking Stallions",
        "Aged Walking Stallions",
        "Riders' Cup Country Pleasure",
        "Youth Country Pleasure",
      ],
    });
    const short = await call(t.app, "GET", recsUrl(show.id, mare.id), { cookie: owner.cookie });
    expect(short.statusCode).toBe(200);
    const body = short.json<ShowRecommendations>();
    expect(body.recommendations.map((r) => r.className)).toEqual(["Country Pleasure Open"]);
    expect(body.shortfall).toBe(
      "Only 1 class at this show fits Sundance Jubilee: the others are for stallions, professionals, or youth riders.",
    );
    const full = await call(t.app, "GET", recsUrl(upcoming.id, mare.id), { cookie: owner.cookie });
    expect(full.json<ShowRecommendations>().shortfall).toBeNull();
  });

  it.each([
    [
      "another user's horse",
      (): string => stranger.cookie,
      (): string => mare.id,
      403,
      recommendationsTexts.notYourHorse,
    ],
    [
      "a horse the user neither owns nor trains",
      (): string => owner.cookie,
      (): string => trainersOwn.id,
      403,
      recommendationsTexts.notYourHorse,
    ],
    [
      "an unknown horse",
      (): string => owner.cookie,
      (): string => "no-such-horse",
      404,
      errorsTexts.horseNotFound,
    ],
  ] as const)("refuses %s", async (_case, cookie, horseId, status, message) => {
    const res = await call(t.app, "GET", recsUrl(upcoming.id, horseId()), { cookie: cookie() });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: { code: expect.any(String), message } });
  });

  it("refuses an unknown show and a past show", async () => {
    const unknown = await call(t.app, "GET", recsUrl("no-such-show", mare.id), { cookie: owner.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(errorsTexts.showNotFound);
    const ended = await call(t.app, "GET", recsUrl(past.id, mare.id), { cookie: owner.cookie });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.message).toBe(recommendationsTexts.pastShow);
  });

  it.each([
    ["no session", "", 401],
    ["no horse", `/api/shows/SHOW/recommendations`, 400],
    ["an unknown field", `/api/shows/SHOW/recommendations?horseId=HORSE&userId=x`, 400],
    ["an over-long horse id", `/api/shows/SHOW/recommendations?horseId=${"x".repeat(65)}`, 400],
    ["an encoded path", `/api/shows/%2e%2e%2fhorses/recommendations?horseId=HORSE`, 404],
  ])("rejects a request with %s, in the one error shape", async (_case, template, status) => {
    const url = (template || recsUrl("SHOW", "HORSE")).replace("SHOW", upcoming.id).replace("HORSE", mare.id);
    const res = await call(t.app, "GET", url, status === 401 ? {} : { cookie: owner.cookie });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});

describe("GET /api/horses/:horseId/season-plan (rules engine)", () => {
  const planUrl = (horseId: string, cursor?: string) =>
    `/api/horses/${horseId}/season-plan${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;

  it("covers every upcoming show in start-date pages and agrees with each show's own recommendations", async () => {
    const fresh = await buildAppForTest();
    const me = await signedInUser(fresh.app, {
      roles: ["Owner"],
      gender: "Female",
      dateOfBirth: "1985-03-02",
    });
    const horse = await buildHorse(fresh.app, {
      gender: "Mare",
      dateOfBirth: "2015-04-18",
      canters: true,
      owners: [me.id],
      divisions: ["country-pleasure"],
    });
    const total = SEASON_PAGE_SIZE.rules + 4;
    const many = Array.from({ length: 60 }, (_, i) => `Walking Horse Stake ${i}`);
    for (let i = 0; i < total; i++) {
      // One 3-day show with 60 undated classes: the class-dates rule spreads them over its days.
      await buildShow(fresh.app, {
        name: `Show ${String(i).padStart(2, "0")}`,
        startOffset: 2 + i,
        days: i === 0 ? 3 : 1,
        classes:
          i === 0
            ? [...many.slice(0, 19), ...COUNTRY, ...many.slice(19)]
            : i % 7 === 3
              ? ["Speed Racking"]
              : COUNTRY,
      });
    }
    await buildShow(fresh.app, { name: "Last Year", startOffset: -20, classes: COUNTRY });
    // A removed class leaves a gap in the first show's positions; places in the show must still be exact.
    await fresh.app.deps.db.db.deleteFrom("show_class").where("name", "=", "Walking Horse Stake 3").execute();

    const first = await call(fresh.app, "GET", planUrl(horse.id), { cookie: me.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const page1 = first.json<SeasonPlanPage>();
    expect(page1).toMatchObject({ horse: { id: horse.id }, source: "rules", totalShows: total });
    expect(page1.shows).toHaveLength(SEASON_PAGE_SIZE.rules);
    const page2 = (
      await call(fresh.app, "GET", planUrl(horse.id, page1.nextCursor!), { cookie: me.cookie })
    ).json<SeasonPlanPage>();
    expect(page2).toMatchObject({ totalShows: null, nextCursor: null });
    const shows = [...page1.shows, ...page2.shows];
    expect(shows.map((s) => s.name)).toEqual(
      Array.from({ length: total }, (_, i) => `Show ${String(i).padStart(2, "0")}`),
    );

    for (const show of shows) {
      const own = (
        await call(fresh.app, "GET", recsUrl(show.id, horse.id), { cookie: me.cookie })
      ).json<ShowRecommendations>();
      expect(show.status).toBe("ok");
      expect(show.recommendations).toEqual(own.recommendations);
    }
    expect(shows[3]!.recommendations).toEqual([]);
    expect(new Set(shows[0]!.recommendations.map((r) => r.date))).toEqual(
      new Set([dayFromToday(2), dayFromToday(3)]),
    );
    // A hundred shows built and each asked for twice: room for a loaded machine.
  }, 120_000);

  it("refuses another user's horse, an unknown horse and a forged cursor", async () => {
    expect((await call(t.app, "GET", planUrl(mare.id), { cookie: stranger.cookie })).statusCode).toBe(403);
    expect((await call(t.app, "GET", planUrl("nope"), { cookie: owner.cookie })).statusCode).toBe(404);
    const forged = await call(t.app, "GET", planUrl(mare.id, "bm90LWEtY3Vyc29y"), { cookie: owner.cookie });
    expect(forged.statusCode).toBe(400);
    expect(
      (await call(t.app, "GET", `${planUrl(mare.id)}?today=2020-01-01`, { cookie: owner.cookie })).statusCode,
    ).toBe(400);
    expect((await call(t.app, "GET", planUrl(mare.id))).statusCode).toBe(401);
  });
});

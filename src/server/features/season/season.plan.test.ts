import { beforeAll, describe, expect, it } from "vitest";
import type { SeasonPlanPage, ShowRecommendations } from "#domain/contracts/recommendations.ts";
import { buildEntry } from "#tests/support/entries-factories.ts";
import { buildHorse } from "#tests/support/horses-factories.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/** Classes a country-pleasure mare ridden by her amateur owner may enter, in one untimed day. */
const COUNTRY = [
  "Country Pleasure Open",
  "Country Pleasure - Amateur English",
  "O/A Western Country Pleasure Walking Horses",
  "Youth Country Pleasure",
  "Country Pleasure - Amateur, Canter",
  "Men's Country Pleasure Walking Horse (18 & over)",
];

let mare: { id: string };
let home: { id: string };
let away: { id: string };

const t = buildTestApp();
const owner = t.user({ roles: ["Owner"], gender: "Female", dateOfBirth: "1985-03-02" });

beforeAll(async () => {
  mare = await buildHorse(t.app, {
    name: "Sundance Jubilee",
    gender: "Mare",
    dateOfBirth: "2015-04-18",
    canters: true,
    owners: [owner.id],
    divisions: ["country-pleasure"],
  });
  home = await buildShow(t.app, { name: "Home Show", startOffset: 6, classes: COUNTRY });
  away = await buildShow(t.app, { name: "Away Show", startOffset: 6, classes: COUNTRY });
});

const recs = async (showId: string) => {
  const res = await call(t.app, "GET", `/api/shows/${showId}/recommendations?horseId=${mare.id}`, {
    cookie: owner.cookie,
  });
  expect(res.statusCode).toBe(200);
  return res.json<ShowRecommendations>().recommendations.map((r) => r.classId);
};

describe("the season plan skips classes that would create a conflict (issue 25)", () => {
  it("leaves out the class next to an entered one, and another show on the same day", async () => {
    expect(await recs(home.id)).toContain("class-2");
    expect((await recs(away.id)).length).toBeGreaterThan(0);

    await buildEntry(t.app, {
      userId: owner.id,
      showId: home.id,
      classId: "class-1",
      status: "HorseIsShowing",
      horseId: mare.id,
    });
    const home2 = await recs(home.id);
    expect(home2).not.toContain("class-2");
    expect(home2.length).toBeGreaterThan(0);
    // The same day at another show: the mare cannot be at both.
    expect(await recs(away.id)).toEqual([]);

    const plan = await call(t.app, "GET", `/api/horses/${mare.id}/season-plan`, { cookie: owner.cookie });
    expect(plan.statusCode).toBe(200);
    const shows = plan.json<SeasonPlanPage>().shows;
    const of = (id: string) => shows.find((s) => s.id === id)?.recommendations.map((r) => r.classId);
    expect(of(home.id)).toEqual(home2);
    expect(of(away.id)).toEqual([]);
  });
});

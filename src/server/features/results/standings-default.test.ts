import { describe, expect, it } from "vitest";
import type { PublishLine } from "#domain/contracts/results.ts";
import { buildHorse } from "#tests/support/entries-factories.ts";
import { line, resultsWorld } from "#tests/support/results-world.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

const { t, admin, steward, owner, stranger } = resultsWorld();

/** Standings opens on a year, organisation and division where the person has a horse (issue 34 item 9). */
describe("GET /api/standings without a division", () => {
  it("opens on the viewer's own horse's division; without a horse, on the first as before", async () => {
    const run = async (startDate: string, org: string, classes: { id: string; name: string }[]) => {
      const show = await buildShow(t.app, { startDate, sanctioningOrg: org, classes });
      const named = await call(t.app, "PUT", `/api/shows/${show.id}/stewards`, {
        cookie: admin.cookie,
        body: { userIds: [steward.id] },
      });
      expect(named.statusCode).toBe(200);
      return async (classId: string, lines: PublishLine[]) => {
        const res = await call(t.app, "POST", `/api/shows/${show.id}/classes/${classId}/results`, {
          cookie: steward.cookie,
          body: { lines },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
    };
    const ace = await buildHorse(t.app, { name: "Ace Of Hearts", owners: [owner.id] });
    // The newest year and the first organisation hold nobody's horse of the owner's.
    const first = await run("2031-05-01", "AAA", [{ id: "a-1", name: "Lite Shod Walking Horse" }]);
    await first("a-1", [line(1, 1, "Xavier"), line(2, 2, "Yonder")]);
    // The owner's horse shows in 2030, in a later organisation, in Country Pleasure.
    const theirs = await run("2030-05-01", "ZZZ", [
      { id: "z-1", name: "Lite Shod Walking Horse" },
      { id: "z-2", name: "Country Pleasure Walking Horse" },
    ]);
    await theirs("z-1", [line(1, 1, "Xavier")]);
    await theirs("z-2", [line(1, 1, "Zephyr"), line(2, 2, "Ace Of Hearts", ace.id)]);

    const opened = async (cookie: string, query = "") => {
      const res = await call(t.app, "GET", `/api/standings${query}`, { cookie });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return {
        year: body.year,
        org: body.org,
        division: body.division,
        horses: body.rows.map((r: { horseName: string }) => r.horseName),
      };
    };
    const own = await opened(owner.cookie);
    expect(own).toMatchObject({ year: 2030, org: "ZZZ" });
    expect(own.horses).toContain("Ace Of Hearts");
    // A person with no horse there opens where everyone did before: the newest year, the first organisation.
    expect(await opened(stranger.cookie)).toMatchObject({ year: 2031, org: "AAA" });
    // A year chosen without an organisation: the viewer's, when they have a horse in that year.
    expect(await opened(owner.cookie, "?year=2030")).toMatchObject({ year: 2030, org: "ZZZ" });
    // What the person chose is kept.
    expect(await opened(owner.cookie, "?year=2031")).toMatchObject({ year: 2031, org: "AAA" });
  });
});

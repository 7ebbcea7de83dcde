import { describe, expect, it } from "vitest";
import { resultsTexts } from "#domain/texts/results.ts";
import { resultsWorld } from "#tests/support/results-world.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

const { t, admin, steward } = resultsWorld();
const scale = { placings: [9, 7, 5], shown: 1, scaleBySize: false };

/** The points-scale card offers the organisations on shows and the server refuses others (issue 34 item 9). */
describe("points scales' organisations", () => {
  it("lists the organisations written on shows, for admins only", async () => {
    await buildShow(t.app, { startDate: "2029-04-01", sanctioningOrg: "Zebra Walking Club" });
    await buildShow(t.app, { startDate: "2029-04-02", sanctioningOrg: null });
    const res = await call(t.app, "GET", "/api/admin/points-scales", { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const { orgs } = res.json() as { orgs: string[] };
    expect(orgs).toEqual(expect.arrayContaining(["WHOA", "Zebra Walking Club"]));
    expect(orgs).toEqual([...orgs].sort((a, b) => a.localeCompare(b)));
    expect(orgs).not.toContain("");
    expect(
      (await call(t.app, "GET", "/api/admin/points-scales", { cookie: steward.cookie })).statusCode,
    ).toBe(403);
    expect((await call(t.app, "GET", "/api/admin/points-scales")).statusCode).toBe(401);
  });

  it("refuses to read or set the scale of an organisation no show names, saying so", async () => {
    for (const org of ["WHOAA", "Nobody's Club", "whoa"]) {
      const path = `/api/admin/points-scales/${encodeURIComponent(org)}`;
      const read = await call(t.app, "GET", path, { cookie: admin.cookie });
      expect(read.statusCode, org).toBe(404);
      expect(read.json().error.message).toBe(resultsTexts.scales.errors.unknownOrg(org));
      const write = await call(t.app, "PUT", path, { cookie: admin.cookie, body: scale });
      expect(write.statusCode, org).toBe(404);
      expect(write.json().error.message).toBe(resultsTexts.scales.errors.unknownOrg(org));
    }
    const rows = await t.app.deps.db.db.selectFrom("points_scale").select("org").execute();
    expect(rows.map((r) => r.org)).not.toContain("WHOAA");
    // A known organisation still reads and saves.
    const path = `/api/admin/points-scales/${encodeURIComponent("Zebra Walking Club")}`;
    expect((await call(t.app, "PUT", path, { cookie: admin.cookie, body: scale })).statusCode).toBe(200);
    expect((await call(t.app, "GET", path, { cookie: admin.cookie })).json()).toEqual(scale);
    // A path that is no organisation: refused before any lookup, as any bad parameter.
    const encoded = await call(t.app, "GET", `/api/admin/points-scales/${encodeURIComponent("../me")}`, {
      cookie: admin.cookie,
    });
    expect([400, 404]).toContain(encoded.statusCode);
  });
});

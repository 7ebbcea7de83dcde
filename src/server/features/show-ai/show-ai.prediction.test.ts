import { beforeAll, describe, expect, it } from "vitest";
import { errorsTexts } from "#domain/texts/errors.ts";
import { call } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();
const admin = t.user({ roles: ["Owner", "Admin"] });
const owner = t.user({ roles: ["Owner", "Trainer"] });

const predict = (id: string, cookie?: string, query = "?today=2025-07-01") =>
  call(t.app, "GET", `/api/admin/shows/${encodeURIComponent(id)}/prediction${query}`, { cookie });

describe("GET /api/admin/shows/:id/prediction", () => {
  let latestId: string;
  let loneId: string;
  beforeAll(async () => {
    await buildShow(t.app, {
      name: "Celina Lions Club Horse Show (61st)",
      startDate: "2024-06-15",
      location: "Celina, TN",
      judges: ["Larry Wheelon"],
      classes: ["Leadline"],
    });
    latestId = (
      await buildShow(t.app, {
        name: "Celina Lions Club Horse Show (62nd)",
        startDate: "2025-06-21",
        location: "Celina, TN",
        judges: ["Jimmy McConnell"],
        classes: [
          { id: "class-0", name: "Kids' Lead Line" },
          { id: "class-1", name: "Walking Yearling Open" },
          { id: "class-2A", name: "Amateur Rider on 3 Year Old Walking Horse" },
        ],
      })
    ).id;
    // A saved prediction and a different show with a similar name are not history.
    await buildShow(t.app, {
      name: "Celina Lions Club Horse Show",
      startDate: "2026-06-20",
      isAiPrediction: true,
    });
    await buildShow(t.app, { name: "Celina Lions Club Rodeo", startDate: "2023-06-17" });
    loneId = (await buildShow(t.app, { name: "Money Tree Classic", startDate: "2025-06-04" })).id;
  });

  it("predicts the next edition from the history: a year on, same place and classes, judges TBA", async () => {
    const res = await predict(latestId, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.json()).toEqual({
      name: "Celina Lions Club Horse Show (63rd)",
      startDate: "2026-06-20",
      endDate: "2026-06-20",
      location: "Celina, TN",
      judges: ["TBA"],
      classes: [
        { id: "class-0", name: "Kids' Lead Line", date: null },
        { id: "class-1", name: "Walking Yearling Open", date: null },
        { id: "class-2A", name: "Amateur Rider on 3 Year Old Walking Horse", date: null },
      ],
      sanctioningOrg: "WHOA",
      isAiPrediction: true,
      history: [
        {
          name: "Celina Lions Club Horse Show (61st)",
          startDate: "2024-06-15",
          endDate: "2024-06-15",
          location: "Celina, TN",
          judges: ["Larry Wheelon"],
        },
        {
          name: "Celina Lions Club Horse Show (62nd)",
          startDate: "2025-06-21",
          endDate: "2025-06-21",
          location: "Celina, TN",
          judges: ["Jimmy McConnell"],
        },
      ],
    });
  });

  it("stores nothing", async () => {
    const count = async () => (await t.app.deps.db.db.selectFrom("show").select("id").execute()).length;
    const before = await count();
    await predict(latestId, admin.cookie);
    expect(await count()).toBe(before);
  });

  it("refuses a show without history with the spec's words", async () => {
    const res = await predict(loneId, admin.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: { code: "UNPROCESSABLE", message: errorsTexts.notEnoughHistory("Money Tree Classic") },
    });
  });

  it.each([
    ["an unknown show", "no-such-show", "?today=2025-07-01", 404, errorsTexts.showNotFound],
    ["a day that is not a date", "x", "?today=July", 400, undefined],
    ["an unknown query field", "x", "?today=2025-07-01&model=gpt", 400, undefined],
    ["a percent-encoded path", "..%2F..%2Fshows", "", 404, errorsTexts.showNotFound],
  ])("answers %s with %i", async (_label, id, query, status, message) => {
    const res = await call(t.app, "GET", `/api/admin/shows/${id}/prediction${query}`, {
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it("is for admins only", async () => {
    expect((await predict(latestId, owner.cookie)).statusCode).toBe(403);
    expect((await predict(latestId)).statusCode).toBe(401);
  });
});

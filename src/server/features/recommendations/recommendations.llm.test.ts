import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SeasonPlanPage, ShowRecommendations } from "#domain/contracts/recommendations.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";
import type { AiConfig } from "#server/config.ts";
import { signedInUser, type TestUser } from "#tests/support/factories.ts";
import {
  type FakeLlm,
  offeredClasses,
  pickOffered,
  startFakeLlm,
  userText,
} from "#tests/support/fake-llm.ts";
import { buildHorse } from "#tests/support/horses-factories.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

const CLASSES = [
  "Country Pleasure Open",
  "Country Pleasure - Amateur English",
  "O/A Western Country Pleasure Walking Horses",
  "Youth Country Pleasure",
  "Walking Horse Stake",
  "Country Pleasure Driving",
  "Speed Racking",
];
/** What the rules engine lets this mare and her 41-year-old amateur owner enter. */
const ELIGIBLE = [
  "Country Pleasure Open",
  "Country Pleasure - Amateur English",
  "O/A Western Country Pleasure Walking Horses",
  "Country Pleasure Driving",
];

let llm: FakeLlm;
let t: TestApp;
let owner: TestUser & { cookie: string };
let horseId: string;
let showId: string;

async function appWith(ai: Partial<Extract<AiConfig, { provider: "llm" }>> = {}) {
  const app = await createTestApp({
    ai: {
      provider: "llm",
      baseUrl: llm.baseUrl,
      model: "fake-model",
      apiKey: "sk-test-key",
      timeoutMs: 2_000,
      rateLimitPerMinute: 100,
      ...ai,
    },
  });
  const user = await signedInUser(app.app, { gender: "Female", dateOfBirth: "1985-03-02" });
  const horse = await buildHorse(app.app, {
    name: "Sundance Jubilee",
    gender: "Mare",
    dateOfBirth: "2015-04-18",
    canters: true,
    owners: [user.id],
    divisions: ["country-pleasure"],
  });
  const show = await buildShow(app.app, {
    name: "Celina Lions Club Horse Show",
    startOffset: 5,
    classes: CLASSES,
  });
  return { t: app, user, horseId: horse.id, showId: show.id };
}

beforeAll(async () => {
  llm = await startFakeLlm();
  ({ t, user: owner, horseId, showId } = await appWith());
});

afterEach(() => {
  llm.answer(pickOffered());
  llm.requests.length = 0;
});

afterAll(async () => {
  await t.close();
  await llm.close();
});

const ask = (app = t, cookie = owner.cookie, show = showId, horse = horseId) =>
  call(app.app, "GET", `/api/shows/${show}/recommendations?horseId=${horse}`, { cookie });

describe("recommendations from an OpenAI-compatible LLM", () => {
  it("sends the horse, the rider and only the eligible classes, and keeps the model's reasons", async () => {
    const res = await ask();
    expect(res.statusCode).toBe(200);
    const body = res.json<ShowRecommendations>();
    expect(body.source).toBe("llm");
    expect(body.recommendations.map((r) => r.className)).toEqual(ELIGIBLE);
    expect(body.recommendations[0]).toMatchObject({
      classId: "class-1",
      number: "1",
      reason: "The model likes Country Pleasure Open.",
    });

    const [request] = llm.requests;
    expect(request).toMatchObject({ model: "fake-model", authorization: "Bearer sk-test-key" });
    expect(request!.response_format).toMatchObject({ type: "json_schema" });
    expect([...offeredClasses(request!)].sort()).toEqual([...ELIGIBLE].sort());
    const prompt = userText(request!);
    expect(JSON.parse(prompt.split("\n\n")[0]!)).toMatchObject({
      horse: {
        name: "Sundance Jubilee",
        gender: "Mare",
        canters: true,
        qualifiedDivisions: ["Country Pleasure"],
      },
      rider: { gender: "Female", status: "amateur", ownsHorse: true },
      show: { name: "Celina Lions Club Horse Show" },
    });
  });

  it("drops invented and ineligible classes and tops up from the rules engine", async () => {
    llm.answer(() => ({
      kind: "json",
      value: {
        recommendations: [
          { className: "Walking Horse Stake", reason: "Padded, but the model wants it." },
          { className: "Imaginary Grand Prix", reason: "Not in the show." },
          { className: "Youth Country Pleasure", reason: "The rider is not a youth." },
          { className: "  country pleasure driving ", reason: "A real one, loosely spelled.\u0000\n" },
        ],
      },
    }));
    const body = (await ask()).json<ShowRecommendations>();
    const names = body.recommendations.map((r) => r.className);
    expect(names).toHaveLength(3);
    expect(names.every((n) => ELIGIBLE.includes(n))).toBe(true);
    expect(body.recommendations.find((r) => r.className === "Country Pleasure Driving")?.reason).toBe(
      "A real one, loosely spelled.",
    );
    expect(body.recommendations.filter((r) => r.reason.startsWith("Open to")).length).toBe(2);
  });

  it.each([
    ["malformed JSON", () => ({ kind: "text" as const, content: '{"recommendations": [ {"className": ' })],
    [
      "JSON of the wrong shape",
      () => ({ kind: "json" as const, value: { classes: ["Country Pleasure Open"] } }),
    ],
    ["a 500 from the provider", () => ({ kind: "status" as const, status: 500 })],
    ["a 401 from the provider", () => ({ kind: "status" as const, status: 401 })],
  ])("answers 502 with the spec's message on %s", async (_case, answer) => {
    llm.answer(answer);
    const res = await ask();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: { code: "BAD_GATEWAY", message: errorsTexts.recommendationsFailed },
    });
  });

  it("gives up on a slow answer after the timeout", async () => {
    const slow = await appWith({ timeoutMs: 300 });
    try {
      llm.answer((request) => ({ kind: "slow", ms: 5_000, answer: pickOffered()(request) }));
      const res = await ask(slow.t, slow.user.cookie, slow.showId, slow.horseId);
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(errorsTexts.recommendationsFailed);
    } finally {
      await slow.t.close();
    }
  });

  it("limits each user's LLM calls per minute, without touching other users", async () => {
    const limited = await appWith({ rateLimitPerMinute: 2 });
    try {
      const other = await signedInUser(limited.t.app, { gender: "Female", dateOfBirth: "1985-03-02" });
      const othersHorse = await buildHorse(limited.t.app, { gender: "Mare", owners: [other.id] });
      expect((await ask(limited.t, limited.user.cookie, limited.showId, limited.horseId)).statusCode).toBe(
        200,
      );
      expect((await ask(limited.t, limited.user.cookie, limited.showId, limited.horseId)).statusCode).toBe(
        200,
      );
      const third = await ask(limited.t, limited.user.cookie, limited.showId, limited.horseId);
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toBe(recommendationsTexts.rateLimited);
      expect((await ask(limited.t, other.cookie, limited.showId, othersHorse.id)).statusCode).toBe(200);
    } finally {
      await limited.t.close();
    }
  });

  it("does not call the model when nothing is eligible", async () => {
    const show = await buildShow(t.app, {
      startOffset: 6,
      classes: ["Speed Racking", "Walking Horse Stake"],
    });
    const res = await ask(t, owner.cookie, show.id);
    expect(res.json<ShowRecommendations>().recommendations).toEqual([]);
    expect(llm.requests).toHaveLength(0);
  });
});

describe("the season plan with an LLM", () => {
  it("marks a show whose call fails and answers the others", async () => {
    const failing = await buildShow(t.app, { name: "Broken Show", startOffset: 4, classes: CLASSES });
    llm.answer((request) =>
      userText(request).includes("Broken Show") ? { kind: "status", status: 500 } : pickOffered(2)(request),
    );
    const res = await call(t.app, "GET", `/api/horses/${horseId}/season-plan`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const page = res.json<SeasonPlanPage>();
    expect(page.source).toBe("llm");
    const broken = page.shows.find((s) => s.id === failing.id);
    expect(broken).toMatchObject({ status: "failed", recommendations: [] });
    const fine = page.shows.find((s) => s.id === showId);
    expect(fine?.status).toBe("ok");
    expect(fine?.recommendations).toHaveLength(3);
    expect(fine?.recommendations.filter((r) => r.reason.startsWith("The model likes"))).toHaveLength(2);
  });
});

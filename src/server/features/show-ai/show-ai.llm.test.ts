import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { errorsTexts } from "#domain/texts/errors.ts";
import { renderPrizeListPdf } from "#tests/support/class-list-images.ts";
import { signedInUser, type TestUser } from "#tests/support/factories.ts";
import { type ChatContentPart, type FakeLlm, startFakeLlm, userText } from "#tests/support/fake-llm.ts";
import { upload } from "#tests/support/horses-factories.ts";
import { fixtureShows, layoutPrizeList } from "#tests/support/prize-list.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

/** The AI cards with an LLM configured: the fake provider on 127.0.0.1 answers the spec's calls 1 and 2. */

let llm: FakeLlm;
let t: TestApp;
let admin: TestUser & { cookie: string };
let latestId: string;
let loneId: string;

const GOOD_PREDICTION = {
  name: "Celina Lions Club Horse Show (63rd)",
  startDate: "2026-06-20",
  endDate: "2026-06-20",
  location: "Celina, TN",
  judges: ["Jimmy McConnell"],
  classes: [
    { id: "class-1", name: "Walking Yearling Open" },
    { id: "class-2", name: "Lead Line" },
  ],
};

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({
    ai: {
      provider: "llm",
      baseUrl: llm.baseUrl,
      model: "fake-model",
      apiKey: "sk-test-key",
      timeoutMs: 2_000,
      rateLimitPerMinute: 100,
    },
  });
  admin = await signedInUser(t.app, { roles: ["Owner", "Admin"] });
  await buildShow(t.app, {
    name: "Celina Lions Club Horse Show (61st)",
    startDate: "2024-06-15",
    location: "Celina, TN",
    judges: ["Larry Wheelon"],
  });
  latestId = (
    await buildShow(t.app, {
      name: "Celina Lions Club Horse Show (62nd)",
      startDate: "2025-06-21",
      location: "Celina, TN",
      judges: ["Jimmy McConnell"],
      classes: [
        { id: "class-0", name: "Kids' Lead Line" },
        { id: "class-7", name: "Walking Horse Stake" },
      ],
    })
  ).id;
  loneId = (await buildShow(t.app, { name: "Money Tree Classic", startDate: "2025-06-04" })).id;
});

afterEach(() => {
  llm.requests.length = 0;
});

afterAll(async () => {
  await t.close();
  await llm.close();
});

const predict = (id = latestId) =>
  call(t.app, "GET", `/api/admin/shows/${id}/prediction?today=2025-07-01`, { cookie: admin.cookie });

describe("AI Show Prediction with an LLM", () => {
  it("sends the spec's input (each edition's name, dates, location, judges) and returns the validated reply", async () => {
    llm.answer(() => ({ kind: "json", value: GOOD_PREDICTION }));
    const res = await predict();
    expect(res.statusCode).toBe(200);
    const { history, ...prediction } = res.json();
    expect(prediction).toEqual({
      ...GOOD_PREDICTION,
      classes: GOOD_PREDICTION.classes.map((c) => ({ ...c, date: null })),
      // Not asked of the model: kept from the editions.
      sanctioningOrg: "WHOA",
      isAiPrediction: true,
    });
    expect(history).toHaveLength(2);

    expect(llm.requests).toHaveLength(1);
    const request = llm.requests[0]!;
    expect(request).toMatchObject({ model: "fake-model", authorization: "Bearer sk-test-key" });
    expect(request.response_format).toMatchObject({ type: "json_schema" });
    expect(JSON.parse(userText(request))).toEqual({
      today: "2025-07-01",
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

  it("fills what the model leaves out as the spec says, and keeps the last edition's classes when it names none", async () => {
    llm.answer(() => ({
      kind: "json",
      value: { name: null, startDate: "soon", location: "  ", judges: [], classes: [] },
    }));
    const res = await predict();
    expect(res.statusCode).toBe(200);
    // Dates: the admin's "today" sent with the request.
    expect(res.json()).toMatchObject({
      name: "Celina Lions Club Horse Show (63rd)",
      startDate: "2025-07-01",
      endDate: "2025-07-01",
      location: "TBD",
      judges: ["TBA"],
      classes: [
        { id: "class-0", name: "Kids' Lead Line", date: null },
        { id: "class-7", name: "Walking Horse Stake", date: null },
      ],
      sanctioningOrg: "WHOA",
      isAiPrediction: true,
    });
  });

  it("cleans model text: one line, no control characters; repeated class ids renumbered", async () => {
    llm.answer(() => ({
      kind: "json",
      value: {
        ...GOOD_PREDICTION,
        name: "Celina\u0000 Show\n(63rd)\u202e",
        judges: ["  Ann\tSmith  ", ""],
        classes: [
          { id: "class-1", name: "One" },
          { id: "class-1", name: "Two" },
          { id: "", name: "   " },
        ],
      },
    }));
    const res = await predict();
    expect(res.json()).toMatchObject({
      name: "Celina Show (63rd)",
      judges: ["Ann Smith"],
      classes: [
        { id: "class-1", name: "One", date: null },
        { id: "class-2", name: "Two", date: null },
      ],
    });
  });

  it.each([
    ["a provider error", { kind: "status", status: 500 } as const],
    ["text that is not JSON", { kind: "text", content: "Next year, probably June." } as const],
    ["JSON of the wrong shape", { kind: "json", value: { name: 42, judges: "TBA" } } as const],
    ["no answer in time", { kind: "slow", ms: 5_000, answer: { kind: "json", value: {} } } as const],
  ])("answers %s with 502 and the spec's words", async (_label, answer) => {
    llm.answer(() => answer);
    const res = await predict();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: { code: "BAD_GATEWAY", message: errorsTexts.predictionFailed } });
  });

  it("does not call the model for a show without history", async () => {
    const res = await predict(loneId);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(errorsTexts.notEnoughHistory("Money Tree Classic"));
    expect(llm.requests).toHaveLength(0);
  });
});

const EXTRACT = "/api/admin/class-lists/extract";
const post = (bytes: Buffer, filename = "list.jpg") =>
  upload(t.app, EXTRACT, { bytes, filename }, admin.cookie, { method: "POST" });

describe("Import Class List from Image with an LLM", () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await sharp({ create: { width: 3000, height: 1200, channels: 3, background: "#fdfdf8" } })
      .png()
      .toBuffer();
  });

  it("sends the photo as a base64 JPEG (at most 2,000 px) and returns the model's show name and classes", async () => {
    llm.answer(() => ({
      kind: "json",
      value: {
        name: "Smith County Horse Show",
        classes: [
          { id: "1", name: "Lead Line" },
          { id: "class-36A", name: "Amateur Park Pleasure" },
          { id: "#59E", name: "Walking Horse Stake\n" },
          { id: "?", name: "Country Pleasure" },
        ],
      },
    }));
    const res = await post(photo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      showName: "Smith County Horse Show",
      classes: [
        { number: "1", name: "Lead Line", date: null, session: null, lines: [], doubts: [] },
        { number: "36A", name: "Amateur Park Pleasure", date: null, session: null, lines: [], doubts: [] },
        { number: "59E", name: "Walking Horse Stake", date: null, session: null, lines: [], doubts: [] },
        { number: "4", name: "Country Pleasure", date: null, session: null, lines: [], doubts: [] },
      ],
      unplaced: [],
      unplacedAt: [],
      pages: [{ page: 1, source: "llm" }],
      notes: [],
      totalPages: 1,
    });
    const parts = llm.requests[0]!.messages.find((m) => m.role === "user")!.content as ChatContentPart[];
    const image = parts.find((p) => p.type === "image_url");
    expect(image?.type === "image_url" && image.image_url.url).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = Buffer.from(
      (image as { image_url: { url: string } }).image_url.url.split(",")[1]!,
      "base64",
    );
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 2000, height: 800 });
  });

  it("reads a PDF's text layer itself, without the model", async () => {
    const celina = layoutPrizeList(fixtureShows().find((s) => s.title.startsWith("46th Celina"))!);
    const res = await post(await renderPrizeListPdf(celina), "list.pdf");
    expect(res.statusCode).toBe(200);
    expect(res.json().classes).toHaveLength(celina.expected.length);
    expect(llm.requests).toHaveLength(0);
  });

  it.each([
    ["a provider error", 502, { kind: "status", status: 503 } as const],
    ["JSON of the wrong shape", 502, { kind: "json", value: { classes: "none" } } as const],
    ["no class in the picture", 422, { kind: "json", value: { name: "A Show", classes: [] } } as const],
  ])("answers %s with %i and the spec's words", async (_label, status, answer) => {
    llm.answer(() => answer);
    const res = await post(photo);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(errorsTexts.extractFailed);
  });

  it("refuses a file that is not a picture before calling the model", async () => {
    const res = await post(Buffer.from("1 Lead Line"), "list.txt");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^Error processing image: /);
    expect(llm.requests).toHaveLength(0);
  });
});

import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ClassListExtractionEvent } from "#domain/contracts/show-ai.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";
import { renderPrizeListPdf } from "#tests/support/class-list-images.ts";
import { upload } from "#tests/support/horses-factories.ts";
import { makePdf } from "#tests/support/pdf-writer.ts";
import { fixtureShows, layoutPrizeList } from "#tests/support/prize-list.ts";
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

const EXTRACT = "/api/admin/class-lists/extract";
const post = (
  bytes: Buffer,
  cookie?: string,
  options: { query?: string; headers?: Record<string, string> } = {},
) =>
  upload(t.app, `${EXTRACT}${options.query ?? ""}`, { bytes, filename: "prize-list.pdf" }, cookie, {
    method: "POST",
    headers: options.headers,
  });

describe("POST /api/admin/class-lists/extract", () => {
  const celina = layoutPrizeList(fixtureShows().find((s) => s.title.startsWith("46th Celina"))!);
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await renderPrizeListPdf(celina);
  });

  it("reads a PDF's class list: show name, classes with dates in the given year, nothing stored", async () => {
    const before = await t.app.deps.db.db.selectFrom("show_class").select("id").execute();
    const res = await post(pdf, admin.cookie, { query: "?year=2009" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.showName).toBe("46th Celina Lions Club Horse Show 2009");
    expect(
      body.classes.map(({ number, name, date }: Record<string, unknown>) => ({ number, name, date })),
    ).toEqual(celina.expected);
    expect(body.classes[0].session).toEqual({ name: "Saturday PM", date: "2009-06-20" });
    expect(body.unplaced).toEqual([]);
    expect(body.pages).toEqual([{ page: 1, source: "text-layer" }]);
    expect(body.totalPages).toBe(1);
    expect(await t.app.deps.db.db.selectFrom("show_class").select("id").execute()).toHaveLength(
      before.length,
    );
  });

  it("reads a photo with OCR", async () => {
    const lines = [
      "Smith County Horse Show",
      "Friday PM (Jun 12)",
      "1 Lead Line",
      "2 2 & 3 Year Old Park Pleasure",
      "3 Walking Horse Stake",
    ];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="420"><rect width="100%" height="100%" fill="#fff"/>${lines
      .map(
        (l, i) =>
          `<text x="60" y="${70 + i * 64}" font-family="DejaVu Serif" font-size="34">${l.replace(/&/g, "&amp;")}</text>`,
      )
      .join("")}</svg>`;
    const photo = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    const res = await post(photo, admin.cookie, { query: "?year=2009" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      showName: "Smith County Horse Show",
      classes: [
        { number: "1", name: "Lead Line", date: "2009-06-12" },
        { number: "2", name: "2 & 3 Year Old Park Pleasure", date: "2009-06-12" },
        { number: "3", name: "Walking Horse Stake", date: "2009-06-12" },
      ],
      pages: [{ page: 1, source: "ocr" }],
    });
  }, 120_000);

  it("streams progress lines, then the result, when asked for NDJSON", async () => {
    const res = await post(pdf, admin.cookie, { headers: { accept: "application/x-ndjson" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/x-ndjson; charset=utf-8");
    const events = res.body
      .trim()
      .split("\n")
      .map((line) => ClassListExtractionEvent.parse(JSON.parse(line)));
    expect(events.length).toBeGreaterThan(1);
    expect(events.slice(0, -1).every((e) => "progress" in e)).toBe(true);
    const last = events.at(-1)!;
    expect("result" in last && last.result.classes).toHaveLength(celina.expected.length);
  });

  it("streams an error line when the file cannot be read", async () => {
    const res = await post(Buffer.from("hello"), admin.cookie, {
      headers: { accept: "application/x-ndjson" },
    });
    const last = JSON.parse(res.body.trim().split("\n").at(-1)!);
    expect(last).toEqual({
      error: {
        code: "BAD_REQUEST",
        message: errorsTexts.imageProcessing(
          "That file is not a picture or a PDF. Upload a JPEG, PNG, WebP or HEIC photo, or a PDF.",
        ),
      },
    });
  });

  it.each([
    ["no file", () => Buffer.alloc(0), 400, errorsTexts.selectImageFirst],
    [
      "a file that is neither a picture nor a PDF",
      () => Buffer.from("30 Model Pleasure Walking Stallions"),
      400,
      errorsTexts.imageProcessing(
        "That file is not a picture or a PDF. Upload a JPEG, PNG, WebP or HEIC photo, or a PDF.",
      ),
    ],
    [
      "a file over 10 MB",
      () => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024 + 10)]),
      413,
      errorsTexts.imageProcessing("The file is larger than 10 MB. Choose a smaller one."),
    ],
  ])("answers %s with %i and the spec's words", async (_label, bytes, status, message) => {
    const res = await post(bytes(), admin.cookie);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
  });

  it("answers a document without a single class with no classes and the text it read", async () => {
    const pdf = makePdf([
      {
        kind: "text",
        lines: [{ text: "Thank you to our sponsors and volunteers!", x: 72, y: 72, size: 12 }],
      },
    ]);
    const res = await post(pdf, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      classes: [],
      showName: "Thank you to our sponsors and volunteers!",
      totalPages: 1,
    });
  });

  it("reads the first ten pages of a 40-page PDF and says how many it has", async () => {
    const pages = Array.from({ length: 40 }, (_, i) => ({
      kind: "text" as const,
      lines: [{ text: `${i + 1} Two Year Old Walking Colts and Geldings`, x: 72, y: 72, size: 11 }],
    }));
    const res = await post(makePdf(pages), admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalPages).toBe(40);
    expect(body.pages).toHaveLength(10);
    expect(body.classes.map((c: { number: string }) => c.number)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
    ]);
  });

  it("dates a session printed without a year by its weekday, from the admin's day", async () => {
    const pdf = makePdf([
      {
        kind: "text",
        lines: [
          { text: "Spring Fling Horse Show", x: 72, y: 72, size: 14 },
          { text: "Friday Night, May 14", x: 72, y: 100, size: 11 },
          { text: "1 Lead Line", x: 72, y: 114, size: 11 },
        ],
      },
    ]);
    const res = await post(pdf, admin.cookie, { query: "?today=2026-11-27" });
    expect(res.statusCode).toBe(200);
    expect(res.json().classes[0]).toMatchObject({
      date: "2027-05-14",
      session: { name: "Friday Night", date: "2027-05-14" },
    });
  });

  it("wants multipart/form-data", async () => {
    const res = await call(t.app, "POST", EXTRACT, { cookie: admin.cookie, body: { file: "x" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      errorsTexts.imageProcessing("Send the picture as multipart/form-data."),
    );
  });

  it.each([
    ["a year out of range", "?year=1066"],
    ["an unknown query field", "?year=2025&lang=fra"],
  ])("refuses %s", async (_label, query) => {
    expect((await post(pdf, admin.cookie, { query })).statusCode).toBe(400);
  });

  it("is for admins only, from our own pages only", async () => {
    expect((await post(pdf, owner.cookie)).statusCode).toBe(403);
    expect((await post(pdf)).statusCode).toBe(401);
    const foreign = await post(pdf, admin.cookie, { headers: { origin: "https://evil.example" } });
    expect(foreign.statusCode).toBe(403);
  });
});

describe("POST /api/admin/shows/:id/classes/import", () => {
  const url = (id: string) => `/api/admin/shows/${id}/classes/import`;
  const numbersOf = async (showId: string) =>
    (
      await t.app.deps.db.db
        .selectFrom("show_class")
        .select(["number", "name", "date"])
        .where("show_id", "=", showId)
        .orderBy("position")
        .execute()
    ).map((c) => `${c.number} ${c.name}${c.date ? ` ${c.date}` : ""}`);
  let showId: string;
  beforeAll(async () => {
    showId = (
      await buildShow(t.app, {
        name: "Marshall County Fair Horse Show",
        startDate: "2025-06-20",
        days: 2,
        classes: [
          { id: "class-1", name: "Lead Line" },
          { id: "class-36A", name: "Amateur Park Pleasure" },
        ],
      })
    ).id;
  });

  it("refuses classes dated outside the show's dates, naming the first, and adds nothing", async () => {
    const before = await numbersOf(showId);
    const res = await call(t.app, "POST", url(showId), {
      cookie: admin.cookie,
      body: {
        classes: [
          { number: "70", name: "Fine Harness", date: "2025-06-21" },
          { number: "71", name: "Park Pleasure", date: "2026-06-21" },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      prizeListTexts.outsideDates("71", "2026-06-21", "2025-06-20", "2025-06-21"),
    );
    expect(await numbersOf(showId)).toEqual(before);
  });

  it("saves a prediction without announcing it to everyone as a new show", async () => {
    const notices = () =>
      t.app.deps.db.db.selectFrom("notification").select("id").where("type", "=", "NewShow").execute();
    const before = (await notices()).length;
    const res = await call(t.app, "POST", "/api/shows", {
      cookie: admin.cookie,
      body: {
        name: "Predicted Fair Show",
        startDate: "2027-06-19",
        endDate: "2027-06-19",
        location: "Celina, TN",
        isAiPrediction: true,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await notices()).toHaveLength(before);
  });

  it("refuses a new show whose classes are dated outside its dates (POST /api/shows)", async () => {
    const res = await call(t.app, "POST", "/api/shows", {
      cookie: admin.cookie,
      body: {
        name: "Spring Fling Horse Show",
        startDate: "2026-11-27",
        endDate: "2026-11-27",
        location: "TBD",
        judges: ["TBA"],
        classes: [{ id: "class-1", name: "Lead Line", date: "2027-05-14" }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(
      prizeListTexts.outsideDates("1", "2027-05-14", "2026-11-27", "2026-11-27"),
    );
  });

  it("adds the classes after the show's own, skipping numbers it (or the list, earlier) already has", async () => {
    const res = await call(t.app, "POST", url(showId), {
      cookie: admin.cookie,
      body: {
        classes: [
          { number: "1", name: "Lead Line again" },
          { number: "36a", name: "Duplicate by number" },
          { number: "59E", name: " Walking Horse Stake ", date: "2025-06-21" },
          { number: "60", name: "Country Pleasure Open" },
          { number: "60", name: "Repeated in the list" },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      added: [
        { id: "class-59E", name: "Walking Horse Stake", date: "2025-06-21" },
        { id: "class-60", name: "Country Pleasure Open", date: null },
      ],
      skipped: 3,
    });
    expect(await numbersOf(showId)).toEqual([
      "1 Lead Line",
      "36A Amateur Park Pleasure",
      "59E Walking Horse Stake 2025-06-21",
      "60 Country Pleasure Open",
    ]);
    const detail = await call(t.app, "GET", `/api/shows/${showId}`, { cookie: owner.cookie });
    expect(detail.json().classes.map((c: { number: string }) => c.number)).toEqual(["1", "36A", "59E", "60"]);
  });

  it.each([
    ["no classes", { classes: [] }],
    ["a number with punctuation", { classes: [{ number: "1; DROP", name: "x" }] }],
    ["an empty name", { classes: [{ number: "2", name: "  " }] }],
    ["a date that is not one", { classes: [{ number: "2", name: "x", date: "June" }] }],
    ["an unknown field", { classes: [{ number: "2", name: "x" }], showId: "other" }],
    [
      "more than 1000 classes",
      { classes: Array.from({ length: 1001 }, (_, i) => ({ number: String(i), name: "x" })) },
    ],
    ["a huge name", { classes: [{ number: "2", name: "x".repeat(100_000) }] }],
  ])("refuses %s with 400 and adds nothing", async (_label, body) => {
    const before = await numbersOf(showId);
    const res = await call(t.app, "POST", url(showId), { cookie: admin.cookie, body });
    expect(res.statusCode).toBe(400);
    expect(await numbersOf(showId)).toEqual(before);
  });

  it("refuses a body over the server's limit", async () => {
    const res = await call(t.app, "POST", url(showId), {
      cookie: admin.cookie,
      body: { classes: [{ number: "2", name: "x".repeat(2 * 1024 * 1024) }] },
    });
    expect(res.statusCode).toBe(413);
  });

  it("answers an unknown or encoded show id with 404", async () => {
    for (const id of ["no-such-show", encodeURIComponent("../shows")]) {
      const res = await call(t.app, "POST", url(id), {
        cookie: admin.cookie,
        body: { classes: [{ number: "9", name: "Lead Line" }] },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(errorsTexts.showNotFound);
    }
  });

  it("is for admins only, from our own pages only", async () => {
    const body = { classes: [{ number: "99", name: "Sneaky Class" }] };
    expect((await call(t.app, "POST", url(showId), { cookie: owner.cookie, body })).statusCode).toBe(403);
    expect((await call(t.app, "POST", url(showId), { body })).statusCode).toBe(401);
    for (const headers of [{ origin: "https://evil.example" }, { origin: "" }]) {
      const res = await call(t.app, "POST", url(showId), { cookie: admin.cookie, body, headers });
      expect(res.statusCode).toBe(403);
    }
    expect(await numbersOf(showId)).not.toContain("99 Sneaky Class");
  });
});

import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ClassListExtractionEvent } from "#domain/contracts/show-ai.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { renderPrizeListPdf } from "#tests/support/class-list-images.ts";
import { upload } from "#tests/support/horses-factories.ts";
import { makePdf } from "#tests/support/pdf-writer.ts";
import { fixtureShows, layoutPrizeList } from "#tests/support/prize-list.ts";
import { call } from "#tests/support/server.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

const t = buildTestApp();
const admin = t.user({ roles: ["Owner", "Admin"] });
const owner = t.user({ roles: ["Owner", "Trainer"] });

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

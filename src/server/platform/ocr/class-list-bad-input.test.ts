import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClassListExtraction } from "#domain/contracts/show-ai.ts";
import { heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";
import { DEFAULT_HEAVY_LIMITS } from "#server/platform/heavy/heavy-pools.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { upload } from "#tests/support/horses-factories.ts";
import { makePdf } from "#tests/support/pdf-writer.ts";
import { corpusSheets, scoreSheet } from "#tests/support/prize-list-corpus.ts";
import { call, createTestApp, type TestApp } from "#tests/support/server.ts";

/**
 * Issue 37, bad input: a photo with no prize list, a blurred photo, a page upside down and a 40-page PDF
 * each get a clear word on what was wrong and what was read, nothing is saved, and the server keeps
 * answering (the document pool's deadline holds). Real OCR through the app, so this file runs in the
 * SQLite run only (scripts/test-pg.ts leaves src/server/platform/ocr out).
 */

const OCR_TIMEOUT = 180_000;
/** A deadline short enough that a 40-page scan runs into it within the test. */
const DOCUMENT_DEADLINE_MS = 8_000;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInUser(t.app, { roles: ["Owner", "Admin"] })).cookie;
});
afterAll(() => t.close());

const read = (bytes: Buffer, filename = "photo.jpg", app = t, as = cookie) =>
  upload(app.app, "/api/admin/class-lists/extract?today=2026-01-15", { bytes, filename }, as, {
    method: "POST",
  });

const stored = async (app = t) => ({
  shows: (await app.app.deps.db.db.selectFrom("show").select("id").execute()).length,
  classes: (await app.app.deps.db.db.selectFrom("show_class").select("id").execute()).length,
});

const sheet = corpusSheets(undefined, ["s02"])[0]!;

describe("a class-list upload that is not what it should be", () => {
  it(
    "a photo with no prize list in it: says so, with what was read, and saves nothing",
    async () => {
      const before = await stored();
      // A stable door with a horse's blaze: shapes and light, no print.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600"><rect width="100%" height="100%" fill="#6b4a2b"/><rect x="200" y="300" width="800" height="1100" fill="#8a6240"/><ellipse cx="600" cy="700" rx="180" ry="320" fill="#3a2718"/><ellipse cx="600" cy="600" rx="40" ry="160" fill="#f4efe6"/></svg>`;
      const photo = await sharp(Buffer.from(svg)).blur(2).jpeg({ quality: 70 }).toBuffer();
      const res = await read(photo);
      expect(res.statusCode).toBe(200);
      const body: ClassListExtraction = res.json();
      expect(body.classes).toEqual([]);
      const note = body.notes.find((n) => n.kind === "no-list");
      expect(note).toBeDefined();
      expect(prizeListTexts.note(note!)).toMatch(/^No (text|class list) was found in the file/);
      expect(await stored()).toEqual(before);
    },
    OCR_TIMEOUT,
  );

  it(
    "a blurred photo: says how few lines were read surely, and saves nothing",
    async () => {
      const before = await stored();
      const blurred = await sharp(sheet.bytes).blur(3.5).jpeg({ quality: 70 }).toBuffer();
      const res = await read(blurred);
      expect(res.statusCode).toBe(200);
      const body: ClassListExtraction = res.json();
      const note = body.notes.find((n) => n.kind === "blurred");
      expect(note, JSON.stringify(body.notes)).toBeDefined();
      if (note?.kind !== "blurred") throw new Error("no blur note");
      expect(note.sure).toBeLessThan(note.lines / 2);
      expect(prizeListTexts.note(note)).toBe(
        `The photo is blurred or too dark: only ${note.sure} of ${note.lines} lines could be read surely. Take it again closer, steadier and in good light, or check every line.`,
      );
      expect(await stored()).toEqual(before);
    },
    OCR_TIMEOUT,
  );

  it(
    "a page photographed upside down: turned round, read, and said so",
    async () => {
      const upsideDown = await sharp(sheet.bytes).rotate(180).jpeg({ quality: 80 }).toBuffer();
      const res = await read(upsideDown);
      expect(res.statusCode).toBe(200);
      const body: ClassListExtraction = res.json();
      expect(body.notes).toContainEqual({ kind: "turned", degrees: 180 });
      expect(prizeListTexts.note({ kind: "turned", degrees: 180 })).toBe(
        "The page was upside down: it was turned round and read.",
      );
      expect(scoreSheet(sheet, body.classes).read).toBeGreaterThanOrEqual(15);
    },
    OCR_TIMEOUT * 2,
  );

  it(
    "a 40-page scanned PDF: stopped at the deadline with words saying so, while the server answers",
    async () => {
      const short = await createTestApp({
        heavyLimits: {
          ...DEFAULT_HEAVY_LIMITS,
          document: { ...DEFAULT_HEAVY_LIMITS.document, timeoutMs: DOCUMENT_DEADLINE_MS },
        },
      });
      const admin = (await signedInUser(short.app, { roles: ["Owner", "Admin"] })).cookie;
      const before = await stored(short);
      const page = await sharp(sheet.bytes).greyscale().resize({ width: 1200 }).jpeg().toBuffer();
      const meta = await sharp(page).metadata();
      const pdf = makePdf(
        Array.from({ length: 40 }, () => ({
          kind: "scan" as const,
          jpeg: page,
          width: meta.width!,
          height: meta.height!,
        })),
      );
      const reading = read(pdf, "prize-list.pdf", short, admin);
      // The event loop is free while the document worker reads: health answers at once, again and again.
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const started = performance.now();
        const health = await call(short.app, "GET", "/api/health");
        expect(health.statusCode).toBe(200);
        expect(performance.now() - started).toBeLessThan(1000);
      }
      const res = await reading;
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(heavyInputsTexts.tookTooLong(DOCUMENT_DEADLINE_MS / 1000));
      expect(await stored(short)).toEqual(before);
      await short.close();
    },
    OCR_TIMEOUT,
  );
});

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ResultPreview } from "#domain/contracts/results.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { buildHorse } from "#tests/support/entries-factories.ts";
import { upload } from "#tests/support/horses-factories.ts";
import { resultsSheetPdf, resultsSheetPng, scannedResultsSheetPdf } from "#tests/support/results-sheets.ts";
import { signedInAdmin } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";

/**
 * Post results from a photo or a PDF of the results sheet (issue 22), through the real document worker
 * and OCR (no stand-in): a PNG and a scanned PDF read to the right placings, and a sheet with no
 * placings says so with the text that was read. OCR never touches the database, so this file runs in
 * the SQLite run only (scripts/test-pg.ts); the route's permissions are tested on both engines in
 * results.test.ts.
 */
const OCR_TIMEOUT = 120_000;
const RESULTS_PHOTO = "../../../../tests/fixtures/results-photo/results-sheet-photo.jpg";
const SHEET = [
  "Tennessee Walking Horse National Celebration",
  "Class 32 - Lite Shod Walking Horse",
  "Judge: Larry Wheelon",
  "1 Midnight Sun — Jane Doe — Smith Farms",
  "2nd  Golden Harvest — Bob Ray — Ray Stables",
  "3 Pride Of Shelbyville - Kim Ott - Ott Farm",
];

let cookie: string;
let url: string;
let midnight: { id: string };

const t = buildTestApp();

beforeAll(async () => {
  cookie = (await signedInAdmin(t.app)).cookie;
  const show = await buildShow(t.app, {
    startDate: "2025-08-20",
    classes: [{ id: "c-32", name: "Lite Shod Walking Horse" }],
  });
  midnight = await buildHorse(t.app, { name: "Midnight Sun" });
  url = `/api/shows/${show.id}/classes/c-32/results/preview-file`;
});

async function previewOf(bytes: Buffer, filename: string, contentType: string): Promise<ResultPreview> {
  const res = await upload(t.app, url, { bytes, filename, contentType }, cookie, { method: "POST" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const placings = (preview: ResultPreview) =>
  preview.lines.map((l) => [l.placing, l.horse, l.rider, l.owner, l.match, l.horseId]);

describe("preview of a results sheet read by OCR", () => {
  it(
    "reads the placings of a PNG and of a scanned PDF, passing over the sheet's headings",
    async () => {
      const expected = [
        [1, "Midnight Sun", "Jane Doe", "Smith Farms", "exact", midnight.id],
        [2, "Golden Harvest", "Bob Ray", "Ray Stables", "none", null],
        [3, "Pride Of Shelbyville", "Kim Ott", "Ott Farm", "none", null],
      ];
      const png = await previewOf(await resultsSheetPng(SHEET), "results.png", "image/png");
      expect(placings(png)).toEqual(expected);
      expect(png.problems).toEqual([]);
      expect(png.readText).toContain("Lite Shod Walking Horse");
      const pdf = await previewOf(await scannedResultsSheetPdf(SHEET), "results.pdf", "application/pdf");
      expect(placings(pdf)).toEqual(expected);
      expect(pdf.problems).toEqual([]);
    },
    OCR_TIMEOUT,
  );

  // Issue 37: the same pipeline as the class-list import, on a sheet photographed on a table the way the
  // prize-list corpus makes its photos (scripts/results-sheet-photo.ts made this one).
  it(
    "reads the placings of a results sheet photographed on a table, in perspective, in lamp light",
    async () => {
      const photo = readFileSync(resolve(import.meta.dirname, RESULTS_PHOTO));
      const preview = await previewOf(photo, "results.jpg", "image/jpeg");
      expect(placings(preview)).toEqual([
        [1, "Midnight Sun", "Jane Doe", "Smith Farms", "exact", midnight.id],
        [2, "Golden Harvest", "Bob Ray", "Ray Stables", "none", null],
        [3, "Pride Of Shelbyville", "Kim Ott", "Ott Farm", "none", null],
        [4, "Delight's Dark Shadow", "Amy Lane", "Lane Walking Horses", "none", null],
        [5, "The Sunday Gambler", "Tom Burke", "Burke Stables", "none", null],
      ]);
      expect(preview.problems).toEqual([]);
    },
    OCR_TIMEOUT,
  );

  it("says No placings found for a sheet without any, with the text that was read", async () => {
    const sheet = SHEET.slice(0, 3).concat("Results to follow");
    const preview = await previewOf(resultsSheetPdf(sheet), "results.pdf", "application/pdf");
    expect(preview.lines).toEqual([]);
    expect(preview.problems).toEqual([resultsTexts.problems.noPlacings]);
    for (const line of sheet) expect(preview.readText).toContain(line);
  });
});

import { parseClassListText } from "#domain/class-list-text.ts";
import type { ClassListExtraction, ShowPrediction } from "#domain/contracts/show-ai.ts";
import { ERROR_CODES } from "#domain/errors.ts";
import type { Role } from "#domain/roles.ts";
import { predictByRules, predictionHistory } from "#domain/show-prediction.ts";
import { texts } from "#domain/texts.ts";
import type { Db } from "#server/db/client.ts";
import { canImportClassLists, canPredictShows } from "#server/features/show-ai/show-ai.policy.ts";
import { findEditions } from "#server/features/show-ai/show-ai.repository.ts";
import { findShow } from "#server/features/shows/shows.repository.ts";
import { AppError, badRequest, forbidden, notFound } from "#server/platform/errors.ts";
import type { DocumentText, ReadProgress } from "#server/platform/ocr/document-text.ts";
import type { OcrEngine } from "#server/platform/ocr/ocr-engine.ts";

export interface ShowAiDeps {
  db: Db;
  ocr: OcrEngine;
  log: { warn(obj: unknown, msg?: string): void };
}

const unprocessable = (message: string) => new AppError(422, ERROR_CODES.unprocessable, message);

/**
 * The class list in an uploaded photo, scan or PDF: show name (when the page prints one), classes with
 * number, name and date, and the lines that could not be placed. Nothing is stored: the admin edits the
 * result before creating a show or adding classes.
 */
export async function extractClassListFromUpload(
  deps: ShowAiDeps,
  viewer: { roles: readonly Role[] },
  bytes: Buffer,
  options: { year: number; onProgress?: (progress: ReadProgress) => void },
): Promise<ClassListExtraction> {
  if (!canImportClassLists(viewer)) throw forbidden();
  // Loaded on the first upload: sharp and file-type behind it take most of a second to load, and a
  // server that never reads a class list should not start slower for them (ADR 011).
  const { DocumentReadError, readDocumentText } = await import("#server/platform/ocr/document-text.ts");
  let document: DocumentText;
  try {
    document = await readDocumentText(bytes, deps.ocr, options.onProgress);
  } catch (error) {
    if (error instanceof DocumentReadError) throw badRequest(texts.errors.imageProcessing(error.message));
    deps.log.warn({ err: error }, "class-list OCR failed");
    throw new AppError(500, ERROR_CODES.internal, texts.errors.extractFailed);
  }
  const parsed = parseClassListText(document.text, { year: options.year });
  if (parsed.classes.length === 0) throw unprocessable(texts.errors.extractFailed);
  return { ...parsed, pages: document.pages.map((p) => ({ page: p.page, source: p.source })) };
}

/**
 * The show's next edition by the offline rules (src/domain/show-prediction.ts), from its editions in the
 * database, with the history it rests on. Not saved: the admin confirms it in the show editor.
 */
export async function predictNextEdition(
  deps: Pick<ShowAiDeps, "db">,
  viewer: { roles: readonly Role[] },
  showId: string,
  today: string,
): Promise<ShowPrediction> {
  if (!canPredictShows(viewer)) throw forbidden();
  const show = await findShow(deps.db.db, showId);
  if (!show) throw notFound(texts.errors.showNotFound);
  const editions = await findEditions(deps.db.db, show.name);
  const prediction = predictByRules(editions, today);
  if (!prediction) throw unprocessable(texts.errors.notEnoughHistory(show.name));
  return { ...prediction, history: predictionHistory(editions.filter((e) => !e.isAiPrediction)) };
}

import type { z } from "zod";
import { ERROR_CODES } from "#domain/app/errors.ts";
import type {
  ClassListExtraction,
  ImportClassesBody,
  ImportClassesResult,
  ShowPrediction,
} from "#domain/contracts/show-ai.ts";
import { classesToAdd, outsideDatesProblem } from "#domain/imports/class-import.ts";
import { normaliseLine } from "#domain/imports/class-list-lines.ts";
import { parseClassListText } from "#domain/imports/class-list-text.ts";
import { readNotes } from "#domain/imports/read-notes.ts";
import type { Role } from "#domain/people/roles.ts";
import { predictionHistory } from "#domain/shows/show-prediction.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";
import type { Db } from "#server/db/client.ts";
import { insertClasses } from "#server/db/show-classes.ts";
import { placeImportedClasses } from "#server/features/show-day/show-day.schedule.ts";
import { classesOf, findShow } from "#server/features/shows/shows.service.ts";
import { AiProviderError } from "#server/platform/ai/ai-error.ts";
import type { AiProvider } from "#server/platform/ai/provider.ts";
import {
  AppError,
  badGateway,
  badRequest,
  forbidden,
  notFound,
  tooManyRequests,
} from "#server/platform/errors.ts";
import { DocumentReadError } from "#server/platform/heavy/heavy-errors.ts";
import type { DocumentTicket, HeavyReaders } from "#server/platform/heavy/heavy-pools.ts";
import type { ReadProgress } from "#server/platform/ocr/document-text.ts";
import { canImportClassLists, canPredictShows } from "./show-ai.policy.ts";
import { findEditions } from "./show-ai.repository.ts";

export interface ShowAiDeps {
  db: Db;
  heavy: HeavyReaders;
  ai: AiProvider;
  log: { warn(obj: unknown, msg?: string): void };
}

type Viewer = { id: string; roles: readonly Role[] };

const unprocessable = (message: string) => new AppError(422, ERROR_CODES.unprocessable, message);

/**
 * A place in the document worker's queue for one upload (ADR 017), taken before the file is received:
 * refused with 503 and Retry-After while one document is read and two wait.
 */
export function admitClassListExtraction(deps: Pick<ShowAiDeps, "heavy">, viewer: Viewer): DocumentTicket {
  if (!canImportClassLists(viewer)) throw forbidden();
  return deps.heavy.document.reserve();
}

/**
 * The class list in an uploaded photo, scan or PDF: show name (when the page prints one), classes with
 * number, name and date, and the lines that could not be placed. Nothing is stored: the admin edits the
 * result before creating a show or adding classes. The file is read in the document worker.
 */
export async function extractClassListFromUpload(
  deps: ShowAiDeps,
  viewer: Viewer,
  ticket: DocumentTicket,
  bytes: Buffer,
  options: { today: string; year?: number; onProgress?: (progress: ReadProgress) => void },
): Promise<ClassListExtraction> {
  try {
    if (!canImportClassLists(viewer)) throw forbidden();
    // Loaded on the first upload: file-type takes a moment to load, and a server that never reads a
    // class list should not start slower for it (ADR 011).
    const { documentKind } = await import("#server/platform/ocr/document-kind.ts");
    const extract = deps.ai.extractShowData;
    if (extract && (await documentKind(bytes)) === "image") {
      return await extractWithModel(deps, viewer, ticket, bytes, extract, options.onProgress);
    }
    const document = await ticket.read(bytes, options.onProgress);
    const parsed = parseClassListText(document.text, {
      today: options.today,
      ...(options.year ? { year: options.year } : {}),
      unsureLines: new Set(document.unsureLines.map(normaliseLine)),
    });
    // No class found is an answer too: the admin sees the text that was read ("No classes found").
    return {
      ...parsed,
      pages: document.pages.map((p) => ({ page: p.page, source: p.source })),
      totalPages: document.totalPages,
      notes: readNotes({
        classes: parsed.classes.length,
        ocrLines: document.ocrLines,
        unsure: document.unsureLines.length,
        textLines: document.text.split("\n").filter((l) => l.trim() !== "").length,
        turned: document.turned,
      }),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof DocumentReadError) throw badRequest(errorsTexts.imageProcessing(error.message));
    deps.log.warn({ err: error }, "class-list OCR failed");
    throw new AppError(500, ERROR_CODES.internal, errorsTexts.extractFailed);
  } finally {
    ticket.release();
  }
}

/** The spec's call 2: the photo as JPEG to the LLM, its `{ name, classes }` as the preview. */
async function extractWithModel(
  deps: ShowAiDeps,
  viewer: Viewer,
  ticket: DocumentTicket,
  bytes: Buffer,
  extract: NonNullable<AiProvider["extractShowData"]>,
  onProgress: (progress: ReadProgress) => void = () => undefined,
): Promise<ClassListExtraction> {
  onProgress({ stage: "reading", page: 1, pages: 1, fraction: 0 });
  const jpeg = await ticket.modelImage(bytes);
  if (!deps.ai.allow(viewer.id, 1)) throw tooManyRequests(recommendationsTexts.rateLimited);
  onProgress({ stage: "recognizing", page: 1, pages: 1, fraction: 0.1 });
  let data: Awaited<ReturnType<typeof extract>>;
  try {
    data = await extract({ data: jpeg, mediaType: "image/jpeg" });
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    deps.log.warn({ err: error }, "class-list LLM call failed");
    throw badGateway(errorsTexts.extractFailed);
  }
  if (data.classes.length === 0) throw unprocessable(errorsTexts.extractFailed);
  onProgress({ stage: "recognizing", page: 1, pages: 1, fraction: 1 });
  return {
    showName: data.name,
    classes: data.classes.map((c) => ({ ...c, date: null, session: null, lines: [], doubts: [] })),
    unplaced: [],
    unplacedAt: [],
    pages: [{ page: 1, source: "llm" }],
    totalPages: 1,
    notes: [],
  };
}

/**
 * The show's next edition from its editions in the database (offline rules, src/domain/shows/show-prediction.ts,
 * or the LLM when configured), with the history it rests on. Not saved: the admin confirms it in the show
 * editor.
 */
export async function predictNextEdition(
  deps: Pick<ShowAiDeps, "db" | "ai" | "log">,
  viewer: Viewer,
  showId: string,
  today: string,
): Promise<ShowPrediction> {
  if (!canPredictShows(viewer)) throw forbidden();
  const show = await findShow(deps.db.db, showId);
  if (!show) throw notFound(errorsTexts.showNotFound);
  const editions = (await findEditions(deps.db.db, show.name)).filter((e) => !e.isAiPrediction);
  if (editions.length < 2) throw unprocessable(errorsTexts.notEnoughHistory(show.name));
  if (!deps.ai.allow(viewer.id, 1)) throw tooManyRequests(recommendationsTexts.rateLimited);
  try {
    const prediction = await deps.ai.predictShow({ editions, today });
    return { ...prediction, history: predictionHistory(editions) };
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    deps.log.warn({ err: error }, "show prediction LLM call failed");
    throw badGateway(errorsTexts.predictionFailed);
  }
}

/**
 * Adds an import preview's classes to an existing show, after its own, skipping numbers the show already
 * has (the import is meant to be run again after a corrected photo without doubling classes).
 */
export async function importClassesIntoShow(
  deps: Pick<ShowAiDeps, "db">,
  viewer: Viewer,
  showId: string,
  input: z.output<typeof ImportClassesBody>,
): Promise<ImportClassesResult> {
  if (!canImportClassLists(viewer)) throw forbidden();
  return deps.db.db.transaction().execute(async (trx) => {
    const show = await findShow(trx, showId);
    if (!show) throw notFound(errorsTexts.showNotFound);
    const outside = outsideDatesProblem(
      { startDate: show.start_date, endDate: show.end_date },
      input.classes.map((c) => ({ number: c.number, date: c.session?.date || c.date })),
    );
    if (outside) throw badRequest(outside);
    const existing = await classesOf(trx, showId);
    const added = classesToAdd(
      existing.map((c) => c.number),
      input.classes,
    );
    await insertClasses(trx, showId, added);
    await placeImportedClasses(trx, showId, added);
    return {
      added: added.map((c) => ({ id: c.id, name: c.name, date: c.date })),
      skipped: input.classes.length - added.length,
    };
  });
}

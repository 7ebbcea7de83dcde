import { PassThrough } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ERROR_CODES, ErrorBody } from "#domain/app/errors.ts";
import {
  ClassListExtraction,
  type ClassListExtractionEvent,
  ClassListExtractQuery,
  ImportClassesBody,
  ImportClassesParams,
  ImportClassesResult,
  PredictionParams,
  PredictionQuery,
  ShowPrediction,
} from "#domain/contracts/show-ai.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import type { Db } from "#server/db/client.ts";
import { todayYmd } from "#server/features/shows/shows.service.ts";
import type { AiProvider } from "#server/platform/ai/provider.ts";
import { AppError } from "#server/platform/errors.ts";
import type { HeavyReaders } from "#server/platform/heavy/heavy-pools.ts";
import { IMAGE_ERRORS, MAX_UPLOAD_BYTES, multipartOptions, readUpload } from "#server/platform/images.ts";
import {
  admitClassListExtraction,
  extractClassListFromUpload,
  importClassesIntoShow,
  predictNextEdition,
} from "./show-ai.service.ts";

const NDJSON = "application/x-ndjson";

/** The upload, under the picture rules (one file, 10 MB, bytes sniffed later), with the spec's words. */
async function readClassListUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    return await readUpload(request);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.message === IMAGE_ERRORS.missing) {
      throw new AppError(400, ERROR_CODES.badRequest, errorsTexts.selectImageFirst);
    }
    const message =
      error.statusCode === 413
        ? `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Choose a smaller one.`
        : error.message;
    throw new AppError(error.statusCode, error.code, errorsTexts.imageProcessing(message));
  }
}

const eventLine = (event: ClassListExtractionEvent) => `${JSON.stringify(event)}\n`;

/**
 * Admin-only AI tools for Show Management: read a class list from a photo, scan or PDF (in the document
 * worker, ADR 017; with `Accept: application/x-ndjson` the reply streams progress lines before the
 * result), and predict a show's next edition from its history. Neither stores anything.
 */
export async function showAiRoutes(
  app: FastifyInstance,
  opts: { db: Db; ai: AiProvider; heavy: HeavyReaders },
): Promise<void> {
  await app.register(multipart, multipartOptions);
  const deps = { db: opts.db, ai: opts.ai, heavy: opts.heavy, log: app.log };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/admin/class-lists/extract",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Import Class List from Image (Admin): multipart/form-data with one photo (JPEG, PNG, WebP, HEIC) or PDF, up to 10 MB. " +
          "With Accept: application/x-ndjson the reply is a stream of {progress} lines ending in {result} or {error}.",
        consumes: ["multipart/form-data"],
        querystring: ClassListExtractQuery,
        response: {
          200: ClassListExtraction,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          413: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
          500: ErrorBody,
          502: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request, "Admin");
      // A place in the reading queue first: a busy server answers 503 before taking 10 MB in.
      const ticket = admitClassListExtraction(deps, viewer);
      let bytes: Buffer;
      try {
        bytes = await readClassListUpload(request);
      } catch (error) {
        ticket.release();
        throw error;
      }
      const dates = { today: request.query.today ?? todayYmd(), year: request.query.year };
      if (!request.headers.accept?.includes(NDJSON)) {
        return extractClassListFromUpload(deps, viewer, ticket, bytes, dates);
      }

      const stream = new PassThrough();
      let last = "";
      const run = extractClassListFromUpload(deps, viewer, ticket, bytes, {
        ...dates,
        onProgress: (progress) => {
          const rounded = { ...progress, fraction: Math.round(progress.fraction * 50) / 50 };
          const line = eventLine({ progress: rounded });
          if (line !== last) stream.write(line);
          last = line;
        },
      });
      run
        .then((result) => stream.end(eventLine({ result })))
        .catch((error: unknown) => {
          const known = error instanceof AppError;
          if (!known) request.log.error({ err: error }, "class-list extraction failed");
          stream.end(
            eventLine({
              error: {
                code: known ? error.code : ERROR_CODES.internal,
                message: known ? error.message : errorsTexts.extractFailed,
              },
            }),
          );
        });
      // A stream is sent as it is, never through the JSON schema: each line is a ClassListExtractionEvent.
      return reply
        .type(`${NDJSON}; charset=utf-8`)
        .header("cache-control", "no-store")
        .send(stream as never);
    },
  );

  r.get(
    "/api/admin/shows/:id/prediction",
    {
      schema: {
        tags: ["admin"],
        summary:
          "AI Show Prediction (Admin): the show's next edition from its earlier editions (offline rules, or the LLM when configured). Not saved.",
        params: PredictionParams,
        querystring: PredictionQuery,
        response: {
          200: ShowPrediction,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request, "Admin");
      const prediction = await predictNextEdition(
        deps,
        viewer,
        request.params.id,
        request.query.today ?? todayYmd(),
      );
      return reply.header("cache-control", "private, no-store").send(prediction);
    },
  );

  r.post(
    "/api/admin/shows/:id/classes/import",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Import Class List (Admin): adds the previewed classes to an existing show, skipping numbers it already has.",
        params: ImportClassesParams,
        body: ImportClassesBody,
        response: {
          200: ImportClassesResult,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request, "Admin");
      return importClassesIntoShow(deps, viewer, request.params.id, request.body);
    },
  );
}

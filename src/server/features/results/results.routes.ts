import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { IdParam } from "#domain/contracts/people.ts";
import {
  ClassResultParams,
  ClassResults,
  CorrectBody,
  HorseAliases,
  HorseAliasParams,
  HorseResults,
  MyResults,
  PointsScaleBody,
  PointsScaleOrgs,
  PointsScaleParams,
  PreviewBody,
  PublishBody,
  ResultHistory,
  ResultPreview,
  ShowResults,
  Standings,
  StandingsQuery,
  WithdrawBody,
} from "#domain/contracts/results.ts";
import { ShowIdParams } from "#domain/contracts/shows.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import type { Db } from "#server/db/client.ts";
import { createVersionedJsonCache } from "#server/http/versioned-json.ts";
import { AppError, badRequest } from "#server/platform/errors.ts";
import { type EventBus, type LiveEvent, publishQuietly } from "#server/platform/events.ts";

/** What a results change tells the bus: its notifications, and that the show's results moved (watch pages, ADR 044). */
const withShowResults = (events: LiveEvent | LiveEvent[] | null | undefined, showId: string): LiveEvent[] => [
  ...(Array.isArray(events) ? events : events ? [events] : []),
  { type: "results", showId },
];

import type { HeavyReaders } from "#server/platform/heavy/heavy-pools.ts";
import { multipartOptions, readUpload } from "#server/platform/images.ts";
import { forgetHorseAlias, getHorseAliases } from "./horse-names.service.ts";
import { getPointsScale, listPointsScaleOrgs, setPointsScale } from "./points-scales.service.ts";
import { checkMayPostResults } from "./results.posting.ts";
import { previewReadResults, previewResults } from "./results.preview.ts";
import { withdrawResults, writeResults } from "./results.publish.ts";
import {
  getHorseResults,
  getMyResults,
  getResultHistory,
  getShowResults,
  hideResult,
} from "./results.service.ts";
import { getStandings, getStandingsCsv, getStandingsVersion } from "./standings.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Posted results and high-point standings (issue 22, ADR 026): preview (typed text, CSV, or a photo or
 * PDF read by the document worker), publish, correct, the history; where they show (show detail, horse
 * detail); the standings and their CSV; the points scales.
 */
export async function resultRoutes(
  app: FastifyInstance,
  opts: { db: Db; bus: EventBus; heavy: HeavyReaders },
): Promise<void> {
  await app.register(multipart, multipartOptions);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  // One body per viewer and query, built again only when a standing or the viewer's horses change.
  const standings = createVersionedJsonCache({ maxEntries: 2000, cacheControl: "private, no-store" });

  r.get(
    "/api/shows/:showId/results",
    {
      schema: {
        tags: ["results"],
        summary: "The placings of every posted class of the show, and whether the viewer may post",
        params: ShowIdParams,
        response: { 200: ShowResults, ...errors },
      },
    },
    async (request) => getShowResults(db, await app.requireViewer(request), request.params.showId),
  );

  r.post(
    "/api/shows/:showId/classes/:classId/results/preview",
    {
      schema: {
        tags: ["results"],
        summary:
          "Reads typed lines or a CSV and matches each horse (Admin or a steward of the show); stores nothing",
        params: ClassResultParams,
        body: PreviewBody,
        response: { 200: ResultPreview, ...errors },
      },
    },
    async (request) => previewResults(db, await app.requireViewer(request), request.params, request.body),
  );

  r.post(
    "/api/shows/:showId/classes/:classId/results/preview-file",
    {
      schema: {
        tags: ["results"],
        summary:
          "Reads a photo or PDF of a results sheet (multipart/form-data, one file up to 10 MB) in the document worker, then as preview",
        consumes: ["multipart/form-data"],
        params: ClassResultParams,
        response: { 200: ResultPreview, ...errors, 413: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      // The permission first (nothing read for someone who may not post), then a place in the queue.
      await checkMayPostResults(db, viewer, request.params);
      const ticket = opts.heavy.document.reserve();
      try {
        const bytes = await readUpload(request);
        const document = await ticket.read(bytes);
        return await previewReadResults(db, viewer, request.params, document.text);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw badRequest(errorsTexts.imageProcessing(error instanceof Error ? error.message : String(error)));
      } finally {
        ticket.release();
      }
    },
  );

  r.post(
    "/api/shows/:showId/classes/:classId/results",
    {
      config: { idempotent: true },
      schema: {
        tags: ["results"],
        summary:
          "Publishes a class's results (Admin or a steward of the show): records, standings and notifications follow",
        params: ClassResultParams,
        body: PublishBody,
        response: { 200: ClassResults, ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      const { results, event } = await writeResults({ db }, viewer, request.params, request.body, {
        kind: "publish",
      });
      await publishQuietly(opts.bus, withShowResults(event, request.params.showId), app.log);
      return results;
    },
  );

  r.put(
    "/api/shows/:showId/classes/:classId/results",
    {
      config: { idempotent: true },
      schema: {
        tags: ["results"],
        summary: "Corrects a published class's results; the history keeps who changed what, when",
        params: ClassResultParams,
        body: CorrectBody,
        response: { 200: ClassResults, ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      const { version, ...body } = request.body;
      const { results, event } = await writeResults({ db }, viewer, request.params, body, {
        kind: "correct",
        version,
      });
      await publishQuietly(opts.bus, withShowResults(event, request.params.showId), app.log);
      return results;
    },
  );

  r.post(
    "/api/shows/:showId/classes/:classId/results/withdraw",
    {
      bodyLimit: 1024,
      schema: {
        tags: ["results"],
        summary:
          "Withdraws a class's published results (Admin or a steward of the show): standings follow, the history keeps it, those told of a placing are told it is withdrawn",
        params: ClassResultParams,
        body: WithdrawBody,
        response: { 204: z.null(), ...errors, 409: ErrorBody, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      const events = await withdrawResults({ db }, viewer, request.params, request.body.version);
      await publishQuietly(opts.bus, withShowResults(events, request.params.showId), app.log);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/shows/:showId/classes/:classId/results/history",
    {
      schema: {
        tags: ["results"],
        summary: "Every publication and correction of a class's results (Admin or a steward of the show)",
        params: ClassResultParams,
        response: { 200: ResultHistory, ...errors },
      },
    },
    async (request) => getResultHistory(db, await app.requireViewer(request), request.params),
  );

  r.get(
    "/api/standings",
    {
      schema: {
        tags: ["results"],
        summary:
          "High-point standings of a year, organisation and division, 50 rows a page (ETag: send If-None-Match to revalidate)",
        querystring: StandingsQuery,
        response: { 200: Standings, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      const { key, version } = await getStandingsVersion(db, viewer, request.query);
      return standings.send(request, reply, key, version, async () =>
        String(reply.serialize(await getStandings(db, viewer, request.query))),
      );
    },
  );

  r.get(
    "/api/standings.csv",
    {
      schema: {
        tags: ["results"],
        summary: "The standings table as CSV",
        querystring: StandingsQuery,
      },
    },
    async (request, reply) => {
      const csv = await getStandingsCsv(db, await app.requireViewer(request), request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="standings.csv"')
        .send(csv);
    },
  );

  r.get(
    "/api/horses/:id/results",
    {
      schema: {
        tags: ["results"],
        summary: "A horse's posted results and its places in the standings",
        params: z.strictObject({ id: IdParam }),
        response: { 200: HorseResults, ...errors },
      },
    },
    async (request) => {
      await app.requireViewer(request);
      return getHorseResults(db, request.params.id);
    },
  );

  r.get(
    "/api/horses/:id/aliases",
    {
      schema: {
        tags: ["results"],
        summary: "The names a horse was printed under on results sheets, confirmed at publish",
        params: z.strictObject({ id: IdParam }),
        response: { 200: HorseAliases, ...errors },
      },
    },
    async (request) => getHorseAliases(db, await app.requireViewer(request), request.params.id),
  );

  r.delete(
    "/api/horses/:id/aliases/:aliasId",
    {
      schema: {
        tags: ["results"],
        summary: "Forgets a printed name of a horse (its owners or an admin); it is only a close match again",
        params: HorseAliasParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, aliasId } = request.params;
      await forgetHorseAlias(db, await app.requireViewer(request), { horseId: id, aliasId });
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/results/mine",
    {
      schema: {
        tags: ["results"],
        summary: "The newest posted results of the horses you own or train",
        response: { 200: MyResults, ...errors },
      },
    },
    async (request) => getMyResults(db, await app.requireViewer(request)),
  );

  r.put(
    "/api/records/results/:id/hidden",
    {
      schema: {
        tags: ["results"],
        summary: "Hides a result from your Show Records (an owner of the horse)",
        params: z.strictObject({ id: IdParam }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await hideResult(db, await app.requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/admin/points-scales",
    {
      schema: {
        tags: ["admin"],
        summary: "The sanctioning organisations a points scale can be set for: those on shows (Admin)",
        response: { 200: PointsScaleOrgs, ...errors },
      },
    },
    async (request) => listPointsScaleOrgs(db, await app.requireViewer(request)),
  );

  r.get(
    "/api/admin/points-scales/:org",
    {
      schema: {
        tags: ["admin"],
        summary: "A sanctioning organisation's points scale (Admin)",
        params: PointsScaleParams,
        response: { 200: PointsScaleBody, ...errors },
      },
    },
    async (request) => getPointsScale(db, await app.requireViewer(request), request.params.org),
  );

  r.put(
    "/api/admin/points-scales/:org",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Sets a sanctioning organisation's points scale (Admin); classes published from now on use it",
        params: PointsScaleParams,
        body: PointsScaleBody,
        response: { 200: PointsScaleBody, ...errors },
      },
    },
    async (request) => setPointsScale(db, await app.requireViewer(request), request.params.org, request.body),
  );
}

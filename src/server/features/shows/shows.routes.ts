import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import {
  ShowDetail,
  ShowFacets,
  ShowFacetsQuery,
  ShowIdParams,
  ShowListQuery,
  ShowPage,
} from "#domain/contracts/shows.ts";
import type { Db } from "#server/db/client.ts";
import { createVersionedJsonCache } from "#server/http/versioned-json.ts";
import { attachmentHeader } from "./shows.calendar.ts";
import {
  getShowCalendar,
  getShowDetail,
  getShowFacets,
  getShowPage,
  getShowPageVersion,
  getShowRevision,
  todayYmd,
} from "./shows.service.ts";

/** Read endpoints for the planner and the show detail; any signed-in user may read shows. */
export async function showRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const details = createVersionedJsonCache({ maxEntries: 200 });
  // Unfiltered pages: a few periods and page sizes, the first pages of each.
  const pages = createVersionedJsonCache({ maxEntries: 100, cacheControl: "private, no-store" });

  r.get(
    "/api/shows",
    {
      schema: {
        tags: ["shows"],
        summary:
          "Shows matching the planner's filters, by start date, one page at a time (unfiltered pages: ETag, send If-None-Match to revalidate)",
        querystring: ShowListQuery,
        response: { 200: ShowPage, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      await app.requireViewer(request);
      const today = todayYmd();
      const cached = await getShowPageVersion(opts.db, request.query, today);
      if (!cached) return getShowPage(opts.db, request.query, today);
      return pages.send(request, reply, cached.key, cached.version, async () =>
        String(reply.serialize(await getShowPage(opts.db, request.query, today))),
      );
    },
  );

  r.get(
    "/api/shows/facets",
    {
      schema: {
        tags: ["shows"],
        summary: "Judges, divisions and sanctioning orgs among the upcoming (or all) shows, with show counts",
        querystring: ShowFacetsQuery,
        response: { 200: ShowFacets, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      await app.requireViewer(request);
      return getShowFacets(opts.db, request.query, todayYmd());
    },
  );

  r.get(
    "/api/shows/:showId",
    {
      schema: {
        tags: ["shows"],
        summary: "One show with its judges and classes (ETag: send If-None-Match to revalidate)",
        params: ShowIdParams,
        response: { 200: ShowDetail, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await app.requireViewer(request);
      const { showId } = request.params;
      const revision = await getShowRevision(opts.db, showId);
      return details.send(request, reply, showId, revision, async () =>
        String(reply.serialize(await getShowDetail(opts.db, showId))),
      );
    },
  );

  r.get(
    "/api/shows/:showId/calendar.ics",
    {
      schema: {
        tags: ["shows"],
        summary: "The show as an all-day iCalendar file, named after the show",
        params: ShowIdParams,
        response: { 200: z.string(), 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await app.requireViewer(request);
      const { fileName, body } = await getShowCalendar(opts.db, request.params.showId);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", attachmentHeader(fileName))
        .header("cache-control", "private, no-cache")
        .send(body);
    },
  );
}

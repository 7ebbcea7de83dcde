import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { BarnSchedule, CalendarMonth, CalendarQuery, ScheduleQuery } from "#domain/contracts/season.ts";
import { ShowIdParams } from "#domain/contracts/shows.ts";
import { seasonTexts } from "#domain/texts/season.ts";
import type { Db } from "#server/db/client.ts";
import { createVersionedJsonCache } from "#server/http/versioned-json.ts";
import { getCalendarMonth, getCalendarVersion } from "./season.calendar.ts";
import { writeSchedulePdf } from "./season.pdf.ts";
import { getBarnSchedule, getPrintableSchedule } from "./season.schedule.ts";

/** The season at a glance (issue 25): the month calendar and the printed barn schedule. */
export async function seasonRoutes(app: FastifyInstance, opts: { db: Db; publicUrl: string }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One body per viewer and query, built again only when its shows or the viewer's entries change.
  const months = createVersionedJsonCache({ maxEntries: 2000, cacheControl: "private, no-store" });
  r.get(
    "/api/calendar",
    {
      schema: {
        tags: ["season"],
        summary:
          "One month of shows through the planner's filters, each marked when you have an entry there (ETag: send If-None-Match to revalidate)",
        querystring: CalendarQuery,
        response: { 200: CalendarMonth, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      const { key, version } = await getCalendarVersion(opts.db, viewer, request.query);
      return months.send(request, reply, key, version, async () =>
        String(reply.serialize(await getCalendarMonth(opts.db, viewer, request.query))),
      );
    },
  );

  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  r.get(
    "/api/shows/:showId/schedule/print",
    {
      schema: {
        tags: ["season"],
        summary:
          "Your printed schedule at a show (barn=<your id>: a trainer's whole barn); empty days when you have no entries",
        params: ShowIdParams,
        querystring: ScheduleQuery,
        response: { 200: BarnSchedule, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      reply.header("cache-control", "private, no-store");
      return getBarnSchedule(opts.db, viewer, request.params.showId, request.query, opts.publicUrl);
    },
  );
  r.get(
    "/api/shows/:showId/schedule.pdf",
    {
      schema: {
        tags: ["season"],
        summary:
          "The printed schedule as a PDF (large=1: large type for the stall door); 404 with no entries",
        params: ShowIdParams,
        querystring: ScheduleQuery,
        // The PDF's bytes go out as they are drawn (Fastify never serializes a stream).
        response: { 200: z.any().describe("application/pdf"), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      const schedule = await getPrintableSchedule(
        opts.db,
        viewer,
        request.params.showId,
        request.query,
        opts.publicUrl,
      );
      // Streamed as it is drawn, at the client's pace (ADR 030); a failure midway cuts the answer short.
      const pdf = new PassThrough();
      writeSchedulePdf(
        schedule,
        { large: request.query.large === "1", paper: request.query.paper },
        pdf,
      ).catch((error: Error) => pdf.destroy(error));
      const name = seasonTexts.print.pdfFileName(schedule.show.name);
      return reply
        .header("content-type", "application/pdf")
        .header("cache-control", "private, no-store")
        .header(
          "content-disposition",
          `attachment; filename="schedule.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(pdf);
    },
  );
}

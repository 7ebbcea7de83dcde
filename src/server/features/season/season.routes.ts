import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CalendarMonth, CalendarQuery } from "#domain/contracts/season.ts";
import { ErrorBody } from "#domain/errors.ts";
import type { Db } from "#server/db/client.ts";
import { getCalendarMonth } from "#server/features/season/season.calendar.ts";

/** The season at a glance (issue 25): the month calendar and the printed barn schedule. */
export async function seasonRoutes(app: FastifyInstance, opts: { db: Db; publicUrl: string }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/calendar",
    {
      schema: {
        tags: ["season"],
        summary: "One month of shows through the planner's filters, each marked when you have an entry there",
        querystring: CalendarQuery,
        response: { 200: CalendarMonth, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      reply.header("cache-control", "private, no-store");
      return getCalendarMonth(opts.db, viewer, request.query);
    },
  );
}

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { CalendarFeed, CalendarFeedParams } from "#domain/contracts/calendar-feed.ts";
import { notFound } from "#server/platform/errors.ts";
import {
  type CalendarFeedDeps,
  getCalendarFeed,
  readCalendarFeed,
  renewCalendarFeed,
} from "./calendar-feed.service.ts";

export const FEED_NOT_FOUND = "This calendar link is not valid.";

/** Whether the calendar app's copy is still current (RFC 9110: If-None-Match wins over If-Modified-Since). */
function notModified(
  headers: Record<string, string | string[] | undefined>,
  etag: string,
  lastModified: Date,
) {
  const ifNoneMatch = headers["if-none-match"];
  if (typeof ifNoneMatch === "string") {
    return ifNoneMatch
      .split(",")
      .some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
  }
  const since = headers["if-modified-since"];
  if (typeof since !== "string") return false;
  const at = Date.parse(since);
  return !Number.isNaN(at) && lastModified.getTime() <= at;
}

export async function calendarFeedRoutes(app: FastifyInstance, deps: CalendarFeedDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/calendar-feed",
    {
      schema: {
        tags: ["calendar"],
        summary: "The viewer's calendar-feed links, or null before they create one",
        response: { 200: CalendarFeed, 401: ErrorBody },
      },
    },
    async (request) => getCalendarFeed(deps, await app.requireViewer(request)),
  );

  r.post(
    "/api/calendar-feed",
    {
      schema: {
        tags: ["calendar"],
        summary:
          "Creates the viewer's calendar feed, or replaces its secret link (the old one stops working)",
        response: { 200: CalendarFeed, 401: ErrorBody },
      },
    },
    async (request) => renewCalendarFeed(deps, await app.requireViewer(request)),
  );

  r.get(
    "/api/calendar/:file",
    {
      schema: {
        tags: ["calendar"],
        summary:
          "A user's roster as an iCalendar feed, by its secret link (no session: calendar apps poll it)",
        params: CalendarFeedParams,
        response: { 200: z.string(), 304: z.string(), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const file = await readCalendarFeed(deps, request.params.file.slice(0, -".ics".length));
      if (!file) throw notFound(FEED_NOT_FOUND);
      reply
        .header("etag", file.etag)
        .header("last-modified", file.lastModified.toUTCString())
        // Calendar apps revalidate with the validators above; nothing shared may keep a personal feed.
        .header("cache-control", "private, no-cache")
        .header("x-robots-tag", "noindex");
      if (notModified(request.headers, file.etag, file.lastModified)) return reply.status(304).send("");
      return reply.type("text/calendar; charset=utf-8").send(file.body);
    },
  );
}

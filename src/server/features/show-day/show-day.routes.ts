import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBody } from "#domain/app/errors.ts";
import {
  AlertSetting,
  RingActionBody,
  RingRefusal,
  RingStreamQuery,
  ScheduleBody,
  SHOW_DAY_LIMITS,
  ShowDay,
  Stewards,
  StewardsBody,
} from "#domain/contracts/show-day.ts";
import { ShowDetail, ShowIdParams } from "#domain/contracts/shows.ts";
import { RING_STREAM_PATH, type RingStreamReady } from "#domain/show-day/ring-stream.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { opsTexts } from "#domain/texts/ops.ts";
import type { Db } from "#server/db/client.ts";
import { getShowDetail } from "#server/features/shows/shows.service.ts";
import { createVersionedJsonCache } from "#server/http/versioned-json.ts";
import { badRequest, notFound, unauthorized, unavailable } from "#server/platform/errors.ts";
import type { EventBus } from "#server/platform/events.ts";
import { HEARTBEAT_MS, openStream, type SessionLookup, streamsOf } from "#server/platform/live-streams.ts";
import type { StreamLimit } from "#server/platform/stream-limit.ts";
import { saveSchedule } from "./show-day.schedule.ts";
import {
  applyRingAction,
  getAlertSetting,
  getStewards,
  RingRefused,
  ringSeqs,
  setAlertSetting,
  setStewards,
  showDayVersion,
} from "./show-day.service.ts";

/** A ring event's data line, made once for all the show's streams (one tap reaches thousands). */
const ringData = new WeakMap<object, string>();
function ringDataOf(patch: Record<string, unknown>): string {
  let data = ringData.get(patch);
  if (data === undefined) {
    data = JSON.stringify(patch);
    ringData.set(patch, data);
  }
  return data;
}

/** Show day (issue 21): the day view, its live stream, ring actions, stewards, the schedule, alert settings. */
export async function showDayRoutes(
  app: FastifyInstance,
  opts: { db: Db; bus: EventBus; sessionOf: SessionLookup; streamLimit: StreamLimit; heartbeatMs?: number },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: opts.db, bus: opts.bus, log: app.log });
  const streams = streamsOf(app);
  // Every watcher's screen and roster reads the day view: built once per show and version (ADR 032). Kept
  // by the server only: a shared device's browser must never keep one person's answer for the next.
  const days = createVersionedJsonCache({ maxEntries: 200, cacheControl: "private, no-store" });

  r.get(
    "/api/shows/:showId/day",
    {
      schema: {
        tags: ["show day"],
        summary: "The show's sessions in running order, the ring's live state and its last 20 actions",
        params: ShowIdParams,
        response: { 200: ShowDay, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      const { key, version, load } = await showDayVersion(opts.db, viewer, request.params.showId);
      return days.send(request, reply, key, version, async () => String(reply.serialize(await load())));
    },
  );

  /**
   * Streams the ring of `showIds` (each checked to exist) to the signed-in person, one stream slot. Its
   * `ready` says each show's ring number as the stream began to listen (RingStreamReady).
   */
  const ringStream = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: { sessionId: string; userId: string },
    showIds: readonly string[],
  ) => {
    const shows = new Set(showIds);
    await openStream(request, reply, {
      bus: opts.bus,
      sessionOf: opts.sessionOf,
      limit: opts.streamLimit,
      heartbeatMs: opts.heartbeatMs ?? HEARTBEAT_MS,
      streams: streams.open,
      session,
      onEvent: (event, write) => {
        if (event.type === "ring" && shows.has(event.showId)) write("ring", ringDataOf(event.patch));
      },
      ready: async () => {
        const seqs = await ringSeqs(opts.db, showIds);
        if (!seqs) throw notFound(errorsTexts.showNotFound);
        return JSON.stringify({ seqs } satisfies RingStreamReady);
      },
    });
  };

  r.get(
    "/api/shows/:showId/day/events",
    {
      schema: {
        tags: ["show day"],
        summary:
          "The show's ring as Server-Sent Events (`event: ring`, data: a RingPatch), for signed-in people",
        params: ShowIdParams,
      },
    },
    async (request, reply) => {
      if (streams.closing()) throw unavailable(opsTexts.shuttingDown);
      const session = await opts.sessionOf(request);
      if (!session) throw unauthorized();
      await ringStream(request, reply, session, [request.params.showId]);
    },
  );

  // Not a query schema: a bad list is the one error shape with words of its own, as /api/events does.
  app.get(
    RING_STREAM_PATH,
    {
      schema: {
        tags: ["show day"],
        summary: `The ring of several shows in one stream (\`?shows=<id>,<id>…\`, at most ${SHOW_DAY_LIMITS.liveShows}) as Server-Sent Events: each \`event: ring\` a RingPatch naming its show, for signed-in people (ADR 041)`,
      },
    },
    async (request, reply) => {
      if (streams.closing()) throw unavailable(opsTexts.shuttingDown);
      const query = RingStreamQuery.safeParse(request.query ?? {});
      if (!query.success) throw badRequest(opsTexts.badRingStreamQuery(SHOW_DAY_LIMITS.liveShows));
      const session = await opts.sessionOf(request);
      if (!session) throw unauthorized();
      await ringStream(request, reply, session, query.data.shows);
    },
  );

  r.post(
    "/api/shows/:showId/ring/actions",
    {
      config: { idempotent: true },
      schema: {
        tags: ["show day"],
        summary:
          "A ring steward's action (Admin or a steward of the show); a stale one is refused with 409 and the ring as it is",
        params: ShowIdParams,
        body: RingActionBody,
        response: {
          200: ShowDay,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: RingRefusal,
        },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      try {
        const { day, publish } = await applyRingAction(deps(), viewer, request.params.showId, request.body);
        // Once the answer is out, or the steward's connection dropped: either way the ring moved.
        let sent = false;
        const once = () => {
          if (sent) return;
          sent = true;
          void publish();
        };
        reply.raw.once("finish", once);
        reply.raw.once("close", once);
        return day;
      } catch (error) {
        if (!(error instanceof RingRefused)) throw error;
        return reply
          .status(409)
          .send({ error: { code: error.code, message: error.message }, day: error.day });
      }
    },
  );

  r.get(
    "/api/shows/:showId/stewards",
    {
      schema: {
        tags: ["show day"],
        summary: "The show's ring stewards (Admin)",
        params: ShowIdParams,
        response: { 200: Stewards, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getStewards(opts.db, await app.requireViewer(request), request.params.showId),
  );

  r.put(
    "/api/shows/:showId/stewards",
    {
      schema: {
        tags: ["show day"],
        summary: "Names the show's ring stewards (Admin); replaces the list",
        params: ShowIdParams,
        body: StewardsBody,
        response: { 200: Stewards, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) =>
      setStewards(opts.db, await app.requireViewer(request), request.params.showId, request.body.userIds),
  );

  r.put(
    "/api/shows/:showId/schedule",
    {
      schema: {
        tags: ["show day"],
        summary:
          "Saves the show's sessions with their classes, its time zone and minutes per class (Admin); kept classes keep their ids",
        params: ShowIdParams,
        body: ScheduleBody,
        response: { 200: ShowDetail, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const admin = await app.requireViewer(request, "Admin");
      await saveSchedule(opts.db, request.params.showId, request.body, admin.id);
      return getShowDetail(opts.db, request.params.showId);
    },
  );

  r.get(
    "/api/me/class-alerts",
    {
      schema: {
        tags: ["show day"],
        summary: "The viewer's 'Tell me when my class is N classes away' (default 3; 0 = off)",
        response: { 200: AlertSetting, 401: ErrorBody },
      },
    },
    async (request) => getAlertSetting(opts.db, await app.requireViewer(request)),
  );

  r.put(
    "/api/me/class-alerts",
    {
      schema: {
        tags: ["show day"],
        summary: "Sets the viewer's 'N classes away' (0 turns show-day alerts off)",
        body: AlertSetting,
        response: { 200: AlertSetting, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => setAlertSetting(opts.db, await app.requireViewer(request), request.body.classesAway),
  );
}

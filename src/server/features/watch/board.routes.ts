import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { ShowIdParams } from "#domain/contracts/shows.ts";
import { BoardSetting } from "#domain/contracts/watch.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { notFound } from "#server/platform/errors.ts";
import { boardPage } from "./board.page.ts";
import {
  type BoardDeps,
  boardDayPath,
  boardPath,
  boardSetting,
  boardStreamId,
  boardStreamPath,
  isBoardPublic,
  publicBoardDay,
  setBoard,
} from "./board.service.ts";
import { liveScriptOf, publicPages } from "./public-pages.ts";
import { watchNotFoundPage } from "./watch.page.ts";

/** A show id as it arrives in a public path: anything, cut short; a malformed one matches no show. */
const PublicShowParams = z.strictObject({ showId: z.string().max(2048) });
/** `?display=1` asks for display mode; anything else in the query is ignored. */
const BoardQuery = z.object({ display: z.string().max(8).optional() });

/**
 * A show's public ring board (issue 35, ADR 046): the switch (an admin or the show's stewards, signed
 * in), and the page `/shows/{id}/board` with its day and its stream for anyone while it is public (no
 * session, no cookie, the watch pages' limits per address).
 */
export async function boardRoutes(
  app: FastifyInstance,
  opts: Omit<BoardDeps, "log"> & { clientDir: string | undefined; heartbeatMs?: number },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: BoardDeps = { ...opts, log: app.log };
  const script = liveScriptOf(opts.clientDir, "board-live");
  const pages = publicPages(app, opts);

  r.get(
    "/api/shows/:showId/board",
    {
      schema: {
        tags: ["watch"],
        summary: "Whether the show's ring board is public (an admin or the show's ring stewards)",
        params: ShowIdParams,
        response: { 200: BoardSetting, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => boardSetting(opts.db, await app.requireViewer(request), request.params.showId),
  );

  r.put(
    "/api/shows/:showId/board",
    {
      schema: {
        tags: ["watch"],
        summary:
          "Makes the show's ring board public or private (an admin or the show's ring stewards); private ends its open streams",
        params: ShowIdParams,
        body: BoardSetting,
        response: { 200: BoardSetting, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => setBoard(deps, await app.requireViewer(request), request.params.showId, request.body),
  );

  r.get(
    "/shows/:showId/board",
    {
      schema: {
        tags: ["watch"],
        summary:
          "A show's ring board while it is public: server-rendered HTML for anyone (no session, noindex); `?display=1` for a screen",
        params: PublicShowParams,
        querystring: BoardQuery,
      },
    },
    async (request, reply) => {
      pages.headers(reply).type("text/html; charset=utf-8");
      if (!pages.withinLimit(request)) return pages.tooManyPage(reply);
      const now = Date.now();
      const { showId } = request.params;
      const view = await publicBoardDay(opts.db, showId, now);
      if (!view) return reply.status(404).send(watchNotFoundPage());
      return reply.send(
        boardPage({
          view,
          now,
          display: request.query.display === "1",
          paths: { page: boardPath(showId), stream: boardStreamPath(showId), day: boardDayPath(showId) },
          script,
        }),
      );
    },
  );

  r.get(
    "/api/shows/:showId/board/day",
    {
      schema: {
        tags: ["watch"],
        summary: "A public ring board's data as JSON, for its script after a reconnect (no session)",
        params: PublicShowParams,
      },
    },
    async (request, reply) => {
      pages.headers(reply);
      if (!pages.withinLimit(request)) throw pages.tooMany();
      const view = await publicBoardDay(opts.db, request.params.showId);
      if (!view) throw notFound(watchTexts.notFound.heading);
      return view;
    },
  );

  app.get(
    "/api/shows/:showId/board/events",
    {
      schema: {
        tags: ["watch"],
        summary:
          "A public ring board as Server-Sent Events: `event: ring` (a ring patch without its action) for this show only, `event: results` when a class's results move, `event: ping` every 25 s, `event: session-ended` when the board is made private",
      },
    },
    async (request, reply) => {
      pages.checkOpen();
      const params = PublicShowParams.safeParse(request.params);
      if (!pages.withinLimit(request)) throw pages.tooMany();
      const showId = params.success ? params.data.showId : null;
      if (showId === null || !(await isBoardPublic(opts.db, showId))) {
        throw notFound(watchTexts.notFound.heading);
      }
      // No session: the board is the stream's "session"; making it private ends it through the bus (the
      // heartbeat asks no database, so idle watchers cost no queries).
      await pages.openShowStream(request, reply, {
        showId,
        sessionId: boardStreamId(showId),
        stillOpen: () => true,
      });
    },
  );
}

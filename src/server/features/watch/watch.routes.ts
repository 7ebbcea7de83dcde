import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { ShowIdParams } from "#domain/contracts/shows.ts";
import {
  BarnWatchLinkCreated,
  BarnWatchLinks,
  CreateBarnWatchLinkBody,
  CreateWatchLinkBody,
  HorseWatchLinks,
  ShowWatchHorses,
  WatchHorseParams,
  WatchLinkCreated,
  WatchLinkParams,
  WatchPushBody,
  WatchPushStopBody,
} from "#domain/contracts/watch.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { notFound } from "#server/platform/errors.ts";
import {
  barnHorseIds,
  barnWatchDayOf,
  barnWatchLinks,
  barnWatchStreamId,
  createBarnWatchLink,
  openAnyWatchLink,
  revokeBarnLink,
} from "./barn-watch.service.ts";
import { liveScriptOf, publicPages } from "./public-pages.ts";
import { barnWatchPage, watchNotFoundPage, watchPage } from "./watch.page.ts";
import {
  createWatchLink,
  horseWatchLinks,
  revokeLink,
  showWatchHorses,
  type WatchDeps,
  watchDayOf,
  watchDayPath,
  watchPushPath,
  watchStreamId,
  watchStreamPath,
} from "./watch.service.ts";
import { subscribeToLink, unsubscribeFromLink } from "./watch-push.service.ts";

/** A token as it arrives in a path: anything, cut short; a malformed one simply matches no link. */
const TokenParams = z.strictObject({ token: z.string().max(2048) });

/**
 * Watch links (issue 35, ADR 044): making, listing and revoking them (signed in), and the public page
 * `/watch/<token>` with its day and its stream (no session, no cookie, per-address limits).
 */
export async function watchRoutes(
  app: FastifyInstance,
  opts: Omit<WatchDeps, "log"> & {
    clientDir: string | undefined;
    heartbeatMs?: number;
    /** Notify me (ADR 049): the VAPID key browsers subscribe with, and whether test push services on private addresses are allowed. */
    push: { publicKey: string; allowPrivateEndpoints: boolean };
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: WatchDeps = { ...opts, log: app.log };
  const script = liveScriptOf(opts.clientDir, "watch-live");
  const pages = publicPages(app, opts);

  r.post(
    "/api/watch-links",
    {
      schema: {
        tags: ["watch"],
        summary:
          "Makes a live link of a horse at a show running or to come (its owners, trainers or its rider there); the address is in this answer only",
        body: CreateWatchLinkBody,
        response: { 201: WatchLinkCreated, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const link = await createWatchLink(deps, await app.requireViewer(request), request.body);
      return reply.status(201).send(link);
    },
  );

  r.delete(
    "/api/watch-links/:linkId",
    {
      schema: {
        tags: ["watch"],
        summary: "Revokes a live link: its page answers 404 at once and its open streams end",
        params: WatchLinkParams,
        response: { 204: z.null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await revokeLink(deps, await app.requireViewer(request), request.params.linkId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/horses/:horseId/watch-links",
    {
      schema: {
        tags: ["watch"],
        summary: "The horse's working live links the viewer may see, and the shows they may make one for",
        params: WatchHorseParams,
        response: { 200: HorseWatchLinks, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => horseWatchLinks(opts.db, await app.requireViewer(request), request.params.horseId),
  );

  r.get(
    "/api/shows/:showId/watch-horses",
    {
      schema: {
        tags: ["watch"],
        summary: "The viewer's horses at this show that they may share live (none once it is over)",
        params: ShowIdParams,
        response: { 200: ShowWatchHorses, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => showWatchHorses(opts.db, await app.requireViewer(request), request.params.showId),
  );

  r.post(
    "/api/barn/watch-links",
    {
      schema: {
        tags: ["watch"],
        summary:
          "Makes a live link of the viewer's barn (the horses they train) at a show running or to come that it has horses entered at (trainers only); the address is in this answer only",
        body: CreateBarnWatchLinkBody,
        response: {
          201: BarnWatchLinkCreated,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const link = await createBarnWatchLink(deps, await app.requireViewer(request), request.body);
      return reply.status(201).send(link);
    },
  );

  r.get(
    "/api/barn/watch-links",
    {
      schema: {
        tags: ["watch"],
        summary:
          "The viewer's barn's working live links with who made each and when, and the shows running or to come it has horses at (trainers only)",
        response: { 200: BarnWatchLinks, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => barnWatchLinks(opts.db, await app.requireViewer(request)),
  );

  r.delete(
    "/api/barn/watch-links/:linkId",
    {
      schema: {
        tags: ["watch"],
        summary: "Revokes a barn's live link (its trainer): its page answers 404 at once and its streams end",
        params: WatchLinkParams,
        response: { 204: z.null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await revokeBarnLink(deps, await app.requireViewer(request), request.params.linkId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/watch/:token",
    {
      schema: {
        tags: ["watch"],
        summary: "A live link's page: server-rendered HTML for anyone with the link (no session, noindex)",
        params: TokenParams,
      },
    },
    async (request, reply) => {
      pages.headers(reply).type("text/html; charset=utf-8");
      if (!pages.withinLimit(request)) return pages.tooManyPage(reply);
      const now = Date.now();
      const token = request.params.token;
      const found = await openAnyWatchLink(opts.db, token, now);
      if (found?.kind === "barn") {
        const view = await barnWatchDayOf(opts.db, found.link, now);
        if (!view) return reply.status(404).send(watchNotFoundPage());
        return reply.send(
          barnWatchPage({
            view,
            now,
            streamPath: watchStreamPath(token),
            dayPath: watchDayPath(token),
            notify: { pushPath: watchPushPath(token), publicKey: opts.push.publicKey },
            script,
          }),
        );
      }
      const view = found ? await watchDayOf(opts.db, found.link, now) : null;
      if (!view) return reply.status(404).send(watchNotFoundPage());
      return reply.send(
        watchPage({
          view,
          now,
          streamPath: watchStreamPath(token),
          dayPath: watchDayPath(token),
          notify: { pushPath: watchPushPath(token), publicKey: opts.push.publicKey },
          script,
        }),
      );
    },
  );

  r.get(
    "/api/watch/:token/day",
    {
      schema: {
        tags: ["watch"],
        summary: "A live link's page data as JSON, for its script after a reconnect (no session)",
        params: TokenParams,
      },
    },
    async (request, reply) => {
      pages.headers(reply);
      if (!pages.withinLimit(request)) throw pages.tooMany();
      const found = await openAnyWatchLink(opts.db, request.params.token);
      const view =
        found?.kind === "barn"
          ? await barnWatchDayOf(opts.db, found.link)
          : found
            ? await watchDayOf(opts.db, found.link)
            : null;
      if (!view) throw notFound(watchTexts.refusals.linkNotFound);
      return view;
    },
  );

  // The one write a link's token allows (issue 35): this browser's Notify me, on and off, on a horse's
  // link or a barn's (ADR 052). The Origin check of every write applies (app.ts); the body is a
  // subscription, a few hundred bytes, and on a barn's link the horses it chose.
  /** A push route's link: counted against the address's limit, 404 unless it works (as the page). */
  const pushLink = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    pages.headers(reply);
    if (!pages.withinLimit(request)) throw pages.tooMany();
    const found = await openAnyWatchLink(opts.db, token);
    if (!found) throw notFound(watchTexts.refusals.linkNotFound);
    return found;
  };
  const pushResponses = { 204: z.null(), 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 429: ErrorBody };

  r.post(
    "/api/watch/:token/push",
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ["watch"],
        summary:
          "Notify me: subscribes this browser (its PushSubscription) to the link's horse's pushes, or on a barn's link to those of the barn's horses at the show it names in `horseIds`, without an account, until the link ends",
        params: TokenParams,
        body: WatchPushBody,
        response: pushResponses,
      },
    },
    async (request, reply) => {
      const found = await pushLink(request, reply, request.params.token);
      const link =
        found.kind === "barn"
          ? { kind: found.kind, id: found.link.id, barnHorses: await barnHorseIds(opts.db, found.link) }
          : { kind: found.kind, id: found.link.id };
      await subscribeToLink(
        { db: opts.db, allowPrivateEndpoints: opts.push.allowPrivateEndpoints },
        link,
        request.body,
        request.ip,
      );
      return reply.status(204).send(null);
    },
  );

  r.delete(
    "/api/watch/:token/push",
    {
      bodyLimit: 4 * 1024,
      config: { idempotent: true },
      schema: {
        tags: ["watch"],
        summary: "Stop notifications: this browser's Notify me on the link ends",
        params: TokenParams,
        body: WatchPushStopBody,
        response: pushResponses,
      },
    },
    async (request, reply) => {
      const found = await pushLink(request, reply, request.params.token);
      await unsubscribeFromLink(opts.db, { kind: found.kind, id: found.link.id }, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/watch/:token/events",
    {
      schema: {
        tags: ["watch"],
        summary:
          "A live link's ring as Server-Sent Events: `event: ring` (a ring patch without its action) for the link's show only, `event: results` when a class's results move (read the day again), `event: ping` every 25 s, `event: session-ended` when the link is revoked",
      },
    },
    async (request, reply) => {
      pages.checkOpen();
      const params = TokenParams.safeParse(request.params);
      if (!pages.withinLimit(request)) throw pages.tooMany();
      const found = params.success ? await openAnyWatchLink(opts.db, params.data.token) : null;
      if (!found) throw notFound(watchTexts.refusals.linkNotFound);
      const { link } = found;
      const expires = Date.parse(link.expires_at);
      // No session: the link is the stream's "session". Revoking it ends the stream through the bus; its
      // expiry is checked at each heartbeat without asking the database.
      await pages.openShowStream(request, reply, {
        showId: link.show_id,
        sessionId: found.kind === "barn" ? barnWatchStreamId(link.id) : watchStreamId(link.id),
        stillOpen: () => Date.now() < expires,
      });
    },
  );
}

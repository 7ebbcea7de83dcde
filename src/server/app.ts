import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { authRoutes } from "#server/auth/auth.routes.ts";
import { type Auth, createAuth, trustedOrigins } from "#server/auth/auth.ts";
import { createSessionCache, type SessionCache } from "#server/auth/session-cache.ts";
import { currentSession, sessionEnded } from "#server/auth/session-end.ts";
import type { AppConfig } from "#server/config.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDemo } from "#server/db/seed/demo.ts";
import { keepDemoLive } from "#server/db/seed/demo-live.ts";
import { adminRoutes } from "#server/features/admin/admin.routes.ts";
import { barnRoutes } from "#server/features/barn/barn.routes.ts";
import { calendarFeedRoutes } from "#server/features/calendar-feed/calendar-feed.routes.ts";
import { outboxRoutes } from "#server/features/dev/outbox.routes.ts";
import { entryRoutes } from "#server/features/entries/entries.routes.ts";
import { friendRoutes } from "#server/features/friends/friends.routes.ts";
import { healthRoutes } from "#server/features/health/health.routes.ts";
import { horseRoutes } from "#server/features/horses/horses.routes.ts";
import { imageRoutes } from "#server/features/images/images.routes.ts";
import { meRoutes } from "#server/features/me/me.routes.ts";
import { publicConfig } from "#server/features/me/public-config.ts";
import { notificationRoutes } from "#server/features/notifications/notifications.routes.ts";
import { notificationListVersion } from "#server/features/notifications/notifications.service.ts";
import { peopleRoutes } from "#server/features/people/people.routes.ts";
import { profileRoutes } from "#server/features/profile/profile.routes.ts";
import { type PushDelivery, startPushDelivery } from "#server/features/push/push.delivery.ts";
import { pushRoutes } from "#server/features/push/push.routes.ts";
import { recommendationRoutes } from "#server/features/recommendations/recommendations.routes.ts";
import { recordRoutes } from "#server/features/records/records.routes.ts";
import { resultRoutes } from "#server/features/results/results.routes.ts";
import { rosterRoutes } from "#server/features/roster/roster.routes.ts";
import { seasonRoutes } from "#server/features/season/season.routes.ts";
import { showAiRoutes } from "#server/features/show-ai/show-ai.routes.ts";
import { showDayRoutes } from "#server/features/show-day/show-day.routes.ts";
import { showAdminRoutes } from "#server/features/shows/shows.admin.routes.ts";
import { showRoutes } from "#server/features/shows/shows.routes.ts";
import { boardRoutes } from "#server/features/watch/board.routes.ts";
import { watchRoutes } from "#server/features/watch/watch.routes.ts";
import { registerClient } from "#server/http/client-files.ts";
import { controlCharactersPlugin } from "#server/http/control-characters.ts";
import { registerDrain } from "#server/http/drain.ts";
import { registerErrorHandling } from "#server/http/error-handler.ts";
import { idempotencyPlugin } from "#server/http/idempotency.ts";
import { registerJsonBodies } from "#server/http/json-body.ts";
import { pageLoaders } from "#server/http/page-data.ts";
import { loggingOptions, registerRequestLog } from "#server/http/request-log.ts";
import { securityHeaders } from "#server/http/security-headers.ts";
import { responseSerializer } from "#server/http/serializer.ts";
import { loadSsrModule } from "#server/http/spa-shell.ts";
import { viewerPlugin } from "#server/http/viewer.ts";
import { type AiProvider, createAiProvider } from "#server/platform/ai/provider.ts";
import { createEventBus, type EventBus } from "#server/platform/events.ts";
import { createHeavyReaders, type HeavyReaders } from "#server/platform/heavy/heavy-pools.ts";
import { type ServerInstance, startServerInstance } from "#server/platform/instance.ts";
import { eventRoutes } from "#server/platform/live-streams.ts";
import { createMailer, type Mailer } from "#server/platform/mail.ts";
import {
  createMetrics,
  type Metrics,
  metricsAccess,
  metricsEnabled,
  registerMetricsHook,
} from "#server/platform/metrics.ts";
import { createPushSender } from "#server/platform/push/send.ts";
import { storedVapidKeys, vapidAuthorizer } from "#server/platform/push/vapid.ts";
import { createStreamLimit, type StreamLimit } from "#server/platform/stream-limit.ts";
import { createSharedStreamLimit } from "#server/platform/stream-limit-shared.ts";

export interface AppDeps {
  config: AppConfig;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  events: EventBus;
  /** Recommendations today; show prediction and image extraction use the same provider (ADR 009). */
  ai: AiProvider;
  /** Validated sessions; call `sessions.forgetUsers([id])` after changing a user's account, roles or profile. */
  sessions: SessionCache;
  /** Web Push: the key browsers subscribe with, and this server's delivery workers (ADR 022, ADR 049). */
  push: { publicKey: string; delivery: PushDelivery; watchDelivery: PushDelivery };
  /** Worker threads that read uploaded and fetched files: calendars, PDFs, pictures (ADR 017). */
  heavy: HeavyReaders;
  /** Prometheus metrics when METRICS_ALLOW or METRICS_TOKEN is set, else null; `trackQueue` a new queue. */
  metrics: Metrics | null;
  /** Each person's open live streams, both kinds together (ADR 020): on every server together on PostgreSQL (ADR 029). */
  streamLimit: StreamLimit;
  /** This server process in the database: its name, boot id and lease (ADR 029). */
  instance: ServerInstance;
}

/** A route as registered: its methods and its URL pattern. */
export interface RegisteredRoute {
  methods: string[];
  url: string;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered, in order: for the route-wide security tests and the docs. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Methods that may change state. No GET route changes anything, so these are the ones to guard. */
export const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CROSS_SITE_REFUSED = "Cross-site request refused: unknown Origin.";

/** How often a demo server checks that its running show is still live (ADR 032). */
const DEMO_CLOCK_MS = 10 * 60_000;

/** Every /api response that depends on the session says so, unless its route chose its own caching. */
const PERSONAL_CACHE_CONTROL = "private, no-store";

/**
 * Builds the whole server: external plugins, then app plugins, then feature routes.
 * Opens and migrates the configured database and, in demo mode, seeds it once.
 * main.ts and every test use this.
 */
export async function buildApp(
  config: AppConfig,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  if (config.demo) {
    await seedDemo(db);
    await keepDemoLive(db);
  }
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, demo: config.demo });
  const ai = await createAiProvider(config.ai);

  const app = Fastify({
    ...loggingOptions(config, options.logStream),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: "idle",
    // While shutting down, a request already on its way over a kept-alive connection is answered (with
    // Connection: close) rather than refused: nginx could not retry a refused POST (ADR 021).
    return503OnClosing: false,
    // Only behind a proxy that sets X-Forwarded-For may it name the client (rate limits key on it).
    trustProxy: config.trustProxy,
    // An address the router cannot decode gets our error shape, without the address echoed back.
    frameworkErrors: (error, _request, reply) =>
      void (reply as unknown as FastifyReply)
        .code(error.statusCode ?? 400)
        .type("application/json; charset=utf-8")
        .send(
          JSON.stringify({
            error: {
              code: ERROR_CODES.badRequest,
              message: `This address cannot be served (${error.code ?? "unreadable"}).`,
            },
          }),
        ),
  });
  const routes: RegisteredRoute[] = [];
  app.decorate("registeredRoutes", routes);
  app.addHook("onRoute", (route) => {
    routes.push({ methods: [route.method].flat().map(String), url: route.url });
  });
  const events = createEventBus(db, app.log);
  await events.start();
  // On PostgreSQL the cached reads' versions are kept in process, moved by the database's notices (ADR 057).
  const stopMirroring = events.versions ? db.versions.follow(events.versions, app.log) : null;
  const sessions = createSessionCache({
    bus: events,
    log: app.log,
    settleMs: db.kind === "postgres" ? undefined : 0,
  });
  const auth = createAuth({
    config,
    db,
    mailer,
    sessions,
    onSessionEnded: (session) => sessionEnded(events, app.log, session),
  });
  const vapidKeys = config.push.vapidKeys ?? (await storedVapidKeys(db.db));
  const delivery = startPushDelivery({
    db,
    bus: events,
    log: app.log,
    sender: createPushSender({
      authorize: vapidAuthorizer(vapidKeys, config.push.subject),
      allowPrivate: config.push.allowPrivateEndpoints,
      onError: (message) => app.log.warn(message),
    }),
  });
  // Notify me on watch links (ADR 049): its own queue, sent by its own worker with the same keys.
  const watchDelivery = startPushDelivery({
    db,
    bus: events,
    log: app.log,
    queue: "watch_push",
    sender: createPushSender({
      authorize: vapidAuthorizer(vapidKeys, config.push.subject),
      allowPrivate: config.push.allowPrivateEndpoints,
      onError: (message) => app.log.warn(message),
    }),
  });
  const push = { publicKey: vapidKeys.publicKey, delivery, watchDelivery };
  const heavy = createHeavyReaders(config.heavyLimits);
  const metrics = metricsEnabled(config.metrics) ? createMetrics(db) : null;
  metrics?.trackQueue("calendar", heavy.calendar.depth);
  metrics?.trackQueue("document", heavy.document.depth);
  const instance = await startServerInstance({ db, name: config.instance, log: app.log });
  // SQLite is one process, which counts alone; on PostgreSQL every server counts together (ADR 029).
  const streamLimit =
    db.kind === "postgres"
      ? createSharedStreamLimit({
          db,
          instance,
          perUser: config.liveStreamsPerUser,
          onError: (message) => app.log.warn(message),
        })
      : createStreamLimit(config.liveStreamsPerUser);
  app.decorate("deps", {
    config,
    db,
    auth,
    mailer,
    events,
    sessions,
    ai,
    push,
    heavy,
    metrics,
    streamLimit,
    instance,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ validate: config.validateResponses }));
  registerErrorHandling(app);
  registerJsonBodies(app);
  registerRequestLog(app, config.logLevel);
  registerDrain(app);
  if (metrics) registerMetricsHook(app, metrics);

  const insecure = config.publicUrl.startsWith("http://");
  securityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix's scroll lock injects a <style> element at run time; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(insecure ? {} : { upgradeInsecureRequests: [] }),
      },
    },
    strictTransportSecurity: insecure ? false : undefined,
  });
  // Ahead of compression, so the answer it stores for a replay is the JSON text.
  await app.register(idempotencyPlugin, { db, instance });
  // JSON above 1 KiB goes out Brotli- or gzip-compressed when the client accepts it (Vary is set).
  // The built SPA is compressed once at build time instead (registerClient).
  // Brotli's default 4 MiB window is allocated afresh for every response; a 256 KiB one compresses API
  // JSON (a few KiB; bigger bodies come compressed from their cache) as well for half the CPU (ADR 032).
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
        [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: "Ringside API", version: "1.0.0", description: "The season planner's HTTP API." },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "ringside.session_token" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  // Cross-site request forgery: a state-changing call must come from one of our own pages. The check
  // looks at the method only, never the path, so no spelling of a path (%61pi, //api, /API, ;x) that
  // the router or a proxy might map onto a route can slip past it, and routes added later are covered.
  const origins = new Set(trustedOrigins(config));
  app.addHook("onRequest", async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin || !origins.has(origin)) {
      return reply.status(403).send({ error: { code: ERROR_CODES.forbidden, message: CROSS_SITE_REFUSED } });
    }
  });

  // A write that succeeded is answered once this server's version mirror has heard every notice of it, so the
  // writer's next read (here, or on a server that heard the same delivery) is never answered from a version
  // before it. A refused write (4xx, 5xx) stored nothing to wait for. Only where the mirror follows notices.
  if (stopMirroring) {
    app.addHook("onSend", async (request, reply) => {
      if (UNSAFE_METHODS.has(request.method) && reply.statusCode < 400) await db.versions.caughtUp();
    });
  }

  // Keyed by the route that ran (not the raw URL), so every spelling of an /api path gets the header.
  app.addHook("onSend", async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith("/api/") || route.startsWith("/api/docs")) return;
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  });

  await app.register(controlCharactersPlugin);
  await app.register(viewerPlugin, { auth, sessions });
  await app.register(healthRoutes, { db, metrics, access: metricsAccess(config.metrics) });
  await app.register(authRoutes, { auth, db, config });
  await app.register(meRoutes, { config });
  await app.register(notificationRoutes, { db });
  await app.register(eventRoutes, {
    bus: events,
    sessionOf: (request) => currentSession(auth, request),
    // One count per person shared with the show-day streams, so neither kind gets round the other.
    limit: streamLimit,
    cursorOf: (userId) => notificationListVersion(db.db, userId),
    onStreams: metrics ? (count) => metrics.trackLiveStreams(count) : undefined,
  });
  await app.register(entryRoutes, { db, bus: events });
  await app.register(rosterRoutes, { db });
  await app.register(seasonRoutes, { db, publicUrl: config.publicUrl });
  await app.register(calendarFeedRoutes, { db, secret: config.authSecret, publicUrl: config.publicUrl });
  await app.register(showAdminRoutes, { db, bus: events });
  await app.register(showAiRoutes, { db, ai, heavy });
  await app.register(adminRoutes);
  await app.register(showRoutes, { db });
  await app.register(showDayRoutes, {
    db,
    bus: events,
    sessionOf: (request) => currentSession(auth, request),
    streamLimit,
  });
  await app.register(resultRoutes, { db, bus: events, heavy });
  await app.register(watchRoutes, {
    db,
    bus: events,
    publicUrl: config.publicUrl,
    clientDir: config.clientDir,
    push: { publicKey: vapidKeys.publicKey, allowPrivateEndpoints: config.push.allowPrivateEndpoints },
  });
  await app.register(boardRoutes, { db, bus: events, clientDir: config.clientDir });
  await app.register(horseRoutes, { db });
  await app.register(barnRoutes, { db });
  await app.register(imageRoutes, { db });
  await app.register(peopleRoutes, { db });
  await app.register(profileRoutes, { db });
  await app.register(friendRoutes, { db, bus: events });
  await app.register(recordRoutes, { db });
  await app.register(recommendationRoutes, { db, ai });
  await app.register(pushRoutes, {
    deps: { db, config: config.push, publicKey: push.publicKey },
    sessionOf: (request) => currentSession(auth, request),
  });
  if (config.demo) await app.register(outboxRoutes, { db });

  const pagePublicConfig = publicConfig(config);
  registerClient(app, config.clientDir, {
    ssr: await loadSsrModule(config.ssrEntry),
    log: app.log,
    bootState: async (request) => ({ user: await app.optionalViewer(request), config: pagePublicConfig }),
    loaders: (user) => pageLoaders(db, user),
  });

  // A demo left serving for days keeps a show running now: its ring is placed again once it goes stale.
  const demoClock = config.demo
    ? setInterval(() => {
        keepDemoLive(db).catch((error: unknown) =>
          app.log.warn({ err: error }, "keeping the demo live failed"),
        );
      }, DEMO_CLOCK_MS).unref()
    : null;

  app.addHook("onClose", async () => {
    if (demoClock) clearInterval(demoClock);
    await heavy.close();
    mailer.close();
    sessions.close();
    stopMirroring?.();
    await delivery.close();
    await watchDelivery.close();
    await events.close();
    await streamLimit.close();
    await instance.close();
    await db.close();
  });
  return app;
}

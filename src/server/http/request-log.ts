import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
import type { AppConfig } from "#server/config.ts";

/**
 * Request logging (ADR 021): one JSON line per request at `info`, written when the answer is sent, with
 * the route pattern (`/api/calendar/:file`, never the URL someone typed), status, duration, client
 * address and request id. No URL, query, header, cookie or body is ever logged: feed tokens and
 * magic-link tokens travel in URLs, and searches carry email addresses.
 */

/** A request id a proxy may hand us: short and plain, so it cannot forge or break a log line. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether a socket address is one of our proxies (TRUST_PROXY), as Fastify decides it for X-Forwarded-For. */
export function proxyTrust(trustProxy: boolean | string[]): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false || trustProxy.length === 0) return () => false;
  const trusted = proxyAddr.compile(trustProxy);
  return (address) => trusted(address, 0);
}

/**
 * Request ids: the proxy's `X-Request-Id` when the request comes from a trusted proxy (so one id
 * follows a request through nginx's log and ours), else our own: a per-process prefix and a counter,
 * unique across the servers of a cluster and far cheaper than a random id per request.
 */
export function requestIds(trustProxy: boolean | string[]): (req: IncomingMessage) => string {
  const trusted = proxyTrust(trustProxy);
  const prefix = randomBytes(4).toString("hex");
  let counter = 0;
  return (req) => {
    const forwarded = req.headers["x-request-id"];
    if (
      typeof forwarded === "string" &&
      FORWARDED_ID.test(forwarded) &&
      trusted(req.socket?.remoteAddress ?? "")
    ) {
      return forwarded;
    }
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}

/** Path segments that may be secrets or personal: anything with an @, and long opaque tokens. */
const SECRET_SEGMENT = /@|^[A-Za-z0-9_-]{24,}(\.[a-z]+)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A URL as it may appear in a log: the path with secret-looking segments masked and the query's
 * values dropped (`/api/calendar/[redacted]`, `/api/auth/magic-link/verify?token`). Used where no route
 * pattern exists (a request no route matched) and for anything that logs a request object.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  const path = at < 0 ? url : url.slice(0, at);
  const masked = path
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape is logged masked, like any other segment we cannot read.
        return "[redacted]";
      }
      return SECRET_SEGMENT.test(decoded) && !UUID.test(decoded) ? "[redacted]" : segment;
    })
    .join("/");
  if (at < 0) return masked;
  const keys = url
    .slice(at + 1)
    .split("&")
    .map((pair) => pair.split("=")[0] ?? "")
    .filter((key) => /^[A-Za-z0-9_.-]{1,40}$/.test(key));
  return keys.length ? `${masked}?${keys.join("&")}` : masked;
}

/** Fastify's logger settings: the level, our request ids, and a request serializer that redacts. */
export function loggingOptions(
  config: Pick<AppConfig, "logLevel" | "trustProxy">,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, "logger" | "logController" | "genReqId"> {
  return {
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            ...(stream ? { stream } : {}),
            serializers: {
              req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url) }),
            },
          },
    // Fastify's own lines per request (incoming, completed, not found) carry the raw URL; ours (below)
    // carries the route pattern.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIds(config.trustProxy),
  };
}

/** Levels at which the per-request line is written; above them the hook is not even installed. */
const REQUEST_LINE_LEVELS = new Set(["trace", "debug", "info"]);

/** The one line per request, and the request id sent back so a client can quote it. */
export function registerRequestLog(app: FastifyInstance, logLevel: string): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  if (!REQUEST_LINE_LEVELS.has(logLevel)) return;
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url;
    request.log.info(
      {
        method: request.method,
        route: route ?? null,
        ...(route ? {} : { path: redactUrl(request.url) }),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      "request",
    );
    done();
  });
}

import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { ERROR_CODES, ErrorBody } from "#domain/app/errors.ts";
import {
  EmptyBody,
  MagicLinkBody,
  MagicLinkSent,
  MagicLinkVerifyQuery,
  SignInBody,
  SignUpBody,
} from "#domain/contracts/auth.ts";
import { formatWait } from "#domain/people/throttle.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { securityTexts } from "#domain/texts/security.ts";
import { beginAttempt, finishAttempt, type ThrottledEndpoint } from "#server/auth/auth.throttle.ts";
import { type Auth, CLIENT_IP_HEADER, DEMO_NONCE_HEADER, PRIVATE_HEADER_PREFIX } from "#server/auth/auth.ts";
import { fromThisMachine, isSeededDemoAccount } from "#server/auth/demo-gate.ts";
import { knownDeviceCookie, knownDeviceFor } from "#server/auth/known-device.ts";
import type { AppConfig } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { toHeaders } from "#server/http/viewer.ts";

/** better-auth's error codes, turned into the spec's words and the statuses we use elsewhere. */
const errorMap: Record<string, { status?: number; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: errorsTexts.invalidCredentials },
  USER_ALREADY_EXISTS: { status: 409, message: errorsTexts.emailExists },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, message: errorsTexts.emailExists },
  NO_ACCOUNT: { status: 404, message: errorsTexts.noAccount },
  PASSWORD_TOO_SHORT: { message: errorsTexts.passwordTooShort },
};

const statusCodes: Record<number, string> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  422: ERROR_CODES.badRequest,
  429: ERROR_CODES.tooManyRequests,
};

const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

/**
 * The only better-auth endpoints the app uses; nothing else under /api/auth exists (404). Each is
 * guarded by our zod contract (unknown fields and over-long values are 400s before better-auth sees
 * them). `throttle` names the endpoints our per-account and per-address throttle counts.
 */
interface Exposed {
  method: "GET" | "POST";
  path: string;
  summary: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  response?: z.ZodType;
  throttle?: ThrottledEndpoint;
  demoOnly?: boolean;
}

const EXPOSED: Exposed[] = [
  {
    method: "POST",
    path: "/sign-in/email",
    summary: "Sign in with email and password",
    body: SignInBody,
    throttle: "sign-in",
  },
  {
    method: "POST",
    path: "/sign-up/email",
    summary: "Create an account (Owner or Trainer) and sign in",
    body: SignUpBody,
    throttle: "sign-up",
  },
  {
    method: "POST",
    path: "/sign-in/magic-link",
    summary: "Email a single-use sign-in link (it replaces any earlier link for that email)",
    body: MagicLinkBody,
    response: MagicLinkSent,
    throttle: "magic-link",
  },
  {
    method: "GET",
    path: "/magic-link/verify",
    summary: "Follow a magic link: sets the session cookie and redirects",
    querystring: MagicLinkVerifyQuery,
  },
  { method: "POST", path: "/sign-out", summary: "End the session and clear its cookie", body: EmptyBody },
  {
    method: "POST",
    path: "/demo/sign-in",
    summary: "Demo mode: sign in as the preset admin-owner (the spec's default session)",
    body: EmptyBody,
    demoOnly: true,
  },
];

export const AUTH_BASE = "/api/auth";

function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ error: { code, message } });
}

function tooMany(reply: FastifyReply, waitMs: number) {
  reply.header("retry-after", String(Math.max(1, Math.ceil(waitMs / 1000))));
  return sendError(reply, 429, ERROR_CODES.tooManyRequests, errorsTexts.tooManyRequests(formatWait(waitMs)));
}

/** The session lives in an HttpOnly cookie: no token, at any depth, ever reaches page scripts. */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "token")
      .map(([key, v]) => [key, withoutTokens(v)]),
  );
}

export async function authRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; config: AppConfig },
): Promise<void> {
  const { auth, db, config } = opts;

  /** The outbox button is for a seeded demo account asked for from this machine (items 1 and 2). */
  const offersDemoLink = async (request: FastifyRequest) =>
    config.demo &&
    fromThisMachine(request) &&
    (await isSeededDemoAccount(db.db, (request.body as { email: string }).email));

  /** Runs the endpoint in better-auth; `settle` sees the outcome before anything is sent back. */
  const forward = async (
    request: FastifyRequest,
    reply: FastifyReply,
    route: Exposed,
    settle?: (status: number) => Promise<void>,
  ) => {
    const body = request.body;
    const query = request.query as Record<string, string> | undefined;
    const headers = toHeaders(request);
    for (const name of [...headers.keys()]) if (name.startsWith(PRIVATE_HEADER_PREFIX)) headers.delete(name);
    headers.set(CLIENT_IP_HEADER, request.ip);
    headers.delete("content-length");
    const demoNonce =
      route.path === "/sign-in/magic-link" && (await offersDemoLink(request))
        ? randomBytes(24).toString("base64url")
        : null;
    if (demoNonce) headers.set(DEMO_NONCE_HEADER, demoNonce);

    // better-auth runs the endpoint we validated, whatever spelling of the path reached us.
    const url = new URL(`${AUTH_BASE}${route.path}`, config.publicUrl);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    const response = await auth.handler(
      new Request(url, {
        method: route.method,
        headers,
        body: route.method === "GET" ? undefined : JSON.stringify(body ?? {}),
      }),
    );
    await settle?.(response.status);

    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key === "set-cookie" || key === "content-length") continue;
      reply.header(key, value);
    }
    for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);

    const text = await response.text();
    if (response.status >= 400) {
      let parsed: { code?: string; message?: string } = {};
      try {
        parsed = text ? JSON.parse(text) : {};
      } catch {
        parsed = { message: text };
      }
      if (response.status === 429) {
        const seconds = Number(response.headers.get("x-retry-after") ?? 60);
        return tooMany(reply, (Number.isFinite(seconds) ? seconds : 60) * 1000);
      }
      const mapped = parsed.code ? errorMap[parsed.code] : undefined;
      const status = mapped?.status ?? response.status;
      const code = parsed.code ?? statusCodes[status] ?? ERROR_CODES.badRequest;
      return sendError(reply, status, code, mapped?.message ?? parsed.message ?? "The request failed.");
    }
    if (!text) return reply.send();
    if (!response.headers.get("content-type")?.includes("json")) return reply.send(text);
    const json = withoutTokens(JSON.parse(text));
    if (demoNonce && json && typeof json === "object") return reply.send({ ...json, demoNonce });
    return reply.send(json);
  };

  for (const route of EXPOSED) {
    if (route.demoOnly && !config.demo) continue;
    app.route({
      method: route.method,
      url: `${AUTH_BASE}${route.path}`,
      schema: {
        tags: ["auth"],
        summary: route.summary,
        ...(route.body ? { body: route.body } : {}),
        ...(route.querystring ? { querystring: route.querystring } : {}),
        response: route.response ? { 200: route.response, ...errorResponses } : errorResponses,
      },
      handler: async (request, reply) => {
        if (route.demoOnly && !fromThisMachine(request)) {
          return sendError(reply, 403, ERROR_CODES.forbidden, securityTexts.demoThisMachineOnly);
        }
        const endpoint = route.throttle;
        if (!endpoint) return forward(request, reply, route);
        const email = (request.body as { email?: string }).email;
        const knownDevice =
          endpoint === "sign-in" && email
            ? knownDeviceFor(request.headers.cookie, config.authSecret, email)
            : null;
        const attempt = await beginAttempt(db, {
          endpoint,
          ip: request.ip,
          email,
          addressLimit: config.authRateLimitMax,
          now: Date.now(),
          knownDevice,
        });
        if (!attempt.allowed) return tooMany(reply, attempt.waitMs);
        // Settled before the answer leaves, so the client's next attempt sees this one's outcome.
        return forward(request, reply, route, async (status) => {
          await finishAttempt(db, endpoint, attempt, status < 300);
          if (endpoint === "sign-in" && email && status < 300) {
            const secure = config.publicUrl.startsWith("https://");
            reply.header(
              "set-cookie",
              knownDeviceCookie({ secret: config.authSecret, email, deviceId: knownDevice, secure }),
            );
          }
        });
      },
    });
  }
}

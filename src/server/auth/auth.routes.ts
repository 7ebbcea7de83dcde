import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { MagicLinkBody, SignInBody, SignUpBody } from "#domain/contracts/auth.ts";
import { ERROR_CODES, ErrorBody } from "#domain/errors.ts";
import { texts } from "#domain/texts.ts";
import { type Auth, CLIENT_IP_HEADER } from "#server/auth/auth.ts";
import { toHeaders } from "#server/http/viewer.ts";

/** Our zod contracts guard better-auth's endpoints at the edge: unknown fields and over-long values never reach it. */
const bodySchemas: Record<string, z.ZodType> = {
  "/api/auth/sign-in/email": SignInBody,
  "/api/auth/sign-up/email": SignUpBody,
  "/api/auth/sign-in/magic-link": MagicLinkBody,
};

/** better-auth's error codes, turned into the spec's words and the statuses we use elsewhere. */
const errorMap: Record<string, { status?: number; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: texts.errors.invalidCredentials },
  USER_ALREADY_EXISTS: { status: 409, message: texts.errors.emailExists },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, message: texts.errors.emailExists },
  NO_ACCOUNT: { status: 404, message: texts.errors.noAccount },
  PASSWORD_TOO_SHORT: { message: texts.errors.passwordTooShort },
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

function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ error: { code, message } });
}

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth }): Promise<void> {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "";
    const schema = bodySchemas[path];
    let body: unknown = request.body;
    if (request.method === "POST" && schema) {
      const parsed = schema.safeParse(body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return sendError(reply, 400, ERROR_CODES.badRequest, issue?.message ?? "The request is invalid.");
      }
      body = parsed.data;
    }

    const headers = toHeaders(request);
    headers.delete(CLIENT_IP_HEADER);
    headers.set(CLIENT_IP_HEADER, request.ip);
    headers.delete("content-length");
    const url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`);
    const webRequest = new Request(url, {
      method: request.method,
      headers,
      body:
        request.method === "GET" || request.method === "HEAD" || body === undefined
          ? undefined
          : JSON.stringify(body),
    });
    const response = await opts.auth.handler(webRequest);

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
        return sendError(reply, 429, ERROR_CODES.tooManyRequests, texts.errors.tooManyRequests);
      }
      const mapped = parsed.code ? errorMap[parsed.code] : undefined;
      const status = mapped?.status ?? response.status;
      const code = parsed.code ?? statusCodes[status] ?? ERROR_CODES.badRequest;
      return sendError(reply, status, code, mapped?.message ?? parsed.message ?? "The request failed.");
    }
    if (!text) return reply.send();
    if (!response.headers.get("content-type")?.includes("json")) return reply.send(text);
    const json: unknown = JSON.parse(text);
    // The session lives in an HttpOnly cookie; its token never goes to page scripts.
    if (json && typeof json === "object" && "token" in json) delete (json as { token?: unknown }).token;
    return reply.send(json);
  };

  // The main endpoints are declared one by one so the OpenAPI document describes them;
  // the rest of better-auth's endpoints (magic-link verification, sessions, demo) share the wildcard.
  const documented = [
    { url: "/api/auth/sign-in/email", summary: "Sign in with email and password", body: SignInBody },
    {
      url: "/api/auth/sign-up/email",
      summary: "Create an account (Owner or Trainer) and sign in",
      body: SignUpBody,
    },
    { url: "/api/auth/sign-in/magic-link", summary: "Email a single-use sign-in link", body: MagicLinkBody },
  ];
  for (const route of documented) {
    app.route({
      method: "POST",
      url: route.url,
      schema: {
        tags: ["auth"],
        summary: route.summary,
        body: route.body,
        response: { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
      handler,
    });
  }
  app.route({
    method: "POST",
    url: "/api/auth/sign-out",
    schema: { tags: ["auth"], summary: "End the session and clear its cookie" },
    handler,
  });
  app.route({ method: ["GET", "POST"], url: "/api/auth/*", schema: { hide: true }, handler });
}

import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { AppError } from "#server/platform/errors.ts";

const codeForStatus: Record<number, string> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.badRequest,
  429: ERROR_CODES.tooManyRequests,
};

/** Turns every failure into `{ error: { code, message } }`; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ error: { code: error.code, message: error.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? first.instancePath.replace(/^\//, "").replaceAll("/", ".") : "";
      const context = error.validationContext ?? "body";
      const message = first
        ? `Invalid ${context}${where ? ` field "${where}"` : ""}: ${first.message}`
        : "The request is invalid.";
      return reply.status(400).send({ error: { code: ERROR_CODES.badRequest, message } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply
        .status(500)
        .send({ error: { code: ERROR_CODES.internal, message: "Something went wrong on our side." } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: { code: codeForStatus[status] ?? ERROR_CODES.badRequest, message: error.message } });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(500)
      .send({ error: { code: ERROR_CODES.internal, message: "Something went wrong on our side." } });
  });
}

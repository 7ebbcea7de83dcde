import { ERROR_CODES } from "#domain/app/errors.ts";

/** An error a service raises on purpose; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries, such as Retry-After on a 503. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string) => new AppError(400, ERROR_CODES.badRequest, message);
export const unauthorized = (message = "You need to sign in.") =>
  new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message = "You do not have permission to do that.") =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = "Not found.") => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const tooManyRequests = (message: string) => new AppError(429, ERROR_CODES.tooManyRequests, message);
export const badGateway = (message: string) => new AppError(502, ERROR_CODES.badGateway, message);
export const unavailable = (message: string) => new AppError(503, ERROR_CODES.unavailable, message);

/** A policy's refusal: the status it answers with and the message the person reads. */
export interface Denial {
  status: 400 | 403 | 404 | 409;
  message: string;
}

const BY_STATUS = { 400: badRequest, 403: forbidden, 404: notFound, 409: conflict } as const;

/** The error a service throws for a policy's refusal. */
export const denied = (denial: Denial): AppError => BY_STATUS[denial.status](denial.message);

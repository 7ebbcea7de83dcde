import { z } from "zod";

/** The one error body every API route returns. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ERROR_CODES = {
  badRequest: "BAD_REQUEST",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  tooManyRequests: "TOO_MANY_REQUESTS",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unprocessable: "UNPROCESSABLE",
  internal: "INTERNAL",
  /** The server is busy with other work of the kind asked for (503, with Retry-After), or is starting,
   * stopping or cannot reach its database: try again, or another server. */
  unavailable: "UNAVAILABLE",
  /** An outside service (the LLM provider) failed or timed out. */
  badGateway: "BAD_GATEWAY",
} as const;

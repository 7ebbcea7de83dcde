import { endSession, sessionGeneration } from "#client/lib/session-cache.ts";
import type { ErrorBody } from "#domain/app/errors.ts";
import { texts } from "#domain/texts/shell.ts";

/** A failed API call with the server's `{ error: { code, message } }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Shown on the sign-in form when this request finds the session gone (a 401). */
  signedOutMessage?: string;
  /**
   * A request made before the page knows whether it has a session (the first screen's data, asked
   * for alongside the session check): its 401 is an answer, not the end of a session.
   */
  speculative?: boolean;
  /** Sent as `Idempotency-Key`: a queued change keeps one for all its tries, so a replay applies once. */
  idempotencyKey?: string;
}

export type { RequestOptions };

/** A 401 that means "wrong password", not "your session is gone". */
const CREDENTIALS_REFUSED = "INVALID_EMAIL_OR_PASSWORD";
const SESSION_ENDED = "SESSION_ENDED";

/**
 * What every API answer goes through: an answer that belongs to a session that has since ended is
 * thrown away, and a 401 ends the page's session at once. Returns the parsed body or throws ApiError.
 */
export async function readAnswer<T>(
  response: Response,
  startedIn: number,
  signedOutMessage?: string,
  speculative = false,
): Promise<T> {
  const text = await response.text();
  if (startedIn !== sessionGeneration()) {
    throw new ApiError(401, SESSION_ENDED, "You need to sign in.");
  }
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = (data as Partial<ErrorBody> | undefined)?.error;
    const code = typeof body?.code === "string" ? body.code : "HTTP_ERROR";
    if (response.status === 401 && code !== CREDENTIALS_REFUSED && !speculative) endSession(signedOutMessage);
    if (body && typeof body.message === "string") throw new ApiError(response.status, code, body.message);
    throw new ApiError(response.status, code, `The server answered ${response.status}.`);
  }
  return data as T;
}

/** JSON over fetch with the session cookie; every failure becomes an ApiError with a readable message. */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const startedIn = sessionGeneration();
  let response: Response;
  try {
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
    response = await fetch(path, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", texts.common.network);
  }
  // The server validates every response against the shared zod contract; the first load stays free of zod.
  return readAnswer<T>(response, startedIn, options.signedOutMessage, options.speculative);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

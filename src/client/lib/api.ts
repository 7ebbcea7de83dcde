import type { ErrorBody } from "#domain/errors.ts";
import { texts } from "#domain/texts.ts";

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
}

/** JSON over fetch with the session cookie; every failure becomes an ApiError with a readable message. */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers:
        options.body === undefined
          ? { accept: "application/json" }
          : { "content-type": "application/json", accept: "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", texts.errors.network);
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = (data as Partial<ErrorBody> | undefined)?.error;
    if (body && typeof body.message === "string")
      throw new ApiError(response.status, String(body.code), body.message);
    throw new ApiError(response.status, "HTTP_ERROR", `The server answered ${response.status}.`);
  }
  // The server validates every response against the shared zod contract; the first load stays free of zod.
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

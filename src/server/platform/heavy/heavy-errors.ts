import { AppError } from "#server/platform/errors.ts";

/**
 * Errors cross the worker boundary as plain data (a structured clone keeps only an Error's message), and
 * are raised again on the main thread as the same kind: an AppError keeps its status and code, a
 * document the reader refused keeps its words for the admin.
 */
export type WorkerFailure =
  | { kind: "app"; statusCode: number; code: string; message: string }
  | { kind: "document"; message: string }
  | { kind: "internal"; message: string };

export type WorkerReply<T> = { ok: true; value: T } | { ok: false; error: WorkerFailure };

/** A document the reader refused (a damaged file, a page too large…), in words for the admin. */
export class DocumentReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocumentReadError";
  }
}

export function toFailure(error: unknown): WorkerFailure {
  if (error instanceof AppError) {
    return { kind: "app", statusCode: error.statusCode, code: error.code, message: error.message };
  }
  if (error instanceof DocumentReadError) return { kind: "document", message: error.message };
  return { kind: "internal", message: error instanceof Error ? error.message : String(error) };
}

export function fromFailure(failure: WorkerFailure): Error {
  if (failure.kind === "app") return new AppError(failure.statusCode, failure.code, failure.message);
  if (failure.kind === "document") return new DocumentReadError(failure.message);
  return new Error(failure.message);
}

import { ApiError, api, readAnswer } from "#client/lib/api.ts";
import { sessionGeneration } from "#client/lib/session-cache.ts";
import type {
  ClassListExtraction,
  ClassListExtractionEvent,
  ImportClassesBody,
  ImportClassesResult,
  ShowPrediction,
} from "#domain/contracts/show-ai.ts";
import type { ShowPage, ShowSummary } from "#domain/contracts/shows.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

/** The admin's AI cards talk to the show-ai routes (ADR 014) and the admin show routes. */

export const predictShow = (showId: string, today: string) =>
  api<ShowPrediction>(
    `/api/admin/shows/${encodeURIComponent(showId)}/prediction?today=${encodeURIComponent(today)}`,
  );

/** Shows whose name matches every word of `name`, upcoming first, then past ones (most recent first). */
export async function findShows(name: string, signal?: AbortSignal): Promise<ShowSummary[]> {
  const query = (period: "upcoming" | "past") =>
    api<ShowPage>(`/api/shows?${new URLSearchParams({ name, period, limit: "20" })}`, { signal });
  const [upcoming, past] = await Promise.all([query("upcoming"), query("past")]);
  return [...upcoming.shows, ...past.shows];
}

export const importClasses = (showId: string, body: ImportClassesBody) =>
  api<ImportClassesResult>(`/api/admin/shows/${encodeURIComponent(showId)}/classes/import`, {
    method: "POST",
    body,
  });

export type ExtractProgress = Extract<ClassListExtractionEvent, { progress: unknown }>["progress"];

/**
 * Sends the file and reads the NDJSON reply as it comes: each progress line to `onProgress`, then the
 * result (or the error line, thrown as ApiError). Errors before the stream starts come as a JSON body.
 */
export async function extractClassList(
  file: File,
  today: string,
  onProgress: (progress: ExtractProgress) => void,
): Promise<ClassListExtraction> {
  const startedIn = sessionGeneration();
  const form = new FormData();
  form.append("file", file, file.name || "class-list");
  let response: Response;
  try {
    response = await fetch(`/api/admin/class-lists/extract?today=${encodeURIComponent(today)}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/x-ndjson" },
      body: form,
    });
  } catch {
    throw new ApiError(0, "NETWORK", errorsTexts.network);
  }
  if (!response.ok || !response.body || !response.headers.get("content-type")?.includes("ndjson")) {
    return readAnswer<ClassListExtraction>(response, startedIn);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += value ?? "";
    const lines = buffer.split("\n");
    buffer = done ? "" : (lines.pop() ?? "");
    for (const line of lines) {
      if (!line.trim()) continue;
      const event = JSON.parse(line) as ClassListExtractionEvent;
      if ("progress" in event) onProgress(event.progress);
      else if ("result" in event) return event.result;
      else throw new ApiError(422, event.error.code, event.error.message);
    }
    if (done) throw new ApiError(0, "NETWORK", errorsTexts.extractFailed);
  }
}

import { ApiError, readAnswer } from "#client/lib/api.ts";
import { sessionGeneration } from "#client/lib/session-cache.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

/** Sends one file as multipart/form-data (the JSON `api()` cannot) and returns the JSON answer. */
export async function uploadFile<T>(
  path: string,
  file: Blob,
  filename = "picture",
  method: "PUT" | "POST" = "PUT",
): Promise<T> {
  const startedIn = sessionGeneration();
  const form = new FormData();
  form.append("file", file, filename);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json" },
      body: form,
    });
  } catch {
    throw new ApiError(0, "NETWORK", errorsTexts.network);
  }
  return readAnswer<T>(response, startedIn);
}

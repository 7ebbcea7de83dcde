import { ApiError } from "#client/lib/api.ts";
import type { ErrorBody } from "#domain/errors.ts";
import { texts } from "#domain/texts.ts";

/** PUTs one file as multipart/form-data (the JSON `api()` cannot) and returns the JSON answer. */
export async function uploadFile<T>(path: string, file: Blob, filename = "picture"): Promise<T> {
  const form = new FormData();
  form.append("file", file, filename);
  let response: Response;
  try {
    response = await fetch(path, {
      method: "PUT",
      credentials: "same-origin",
      headers: { accept: "application/json" },
      body: form,
    });
  } catch {
    throw new ApiError(0, "NETWORK", texts.errors.network);
  }
  const data = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const body = (data as Partial<ErrorBody> | undefined)?.error;
    throw new ApiError(
      response.status,
      String(body?.code ?? "HTTP_ERROR"),
      body?.message ?? `The server answered ${response.status}.`,
    );
  }
  return data as T;
}

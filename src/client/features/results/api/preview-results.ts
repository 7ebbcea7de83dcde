import { classResultsPath } from "#client/features/results/api/keys.ts";
import { api } from "#client/lib/api.ts";
import { uploadFile } from "#client/lib/upload.ts";
import type { PreviewBody, ResultPreview } from "#domain/contracts/results.ts";

/** Reads typed lines or a CSV and matches each horse; nothing is stored. */
export const previewResults = (showId: string, classId: string, body: PreviewBody) =>
  api<ResultPreview>(`${classResultsPath(showId, classId)}/preview`, { method: "POST", body });

/** Reads a photo or PDF of a results sheet, then previews it. */
export const previewResultsFile = (showId: string, classId: string, file: File) =>
  uploadFile<ResultPreview>(`${classResultsPath(showId, classId)}/preview-file`, file, file.name, "POST");

import { api } from "#client/lib/api.ts";
import { uploadFile } from "#client/lib/upload.ts";
import type { CalendarImportResult, CalendarPreview, CalendarShow } from "#domain/contracts/admin.ts";

export const previewCalendarFile = (file: File) =>
  uploadFile<CalendarPreview>("/api/admin/calendar/preview", file, file.name, "POST");

export const previewCalendarUrl = (url: string) =>
  api<CalendarPreview>("/api/admin/calendar/preview-url", { method: "POST", body: { url } });

/** `importId` is shared by the batches of one import, so each person gets one notice for all of them. */
export const importCalendarBatch = (shows: CalendarShow[], existing: "skip" | "update", importId: string) =>
  api<CalendarImportResult>("/api/admin/calendar/import", {
    method: "POST",
    body: { shows, existing, importId },
  });

import type { ReadProgress } from "#server/platform/ocr/document-text.ts";

/** What a task tells the main thread while it runs: heavy-worker.ts sends it, heavy-pools.ts listens. */
export type TaskEvent = { started: true } | { progress: ReadProgress };

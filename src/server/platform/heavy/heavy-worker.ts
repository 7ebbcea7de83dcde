import type { MessagePort } from "node:worker_threads";
import type { ReadCalendar } from "#server/features/admin/calendar-files.ts";
import { toFailure, type WorkerReply } from "#server/platform/heavy/heavy-errors.ts";
import type { TaskEvent } from "#server/platform/heavy/task-events.ts";
import type { DocumentText } from "#server/platform/ocr/document-text.ts";
import type { OcrEngine } from "#server/platform/ocr/ocr-engine.ts";

/**
 * The tasks run in the heavy-input worker threads (heavy-pools.ts): whatever an upload or a fetched
 * file makes us parse, render or recognise happens here, never on the server's event loop. Each task
 * loads what it needs on first use (a calendar thread never loads pdfjs, sharp or Tesseract), then says
 * it has started on its input, which starts its deadline. The production build emits this file as its
 * own entry, dist/server/heavy-worker.js.
 */

interface TaskInput {
  bytes: Uint8Array;
  /** Where the task says it has started, and its progress (closed when it ends). */
  events: MessagePort;
}

const bytesOf = (view: Uint8Array) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

async function task<T, M>(
  input: TaskInput,
  load: () => Promise<M>,
  work: (loaded: M, send: (event: TaskEvent) => void) => Promise<T> | T,
): Promise<WorkerReply<T>> {
  const send = (event: TaskEvent) => input.events.postMessage(event);
  try {
    const loaded = await load();
    send({ started: true });
    return { ok: true, value: await work(loaded, send) };
  } catch (error) {
    return { ok: false, error: toFailure(error) };
  } finally {
    input.events.close();
  }
}

export function calendar(input: TaskInput): Promise<WorkerReply<ReadCalendar>> {
  return task(
    input,
    () => import("#server/features/admin/calendar-files.ts"),
    ({ readCalendarFile }) => readCalendarFile(bytesOf(input.bytes)),
  );
}

// Tesseract's own worker, started on first use in this thread; it stops itself after a quiet minute.
let ocr: OcrEngine | undefined;

export function document(
  input: TaskInput & { ocrPageTimeoutMs: number },
): Promise<WorkerReply<DocumentText>> {
  return task(
    input,
    async () => {
      const [text, engine] = await Promise.all([
        import("#server/platform/ocr/document-text.ts"),
        import("#server/platform/ocr/ocr-engine.ts"),
      ]);
      ocr ??= engine.createOcrEngine({ pageTimeoutMs: input.ocrPageTimeoutMs });
      return { ...text, ocr };
    },
    ({ readDocumentText, ocr }, send) =>
      readDocumentText(bytesOf(input.bytes), ocr, (progress) => send({ progress })),
  );
}

export function modelImage(input: TaskInput): Promise<WorkerReply<Uint8Array>> {
  return task(
    input,
    () => import("#server/platform/ocr/document-text.ts"),
    async ({ imageForModel }) => new Uint8Array(await imageForModel(bytesOf(input.bytes))),
  );
}

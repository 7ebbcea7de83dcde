import { MessageChannel, type TransferListItem } from "node:worker_threads";
import type { Piscina } from "piscina";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { HEAVY_INPUT_LIMITS, heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";
import type { ReadCalendar } from "#server/features/admin/calendar-files.ts";
import { AppError } from "#server/platform/errors.ts";
import { fromFailure, type WorkerReply } from "#server/platform/heavy/heavy-errors.ts";
import type { calendar, document, modelImage } from "#server/platform/heavy/heavy-worker.ts";
import type { TaskEvent } from "#server/platform/heavy/task-events.ts";
import type { DocumentText, ReadProgress } from "#server/platform/ocr/document-text.ts";

/**
 * Heavy inputs (calendars, CSV, PDFs, pictures and their OCR) are read in worker threads, one pool per
 * kind (piscina), so no upload can stall the event loop that answers everyone else. Each pool runs one
 * file at a time with a bounded queue behind it: a file that finds it full is refused at once (503,
 * Retry-After), before its bytes are even read. Each task has a deadline that terminates its thread and
 * a heap limit (resourceLimits) that does the same; both are refused with words for the admin.
 * Native memory (sharp, the PDF canvas, Tesseract's WebAssembly) is bounded by the pixel caps checked
 * before anything is decoded or rendered (docs/decisions/017-heavy-input-workers.md).
 */

export interface PoolLimits {
  /** The whole task, from start to answer; past it the thread is terminated. */
  timeoutMs: number;
  /** V8 old-generation heap of the thread. */
  heapMb: number;
  /** Files that may wait while one is read. */
  waiting: number;
}

export interface HeavyLimits {
  calendar: PoolLimits;
  document: PoolLimits & { ocrPageTimeoutMs: number };
}

export const DEFAULT_HEAVY_LIMITS: HeavyLimits = {
  calendar: { timeoutMs: 20_000, heapMb: 256, waiting: 4 },
  document: { timeoutMs: 180_000, heapMb: 512, waiting: 2, ocrPageTimeoutMs: 60_000 },
};

/** A place in a pool's queue, taken before the input is read; `release` gives it back unused. */
interface Ticket {
  release(): void;
}

export interface CalendarTicket extends Ticket {
  read(bytes: Buffer): Promise<ReadCalendar>;
}

export interface DocumentTicket extends Ticket {
  read(bytes: Buffer, onProgress?: (progress: ReadProgress) => void): Promise<DocumentText>;
  /** A picture as the JPEG an LLM is sent. */
  modelImage(bytes: Buffer): Promise<Buffer>;
}

export interface HeavyReaders {
  calendar: { reserve(): CalendarTicket; depth(): number };
  document: { reserve(): DocumentTicket; depth(): number };
  close(): Promise<void>;
}

// Under tsx (tests, `npm run dev`) the worker loads the TypeScript source through a small bootstrap; the
// production build emits it beside the bundle's other files (scripts/build-server.ts), so a sibling
// path works from whichever chunk this code lands in.
const fromSource = import.meta.url.endsWith(".ts");
const WORKER_FILE = new URL(fromSource ? "./heavy-worker-source.mjs" : "./heavy-worker.js", import.meta.url)
  .href;

export const busy = () =>
  new AppError(503, ERROR_CODES.unavailable, heavyInputsTexts.busy, {
    "retry-after": String(HEAVY_INPUT_LIMITS.retryAfterSeconds),
  });

type TaskName = "calendar" | "document" | "modelImage";

/**
 * How long a task may wait for a thread and load its code before its own deadline starts: a thread that
 * never gets going is stopped too.
 */
const START_ALLOWANCE_MS = 60_000;

interface PoolTicket {
  /** Runs one task in the pool and gives the place back. */
  run<T>(
    name: TaskName,
    input: object,
    transferList: TransferListItem[],
    onProgress?: (progress: ReadProgress) => void,
  ): Promise<T>;
  release(): void;
}

function createPool(limits: PoolLimits, idleMs: number) {
  // Made on first use: most servers never read a file, and a start should not load piscina for them.
  let pool: Promise<Piscina> | null = null;
  const start = async () => {
    const { Piscina } = await import("piscina");
    return new Piscina({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: idleMs,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
  };
  let inFlight = 0;

  async function run<T>(
    name: TaskName,
    input: object,
    transferList: TransferListItem[],
    onProgress?: (progress: ReadProgress) => void,
  ): Promise<T> {
    pool ??= start();
    // The deadline runs from the moment the task starts on its input (the thread up and its code
    // loaded), so the time a file waits behind another, or a cold thread's start, is not held against it.
    const stop = new AbortController();
    const timers: NodeJS.Timeout[] = [
      setTimeout(() => stop.abort(), START_ALLOWANCE_MS + (1 + limits.waiting) * limits.timeoutMs),
    ];
    const events = new MessageChannel();
    events.port1.on("message", (event: TaskEvent) => {
      if ("started" in event) timers.push(setTimeout(() => stop.abort(), limits.timeoutMs));
      else onProgress?.(event.progress);
    });
    let answer: WorkerReply<T>;
    try {
      answer = await (await pool).run(
        { ...input, events: events.port2 },
        { name, signal: stop.signal, transferList: [...transferList, events.port2] },
      );
    } catch (error) {
      const e = error as { name?: string; code?: string };
      if (e.name === "AbortError") {
        throw new AppError(
          422,
          ERROR_CODES.unprocessable,
          heavyInputsTexts.tookTooLong(limits.timeoutMs / 1000),
        );
      }
      if (e.code === "ERR_WORKER_OUT_OF_MEMORY") {
        throw new AppError(422, ERROR_CODES.unprocessable, heavyInputsTexts.tooComplex);
      }
      throw error;
    } finally {
      for (const timer of timers) clearTimeout(timer);
      events.port1.close();
    }
    if (!answer.ok) throw fromFailure(answer.error);
    return answer.value;
  }

  return {
    /** Tasks running or waiting (the metrics' queue depth). */
    depth: () => inFlight,
    /** A place for one task: refused at once while one task runs and `waiting` more wait. */
    reserve(): PoolTicket {
      if (inFlight >= 1 + limits.waiting) throw busy();
      inFlight++;
      let held = true;
      const release = () => {
        if (held) inFlight--;
        held = false;
      };
      return {
        release,
        async run(name, input, transferList, onProgress) {
          try {
            return await run(name, input, transferList, onProgress);
          } finally {
            release();
          }
        },
      };
    },
    close: async () => {
      await (await pool)?.destroy();
    },
  };
}

/** A copy the worker can own: an upload's Buffer may be a view into a larger shared one. */
const transferable = (bytes: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

type WorkerInput<F extends (input: never) => unknown> = Omit<Parameters<F>[0], "events">;

export function createHeavyReaders(overrides: Partial<HeavyLimits> = {}): HeavyReaders {
  const limits = { ...DEFAULT_HEAVY_LIMITS, ...overrides };
  const calendars = createPool(limits.calendar, 10_000);
  const documents = createPool(limits.document, 60_000);
  return {
    calendar: {
      depth: calendars.depth,
      reserve() {
        const ticket = calendars.reserve();
        return {
          release: ticket.release,
          read(bytes) {
            const copy = transferable(bytes);
            const input: WorkerInput<typeof calendar> = { bytes: copy };
            return ticket.run("calendar", input, [copy.buffer]);
          },
        };
      },
    },
    document: {
      depth: documents.depth,
      reserve() {
        const ticket = documents.reserve();
        return {
          release: ticket.release,
          read(bytes, onProgress) {
            const copy = transferable(bytes);
            const input: WorkerInput<typeof document> = {
              bytes: copy,
              ocrPageTimeoutMs: limits.document.ocrPageTimeoutMs,
            };
            return ticket.run("document", input, [copy.buffer], onProgress);
          },
          async modelImage(bytes) {
            const copy = transferable(bytes);
            const input: WorkerInput<typeof modelImage> = { bytes: copy };
            const jpeg = await ticket.run<Uint8Array>("modelImage", input, [copy.buffer]);
            return Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
          },
        };
      },
    },
    async close() {
      await Promise.all([calendars.close(), documents.close()]);
    },
  };
}

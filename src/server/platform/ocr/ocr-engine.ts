import { createRequire } from "node:module";
import type { Worker } from "tesseract.js";
import type { OcrWord } from "#domain/imports/word-layout.ts";

/**
 * Tesseract (tesseract.js, WebAssembly) in its own worker thread, so recognising a page never blocks the
 * server's event loop. English data comes from `@tesseract.js-data/eng` in node_modules (tesseract.js
 * would otherwise fetch it from a CDN and hang offline) and is never cached to disk.
 *
 * One worker per process, started on first use and stopped after a quiet minute (it holds ~100 MB).
 * Pages are recognised one at a time: on a small machine two at once only take twice as long each.
 */

const require = createRequire(import.meta.url);
const english = require("@tesseract.js-data/eng") as { langPath: string; gzip: boolean };

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
  /** Lines Tesseract was unsure of (line confidence below UNSURE_LINE), as it read them. */
  unsureLines: string[];
  /** Every word with its box and confidence: the reading order is made from these (word-layout.ts). */
  words: OcrWord[];
  /** The words as Tesseract grouped them into lines. */
  lines: OcrWord[][];
}

/** A line read with less confidence than this (0–100) is marked for the admin to check. */
export const UNSURE_LINE = 70;

/**
 * How Tesseract looks for text: "auto" finds blocks itself; "sparse" finds every piece of text, in no
 * order (for the words' boxes: where the columns are); "block" reads one column of lines, top to bottom;
 * "line" reads an image as a single line of text.
 */
export type OcrMode = "auto" | "sparse" | "block" | "line";
const PAGE_SEGMENTATION: Record<OcrMode, string> = { auto: "3", sparse: "11", block: "6", line: "7" };

export interface OcrEngine {
  /** Recognises one image (PNG/JPEG bytes), reporting progress 0–1 as Tesseract works. */
  recognize(image: Buffer, onProgress?: (progress: number) => void, mode?: OcrMode): Promise<OcrResult>;
  close(): Promise<void>;
}

function wordsOf(lines: readonly { words: { text: string; confidence: number; bbox: OcrBox }[] }[]) {
  const grouped = lines.map((l) =>
    l.words.map((w) => ({ text: w.text, confidence: w.confidence, ...w.bbox })),
  );
  return { words: grouped.flat(), lines: grouped };
}

interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export class OcrTimeoutError extends Error {
  constructor(seconds: number) {
    super(`Reading the page took longer than ${seconds} seconds.`);
    this.name = "OcrTimeoutError";
  }
}

export interface OcrEngineOptions {
  /** Stop the worker after this long without work. */
  idleMs?: number;
  /** Give up on one page after this long (the worker is restarted). */
  pageTimeoutMs?: number;
}

export function createOcrEngine(options: OcrEngineOptions = {}): OcrEngine {
  const idleMs = options.idleMs ?? 60_000;
  const pageTimeoutMs = options.pageTimeoutMs ?? 60_000;
  let worker: Promise<Worker> | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let jobs = 0;
  const listeners = new Map<string, (progress: number) => void>();
  let currentMode: OcrMode = "auto";

  const start = async () => {
    // Loaded on first use, like the worker itself: most processes never read a class list.
    const { createWorker, OEM } = await import("tesseract.js");
    const created = await createWorker("eng", OEM.LSTM_ONLY, {
      langPath: english.langPath,
      gzip: english.gzip,
      cacheMethod: "none",
      // Without a handler tesseract.js rethrows a failed job from its message listener, which would
      // crash the process; the job's own promise still rejects and is handled below.
      errorHandler: () => undefined,
      logger: (m) => {
        if (m.status === "recognizing text") listeners.get(m.userJobId)?.(m.progress);
      },
    });
    // Prepared pages carry no resolution Tesseract trusts; they are scaled to about 300 dpi.
    await created.setParameters({ user_defined_dpi: "300" });
    return created;
  };

  const stop = async () => {
    const current = worker;
    worker = null;
    currentMode = "auto";
    if (current) await (await current.catch(() => null))?.terminate().catch(() => undefined);
  };

  const scheduleIdleStop = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void stop(), idleMs);
    idleTimer.unref();
  };

  async function run(
    image: Buffer,
    onProgress: ((progress: number) => void) | undefined,
    mode: OcrMode,
  ): Promise<OcrResult> {
    if (idleTimer) clearTimeout(idleTimer);
    worker ??= start();
    const jobId = `ocr-${++jobs}`;
    if (onProgress) listeners.set(jobId, onProgress);
    let timer: NodeJS.Timeout | undefined;
    try {
      const ready = await worker;
      if (mode !== currentMode) {
        await ready.setParameters({ tessedit_pageseg_mode: PAGE_SEGMENTATION[mode] as never });
        currentMode = mode;
      }
      const result = await Promise.race([
        ready.recognize(image, {}, { text: true, blocks: true }, jobId),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new OcrTimeoutError(pageTimeoutMs / 1000)), pageTimeoutMs);
        }),
      ]);
      onProgress?.(1);
      const lines = (result.data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
      return {
        text: result.data.text,
        confidence: result.data.confidence,
        unsureLines: lines.filter((l) => l.confidence < UNSURE_LINE).map((l) => l.text.trim()),
        ...wordsOf(lines),
      };
    } catch (error) {
      // A stuck or crashed worker is not reused.
      await stop();
      throw error;
    } finally {
      clearTimeout(timer);
      listeners.delete(jobId);
      scheduleIdleStop();
    }
  }

  return {
    recognize(image, onProgress, mode = "auto") {
      const next = queue.then(() => run(image, onProgress, mode));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      await queue;
      await stop();
    },
  };
}

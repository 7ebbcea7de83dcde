import { Worker } from "node:worker_threads";

/**
 * SQLite's WAL checkpoints, off the request thread. By default the connection that commits runs a
 * checkpoint whenever the WAL passes 1,000 pages: it copies them into the database file and syncs
 * it, a few milliseconds during which the one event loop answers nobody (under saves, every ~60th
 * commit stalled every request in flight). Here a worker thread with its own connection runs a
 * PASSIVE checkpoint every `everyMs`: it never blocks a writer or a reader, the next commit after a
 * complete one starts the WAL from its beginning again, and durability is the same (commits go to
 * the WAL as before; a checkpoint syncs the WAL before and the database file after it copies).
 * The app's connection keeps an automatic checkpoint at `BACKSTOP_PAGES`, only reached if this
 * worker stops keeping up.
 */
export const BACKSTOP_PAGES = 10_000;
const DEFAULT_EVERY_MS = 100;

/** What one checkpoint did: WAL frames in the log and frames copied into the database file. */
export interface CheckpointResult {
  log: number;
  checkpointed: number;
}

export interface Checkpointer {
  /** Called after every checkpoint that copied something (tests watch it). */
  onCheckpoint(listener: (result: CheckpointResult) => void): void;
  stop(): Promise<void>;
}

// Plain CommonJS run by the worker (`eval`), so it needs no file of its own in the server bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 1000");
const timer = setInterval(() => {
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    if (result && result.checkpointed > 0) {
      parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed });
    }
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
}, workerData.everyMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Starts checkpointing `file` in a worker thread. `driver` is the resolved path of better-sqlite3
 * (the worker loads the same build). The worker does not keep the process alive.
 */
export function startCheckpointer(
  file: string,
  driver: string,
  opts: { everyMs?: number; onError?: (message: string) => void } = {},
): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // Plain CommonJS: none of the process's own flags (--import tsx, --input-type=module) apply to it.
    execArgv: [],
    workerData: { file, driver, everyMs: opts.everyMs ?? DEFAULT_EVERY_MS },
  });
  worker.unref();
  const listeners: ((result: CheckpointResult) => void)[] = [];
  worker.on("message", (message: CheckpointResult | { error: string }) => {
    if ("error" in message) opts.onError?.(message.error);
    else for (const listener of listeners) listener(message);
  });
  worker.on("error", (error) => opts.onError?.(error.message));
  const exited = new Promise<void>((done) => worker.once("exit", () => done()));
  return {
    onCheckpoint: (listener) => listeners.push(listener),
    async stop() {
      // Held while it stops: an unreferenced worker is no reason to keep running, so a process with
      // nothing else to do would end before the database is closed (a benchmark ended silently so).
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}

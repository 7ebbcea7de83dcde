import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import webpush from "web-push";

/**
 * Encrypting a push (RFC 8291: a fresh ECDH key pair and an ECDH agreement per message, then HKDF and
 * AES-GCM) costs about 0.4 ms of CPU; a fan-out to 500 devices would take 200 ms of it from the thread
 * that answers requests. So `web-push` runs in a worker thread, fed in batches; should the worker fail,
 * encryption falls back to this thread rather than stopping delivery.
 */

export interface EncryptJob {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  message: string;
  options: webpush.RequestOptions;
}

export interface Encrypted {
  headers: Record<string, string | number>;
  body: Uint8Array;
}

type Result = Encrypted | { error: string };

// Plain CommonJS run by the worker (`eval`), so it needs no file of its own in the server bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const webpush = require(workerData.webPush);
parentPort.on("message", ({ id, jobs }) => {
  const results = jobs.map((job) => {
    try {
      const details = webpush.generateRequestDetails(job.subscription, job.message, job.options);
      return { headers: details.headers, body: details.body };
    } catch (error) {
      return { error: String((error && error.message) || error) };
    }
  });
  parentPort.postMessage({ id, results });
});
`;

const inThread = (job: EncryptJob): Encrypted => {
  const details = webpush.generateRequestDetails(job.subscription, job.message, job.options);
  return { headers: details.headers as Encrypted["headers"], body: details.body as Buffer };
};

export function createEncryptor(opts: { onError?: (message: string) => void } = {}) {
  // Started at the first push, not with the server: most servers (and every test app) never push.
  let worker: Worker | null = null;
  let failed = false;
  let closed = false;
  let nextId = 0;
  const inFlight = new Map<number, { jobs: EncryptJob[]; settle: (results: Result[]) => void }>();
  let queued: { job: EncryptJob; resolve: (e: Encrypted) => void; reject: (e: Error) => void }[] = [];
  let scheduled = false;

  const encryptHere = (job: EncryptJob): Result => {
    try {
      return inThread(job);
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  const fail = (message: string) => {
    opts.onError?.(message);
    failed = true;
    worker = null;
    for (const { jobs, settle } of inFlight.values()) settle(jobs.map(encryptHere));
    inFlight.clear();
  };
  const started = (): Worker | null => {
    if (worker || failed || closed) return worker;
    const created = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { webPush: createRequire(import.meta.url).resolve("web-push") },
    });
    created.on("message", ({ id, results }: { id: number; results: Result[] }) => {
      const batch = inFlight.get(id);
      inFlight.delete(id);
      // An idle worker is no reason to keep the process running.
      if (inFlight.size === 0) created.unref();
      batch?.settle(results);
    });
    created.on("error", (error) => fail(`push encryption worker failed: ${error.message}`));
    created.on("exit", (code) => {
      if (worker === created) fail(`push encryption worker stopped (${code})`);
    });
    worker = created;
    return created;
  };

  // The jobs asked for in one turn of the event loop go to the worker as one message.
  const flush = () => {
    scheduled = false;
    const batch = queued;
    queued = [];
    const jobs = batch.map((q) => q.job);
    const settle = (results: Result[]) =>
      results.forEach((result, i) => {
        const waiting = batch[i];
        if (!waiting) return;
        if ("error" in result) waiting.reject(new Error(result.error));
        else waiting.resolve(result);
      });
    const thread = started();
    if (!thread) return settle(jobs.map(encryptHere));
    const id = nextId++;
    inFlight.set(id, { jobs, settle });
    thread.ref();
    thread.postMessage({ id, jobs });
  };

  return {
    encrypt(job: EncryptJob): Promise<Encrypted> {
      return new Promise((resolve, reject) => {
        queued.push({ job, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    async close(): Promise<void> {
      closed = true;
      const closing = worker;
      worker = null;
      await closing?.terminate();
    },
  };
}

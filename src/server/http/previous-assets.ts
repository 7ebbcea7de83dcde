import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";

/**
 * A tab opened before an upgrade keeps working across it (issue 26 item 5, ADR 024): its screens and
 * dialogs load by the hashed file names of the build it started with, and those files stay served for a
 * while after a new build replaces them. They wait in `<CLIENT_DIR>-previous/assets/`, beside the served
 * folder, which the server serves after the new build's own files (and never in the service worker's
 * precache). Each file's modification time is when its build was replaced.
 */
export const previousClientDir = (clientDir: string): string => `${clientDir}-previous`;

/** How long a replaced build's files stay served: a tab open longer than that reloads to get the new one. */
export const KEEP_PREVIOUS_DAYS = 7;

export interface KeepResult {
  /** Files of the build being replaced, newly kept. */
  kept: number;
  /** Files of older builds, replaced more than the keep window ago, removed. */
  removed: number;
}

/**
 * Before a new build is written over `clientDir` (or into a new release folder): keeps the files of the
 * build being replaced (`from`, the running release's client folder; `clientDir` itself for an in-place
 * build) and what that build still kept of older ones, and drops what was replaced over `keepDays` ago.
 */
export function keepPreviousAssets(options: {
  clientDir: string;
  from?: string;
  now?: Date;
  keepDays?: number;
}): KeepResult {
  const { clientDir, from = clientDir, now = new Date(), keepDays = KEEP_PREVIOUS_DAYS } = options;
  const target = join(previousClientDir(clientDir), "assets");
  mkdirSync(target, { recursive: true });
  // What the replaced build still kept (another release's folder): with the times they were replaced.
  const olderKept = join(previousClientDir(from), "assets");
  if (from !== clientDir && existsSync(olderKept)) {
    cpSync(olderKept, target, { recursive: true, preserveTimestamps: true });
  }
  const cutoff = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  let removed = 0;
  for (const name of readdirSync(target)) {
    const file = join(target, name);
    if (statSync(file).mtimeMs < cutoff) {
      rmSync(file, { force: true });
      removed += 1;
    }
  }
  // The replaced build's own files, replaced now.
  const replaced = join(from, "assets");
  let kept = 0;
  if (existsSync(replaced)) {
    for (const name of readdirSync(replaced)) {
      const file = join(target, name);
      cpSync(join(replaced, name), file);
      utimesSync(file, now, now);
      kept += 1;
    }
  }
  return { kept, removed };
}

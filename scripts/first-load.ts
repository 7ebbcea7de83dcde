/**
 * First-load JavaScript budget (issue 13): what a cold start of the roster, the planner and a show
 * detail must download before the screen can render — the entry chunk, the screen's lazy chunk and
 * every chunk they import statically — gzipped at level 9, from the Vite build manifest. A size is
 * deterministic, unlike a timing, so `npm run test:e2e` (in `npm test` and CI) fails when a screen
 * goes over budget. `npm run bench` measures the same in Chromium (bench/bundle-bench.ts).
 *
 * Usage: node --import tsx scripts/first-load.ts [clientDir]   (default dist/client, or CLIENT_DIR)
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const FIRST_LOAD_BUDGET_BYTES = 100 * 1024;

/** The budgeted screens by their module in the manifest (keys are relative to src/client). */
export const BUDGETED_SCREENS: Record<string, string> = {
  roster: "features/roster/roster-screen.tsx",
  planner: "features/planner/planner-screen.tsx",
  "show detail": "features/shows/show-detail-screen.tsx",
};

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files a cold start loads for a screen: the entry and the screen's chunk with their static imports. */
export function firstLoadFiles(manifest: Manifest, screen: string): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the manifest, found ${entries.length}.`);
  if (!manifest[screen]) throw new Error(`The manifest has no chunk for ${screen}.`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest names ${key} but has no chunk for it.`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]!);
  visit(screen);
  return [...seen].map((key) => manifest[key]!.file).sort();
}

/**
 * A page the server rendered starts the app with this classic script once it is painted (ADR 019): part of
 * what every screen needs to become interactive.
 */
export const PAGE_START = "page-start.js";

export function gzippedSize(clientDir: string, files: string[]): number {
  return files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length,
    0,
  );
}

function main() {
  const clientDir = resolve(process.argv[2] ?? process.env.CLIENT_DIR ?? "dist/client");
  const manifest = JSON.parse(readFileSync(join(clientDir, ".vite/manifest.json"), "utf8")) as Manifest;
  let over = 0;
  for (const [name, module] of Object.entries(BUDGETED_SCREENS)) {
    const files = [...firstLoadFiles(manifest, module), PAGE_START];
    const bytes = gzippedSize(clientDir, files);
    if (bytes > FIRST_LOAD_BUDGET_BYTES) over += 1;
    console.log(
      `${bytes <= FIRST_LOAD_BUDGET_BYTES ? "ok  " : "OVER"} first-load JS, ${name}: ${kib(bytes)} KiB gzipped in ${files.length} files (budget ${kib(FIRST_LOAD_BUDGET_BYTES)} KiB, ${FIRST_LOAD_BUDGET_BYTES - bytes} B to spare)`,
    );
  }
  if (over) {
    console.error(
      `${over} screen(s) over the first-load budget: move what the first paint does not need into lazy chunks (docs/decisions/015-first-load.md).`,
    );
    process.exit(1);
  }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

/**
 * The physical floor of a screen (issue 20): the page our server renders for it, as static HTML with its
 * text and CSS and nothing else (no script, no preloads), served by the same server from the client
 * folder. Lighthouse measures it beside ours, so each screen's LCP can be given as a ratio to what the
 * machine and the simulated network allow for that very content.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

export const FLOOR_DIR = "bench-floor";

/** The page without anything that runs or is fetched for running. */
export function floorHtml(page: string): string {
  return page
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/<link rel="manifest"[^>]*>/g, "");
}

export const floorPath = (slug: string): string => `/${FLOOR_DIR}/${slug}.html`;

/**
 * A copy of the built client with each floor page beside it (compressed as the build compresses), so the
 * server started on it serves them as static files.
 */
export function clientWithFloors(clientDir: string, floors: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "ringside-bench-client-"));
  cpSync(clientDir, dir, { recursive: true });
  mkdirSync(join(dir, FLOOR_DIR), { recursive: true });
  for (const [slug, html] of Object.entries(floors)) {
    const file = join(dir, FLOOR_DIR, `${slug}.html`);
    writeFileSync(file, html);
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(html));
  }
  return dir;
}

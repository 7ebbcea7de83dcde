/**
 * Builds the public pages' scripts (`npm run build`, issue 35, ADR 044 and 046): src/client/watch/watch-live.ts
 * and board-live.ts, each one small ES module, `assets/<name>-<hash>.js` in the client's folder, with Brotli and gzip copies
 * as Vite makes for its own files. Not a Vite entry: the client build groups every entry's imports of
 * src/domain into the app's shell chunk, which would grow the app's first load and make the watch page
 * load the app's shell. The server finds each file by its name (watch.routes.ts, `liveScriptOf`).
 */
import { createHash } from "node:crypto";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { build } from "esbuild";

/** The budget of issue 35: the page loads at most this much script. */
const BUDGET_BYTES = 30 * 1024;

const clientDir = process.env.CLIENT_OUT_DIR
  ? resolve("src/client", process.env.CLIENT_OUT_DIR)
  : resolve("dist/client");
const assets = join(clientDir, "assets");

/** One script of src/client/watch, minified; the build fails over the budget. */
async function bundle(name: string, format: "esm" | "iife"): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [`src/client/watch/${name}.ts`],
    bundle: true,
    minify: true,
    format,
    target: "es2022",
    platform: "browser",
    write: false,
    legalComments: "none",
  });
  const code = result.outputFiles[0]!.contents;
  if (code.byteLength > BUDGET_BYTES) {
    throw new Error(`The ${name} script is ${code.byteLength} bytes, over its ${BUDGET_BYTES}.`);
  }
  return code;
}

const writeCompressed = (file: string, code: Uint8Array) => {
  writeFileSync(file, code);
  writeFileSync(`${file}.br`, brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(code, { level: 9 }));
};

/** The public pages' scripts: a watch link's page (ADR 044) and a show's ring board (ADR 046). */
for (const name of ["watch-live", "board-live"]) {
  const code = await bundle(name, "esm");
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
  for (const old of readdirSync(assets).filter((f) => f.startsWith(`${name}-`))) rmSync(join(assets, old));
  const file = join(assets, `${name}-${hash}.js`);
  writeCompressed(file, code);
  console.log(`${name} script: ${file} (${code.byteLength} bytes, ${gzipSync(code).byteLength} gzipped)`);
}

// Notify me's service worker (ADR 049): at the root, not hashed, so a link's page can be its scope and the
// browser finds it again at the same address (served with no-cache, so an update reaches it).
const worker = await bundle("watch-sw", "iife");
writeCompressed(join(clientDir, "watch-sw.js"), worker);
console.log(`watch service worker: ${join(clientDir, "watch-sw.js")} (${worker.byteLength} bytes)`);

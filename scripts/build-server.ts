/**
 * Compiles the server for production (`npm run build`): one ES module, dist/server/main.js, with our
 * own TypeScript bundled and every npm package left to Node's resolver. `npm start` runs it with plain
 * `node`, so a cold start no longer loads and transpiles a few hundred TypeScript files through tsx.
 * `npm run dev` and the tests keep running the sources.
 */
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
});

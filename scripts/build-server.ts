/**
 * Compiles the server for production (`npm run build`): one ES module, dist/server/main.js (or the
 * file given as the first argument). `npm start` runs it with plain `node`; `npm run dev` and the
 * tests keep running the TypeScript sources through tsx.
 *
 * Our own code is bundled, and so are the big pure-JavaScript packages that every start loads
 * (Fastify, better-auth, zod, Kysely, date-fns, …) with everything they import: resolving and
 * reading their hundreds of small files was most of a cold start. Every other package our code
 * imports stays external and is loaded by Node as usual, so a package that finds files beside itself
 * (native addons, Swagger UI's assets, OCR data) keeps working, and a newly added dependency is
 * external until someone checks that it bundles cleanly and adds it here.
 *
 * The heavy-input worker (src/server/platform/heavy/heavy-worker.ts) is a second entry,
 * heavy-worker.js beside main.js: worker threads load it by file name. Chunks sit beside both (no
 * sub-folder), so the pool finds it as a sibling from whichever chunk its code lands in.
 */
import { basename, dirname } from "node:path";
import { build, type Plugin } from "esbuild";

const BUNDLED = new Set([
  "fastify",
  "@fastify/compress",
  "helmet",
  "@fastify/multipart",
  "@fastify/static",
  "@fastify/swagger",
  "better-auth",
  "date-fns",
  "fastify-plugin",
  "fastify-type-provider-zod",
  "ics",
  "kysely",
  "uuid",
  "zod",
]);

const packageName = (specifier: string) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;

/** Native addons: never bundled, whoever imports them. */
const NATIVE = new Set(["better-sqlite3", "sharp", "pg-native"]);

/**
 * Our code's imports of packages outside BUNDLED stay external; inside a bundled package (the
 * importer lives in node_modules) its own dependencies are bundled too, native addons excepted.
 */
const externalUnlessListed: Plugin = {
  name: "external-unless-listed",
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => {
      const name = packageName(args.path);
      const fromPackage = args.importer.includes("/node_modules/");
      if (args.path.startsWith("node:") || NATIVE.has(name) || (!fromPackage && !BUNDLED.has(name))) {
        return { path: args.path, external: true };
      }
      return undefined;
    });
  },
};

const outfile = process.argv[2] ?? "dist/server/main.js";

await build({
  entryPoints: {
    [basename(outfile, ".js")]: "src/server/main.ts",
    "heavy-worker": "src/server/platform/heavy/heavy-worker.ts",
  },
  // Code splitting keeps a dynamic import() lazy: the module it names (the LLM client, the OCR
  // reader) becomes a chunk beside main.js, loaded with the packages it imports on first use only.
  // Without it the bundle inlines such modules and hoists their imports (the `ai` SDK, sharp,
  // file-type) into the start-up path.
  splitting: true,
  outdir: dirname(outfile),
  entryNames: "[name]",
  chunkNames: "[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  plugins: [externalUnlessListed],
  // Bundled CommonJS packages call require(); give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
});

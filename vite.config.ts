import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { visualizer } from "rollup-plugin-visualizer";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

/**
 * The server-rendering bundle (`vite build --ssr`, ADR 019): src/client/entry-server.tsx as an ES module
 * in dist/ssr that the Fastify server imports; packages stay in node_modules, where Node finds them.
 */
const ssrBuild = defineConfig({
  root: "src/client",
  publicDir: false,
  build: {
    ssr: true,
    outDir: process.env.SSR_OUT_DIR ?? "../../dist/ssr",
    emptyOutDir: true,
    target: "node20",
    rolldownOptions: {
      input: "src/client/entry-server.tsx",
      output: { entryFileNames: "entry-server.js" },
      // Only the browser registers the service worker (pwa.ts imports it when it does).
      external: ["virtual:pwa-register"],
    },
  },
  // Self-contained, with React's production build: an external React would load its development
  // build unless NODE_ENV is set where the server runs.
  ssr: { noExternal: true },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  plugins: [react()],
});

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild : clientBuild));

const clientBuild = defineConfig({
  root: "src/client",
  publicDir: "public",
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL("src/client/lib/react-sync-store.ts", import.meta.url)),
      },
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL("src/client/lib/zod-browser.ts", import.meta.url)),
      },
    ],
  },
  build: {
    // Parallel builds (several engineers on one machine) may each pick their own folder.
    outDir: process.env.CLIENT_OUT_DIR ?? "../../dist/client",
    emptyOutDir: true,
    // The treemap reads each module's share of the minified chunks from their source maps.
    sourcemap: Boolean(process.env.TREEMAP_FILE),
    target: "es2022",
    // Read by scripts/first-load.ts, the first-load size budget.
    manifest: true,
    // Every browser we support preloads modules natively; the polyfill would only weigh on the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The shell names every lazy chunk it may load (37 of them): seven base-64 characters of hash
        // (2^42 values; Rolldown asks for seven with 65 chunks) instead of eight save about 30 B gzipped on
        // every first load, where the budget counts bytes (ADR 015).
        entryFileNames: "assets/[name]-[hash:7].js",
        chunkFileNames: "assets/[name]-[hash:7].js",
        codeSplitting: {
          // A small chunk shared by a few screens is copied into them instead of being one more request
          // on a phone's first load (7 files instead of 18 for the roster; ADR 015, second round).
          experimentalInlineCommonChunks: { maxSize: 8192 },
          // What every screen loads first, as one file instead of three: React, TanStack Query, the
          // texts and the API client compress better together (about 1.5 KiB less; ADR 015). Only what
          // the entry itself imports: a lazy screen's part of TanStack Query stays with that screen.
          groups: [
            {
              name: "shell",
              tags: ["$initial"],
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/]query-core|@tanstack[\\/]react-query|wouter|regexparam|lucide-react)[\\/]|src[\\/]domain[\\/]|src[\\/]client[\\/](lib|app|ui)[\\/]|src[\\/]client[\\/]main/,
            },
          ],
        },
      },
    },
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // Our own service worker (src/client/sw.ts): page loads go to the network, which renders them per
      // person, and fall back to the cached page (ADR 019); it also shows pushed notifications (ADR 022).
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      // Registered by our own code on page load so a failure is only logged (spec).
      injectRegister: false,
      // A new version waits until the person chooses 'Update now' (ADR 013): no silent stale app, and
      // no screen swapped under someone mid-task either.
      registerType: "prompt",
      manifest: {
        name: "Ringside",
        short_name: "Ringside",
        description: "Season planner for the walking-horse show world",
        theme_color: "#1f3d2f",
        background_color: "#f7f5f0",
        display: "standalone",
        start_url: "/roster",
        icons: [
          { src: "icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webp,woff2}"],
      },
    }),
    // Brotli and gzip copies of every text asset, made once here at maximum quality; the server
    // (@fastify/static `preCompressed`) picks one by Accept-Encoding instead of compressing per request.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
    }),
    // `npm run treemap`: what each chunk is made of, read through its source map (issue 33, bench/RESULTS.md).
    ...(process.env.TREEMAP_FILE
      ? [
          visualizer({
            filename: process.env.TREEMAP_FILE,
            template: "treemap",
            gzipSize: true,
            sourcemap: true,
          }),
        ]
      : []),
  ],
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});

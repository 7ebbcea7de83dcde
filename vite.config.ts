import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  build: {
    // Parallel builds (several engineers on one machine) may each pick their own folder.
    outDir: process.env.CLIENT_OUT_DIR ?? "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
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
        start_url: "/#/roster",
        icons: [
          { src: "icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        navigateFallback: "index.html",
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ["**/*.{js,css,html,svg,png,webp,woff2}"],
      },
    }),
    // Brotli and gzip copies of every text asset, made once here at maximum quality; the server
    // (@fastify/static `preCompressed`) picks one by Accept-Encoding instead of compressing per request.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
    }),
  ],
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});

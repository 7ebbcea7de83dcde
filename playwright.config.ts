import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const DATA_DIR = process.env.E2E_DATA_DIR ?? "test-results/e2e-data";

/** Debian's Chromium, never a downloaded browser (the machines here cannot download one). */
export const chromiumLaunch = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/**
 * The e2e's browser: Debian's Chromium headless shell (package chromium-headless-shell, the same Chromium
 * build as /usr/bin/chromium without the browser's own UI), which Playwright itself uses for headless runs.
 * The two phone specs below, on two cores at load 6–8: 204 and 195 s in the full browser, 126 and 142 s in the
 * shell (ADR 056). Where the shell is not installed, the full browser runs every spec. The benches measure
 * in the full browser, as users have it (chromiumLaunch).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const e2eLaunch = {
  ...chromiumLaunch,
  executablePath:
    process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumLaunch.executablePath),
};
/** The shell has no push messaging (no push service behind PushManager): these specs run in the full browser. */
const NEEDS_FULL_BROWSER = /(push|barn-notify|watch-notify)\.spec\.ts$/;

/**
 * Pixel 7's touch, mobile viewport and user agent at 390 × 844, drawn at device scale 1 rather than its
 * 2.625: Chromium rasterizes in software here, and drawing every frame at 6.9 times the pixels made three
 * specs a sixth slower on the two shared cores (93 vs 110 s and 111 vs 131 s, alternating runs, load 5–12).
 * Layout, media queries and touch are the same; no test reads the pixel ratio.
 */
const phone = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace (a screencast and a DOM snapshot at every step) for every test took about a third
    // of the run's time on CI's two cores (33 tests: 193 s with, 139 s without), and CI keeps only the
    // text output; a local run keeps the failures' traces.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    serviceWorkers: "block",
    launchOptions: e2eLaunch,
  },
  projects: [
    {
      name: "phone",
      testIgnore: [/admin\.spec\.ts$/, NEEDS_FULL_BROWSER],
      use: { ...phone, launchOptions: e2eLaunch },
    },
    {
      name: "phone-push",
      testMatch: NEEDS_FULL_BROWSER,
      use: { ...phone, launchOptions: chromiumLaunch },
    },
    {
      // The Admin Panel's tests add and delete people and shows and import a whole season calendar:
      // they run after every other spec, so no other test sees the data change under it.
      name: "admin",
      testMatch: /admin\.spec\.ts$/,
      dependencies: ["phone", "phone-push"],
      use: { ...phone, launchOptions: e2eLaunch },
    },
  ],
  webServer: {
    command: "node --import tsx scripts/e2e-server.ts",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      E2E_DATA_DIR: DATA_DIR,
      ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
    },
  },
});

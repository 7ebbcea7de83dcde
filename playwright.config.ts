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
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    serviceWorkers: "block",
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: "phone",
      testIgnore: /admin\.spec\.ts$/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromiumLaunch },
    },
    {
      // The Admin Panel's tests add and delete people and shows and import a whole season calendar:
      // they run after every other spec, so no other test sees the data change under it.
      name: "admin",
      testMatch: /admin\.spec\.ts$/,
      dependencies: ["phone"],
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromiumLaunch },
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

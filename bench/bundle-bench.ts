/**
 * First-load JavaScript per screen: a fresh, signed-in Chromium opens the screen and every script it
 * fetches before the network goes quiet is counted, raw and gzipped (level 9, whatever the server
 * sent). Budget: ≤ 100 KiB gzipped (DESIGN.md).
 */
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumLaunch } from "../playwright.config.ts";
import type { BenchModule } from "./lib/module.ts";
import { budgetedPages } from "./lib/pages.ts";
import { kib, mark, table } from "./lib/report.ts";
import { signInBench, startBenchServer } from "./server.ts";

const BUDGET_BYTES = 100 * 1024;

export const bundleBench: BenchModule = {
  name: "bundle",
  perEngine: false,
  async run({ engine, port, clientDir }) {
    const server = await startBenchServer({ port, dataDir: engine.dataDir, clientDir });
    const browser = await chromium.launch(chromiumLaunch);
    try {
      const { base } = server;
      const cookie = await signInBench(base);
      const rows: (string | number)[][] = [];
      const budgets = [];
      for (const page of await budgetedPages(base, cookie)) {
        const context = await browser.newContext({
          serviceWorkers: "block",
          viewport: { width: 390, height: 844 },
        });
        const [name, value] = cookie.split(";")[0]!.split("=");
        await context.addCookies([{ name: name!, value: value!, url: base }]);
        const tab = await context.newPage();
        const scripts = new Map<string, Promise<Buffer>>();
        tab.on("response", (response) => {
          if (response.request().resourceType() === "script") scripts.set(response.url(), response.body());
        });
        await tab.goto(`${base}${page.path}`, { waitUntil: "networkidle" });
        const bodies = await Promise.all(scripts.values());
        const raw = bodies.reduce((a, b) => a + b.length, 0);
        const gzipped = bodies.reduce((a, b) => a + gzipSync(b, { level: 9 }).length, 0);
        const ok = gzipped <= BUDGET_BYTES;
        rows.push([page.name, scripts.size, kib(raw), kib(gzipped), `≤ 100 KiB ${mark(ok)}`]);
        budgets.push({ name: `first-load JS, ${page.name}`, ok, detail: `${kib(gzipped)} gzipped` });
        await context.close();
      }
      return {
        title: "First-load JavaScript per screen",
        body: table(["screen", "scripts", "raw", "gzipped", "budget"], rows),
        budgets,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};

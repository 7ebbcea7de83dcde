/**
 * First-load JavaScript per screen: a fresh, signed-in Chromium opens the screen, and the scripts it
 * asked for before the screen's largest content was painted (its LCP) are counted, raw and gzipped
 * (level 9, whatever the server sent): what it took to show the screen, the budget of ≤ 100 KiB
 * gzipped. Everything fetched until the network goes quiet (what loads by itself after the paint: the
 * service worker's registration, the live stream, the AI row) is shown beside it.
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
        const asked = await tab.evaluate(async () => {
          const lcp = await new Promise<number>((done) => {
            new PerformanceObserver((list) => done(list.getEntries().at(-1)?.startTime ?? Infinity)).observe({
              type: "largest-contentful-paint",
              buffered: true,
            });
          });
          const startedAt = Object.fromEntries(
            performance.getEntriesByType("resource").map((e) => [e.name, e.startTime] as const),
          );
          return { lcp, startedAt };
        });
        const all = await Promise.all([...scripts].map(async ([url, body]) => ({ url, body: await body })));
        const beforePaint = all.filter((s) => (asked.startedAt[s.url] ?? Infinity) < asked.lcp);
        const gz = (list: typeof all) => list.reduce((a, s) => a + gzipSync(s.body, { level: 9 }).length, 0);
        const raw = beforePaint.reduce((a, s) => a + s.body.length, 0);
        const gzipped = gz(beforePaint);
        const ok = gzipped <= BUDGET_BYTES;
        rows.push([
          page.name,
          beforePaint.length,
          kib(raw),
          kib(gzipped),
          `≤ 100 KiB ${mark(ok)}`,
          all.length,
          kib(gz(all)),
        ]);
        budgets.push({
          name: `first-load JS, ${page.name}`,
          ok,
          detail: `${kib(gzipped)} gzipped before the screen's largest paint`,
        });
        await context.close();
      }
      return {
        title: "First-load JavaScript per screen",
        body: table(
          [
            "screen",
            "scripts before its LCP",
            "raw",
            "gzipped",
            "budget",
            "scripts until the network is quiet",
            "their gzipped",
          ],
          rows,
        ),
        budgets,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};

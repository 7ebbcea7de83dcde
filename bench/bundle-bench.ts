/**
 * First-load JavaScript per screen: a fresh, signed-in Chromium opens the screen, and the scripts it
 * asked for before the app marked the first screen as shown (`ringside:first-screen`, after-first-screen.ts:
 * the server-rendered screen hydrated with its data) are counted, raw and gzipped (level 9, whatever the
 * server sent): what it took for the screen to become interactive, the budget of ≤ 100 KiB
 * gzipped. (The server renders the screen, so its largest paint comes before any script.) Everything
 * fetched until the network goes quiet (what loads by itself after that: the service worker's
 * registration, the live stream, the AI row) is shown beside it.
 */
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumLaunch } from "../playwright.config.ts";
import type { BenchModule } from "./lib/module.ts";
import { budgetedPages } from "./lib/pages.ts";
import { kib, mark, table } from "./lib/report.ts";
import { browserCookies, signInBench, startBenchServer } from "./server.ts";

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
        await context.addCookies(browserCookies(cookie, base));
        const tab = await context.newPage();
        const scripts = new Map<string, Promise<Buffer>>();
        tab.on("response", (response) => {
          if (response.request().resourceType() === "script") scripts.set(response.url(), response.body());
        });
        await tab.goto(`${base}${page.path}`, { waitUntil: "networkidle" });
        // A string, not a function: tsx would wrap a function's inner helpers in a name helper the page lacks.
        const asked = (await tab.evaluate(`new Promise((done) => {
          const poll = () => {
            const mark = performance.getEntriesByName("ringside:first-screen")[0];
            if (!mark) return setTimeout(poll, 50);
            done({
              shownAt: mark.startTime,
              startedAt: Object.fromEntries(performance.getEntriesByType("resource").map((e) => [e.name, e.startTime])),
            });
          };
          poll();
        })`)) as { shownAt: number; startedAt: Record<string, number> };
        const all = await Promise.all([...scripts].map(async ([url, body]) => ({ url, body: await body })));
        const beforePaint = all.filter((s) => (asked.startedAt[s.url] ?? Infinity) < asked.shownAt);
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
          detail: `${kib(gzipped)} gzipped before the screen was shown (hydrated)`,
        });
        await context.close();
      }
      return {
        title: "First-load JavaScript per screen",
        body: table(
          [
            "screen",
            "scripts before the screen was shown",
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

/**
 * Lighthouse 12 (mobile, default simulated throttling) on the three budgeted screens, signed in,
 * against the production server on the SQLite season. Budgets (issue 13): performance ≥ 98,
 * accessibility 100, best practices 100, LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS 0.
 * BENCH_LIGHTHOUSE_DIR: a folder to keep each screen's full report in (JSON), to see why a figure is what it is.
 * BENCH_LIGHTHOUSE_PAGES: which screens to run (comma-separated first words: roster, planner, show).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumLaunch } from "../playwright.config.ts";
import type { BenchModule } from "./lib/module.ts";
import { budgetedPages } from "./lib/pages.ts";
import { type BudgetCheck, mark, table } from "./lib/report.ts";
import { signInBench, startBenchServer } from "./server.ts";

const pick = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").map((s) => s.trim());
const picked = (name: string) => !pick || pick.includes(name.split(" ")[0]!);

export const lighthouseBench: BenchModule = {
  name: "lighthouse",
  perEngine: false,
  async run({ engine, port, clientDir }) {
    const server = await startBenchServer({ port, dataDir: engine.dataDir, clientDir });
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? chromiumLaunch.executablePath,
      chromeFlags: ["--headless=new", ...chromiumLaunch.args],
    });
    try {
      const { base } = server;
      const cookie = await signInBench(base);
      const rows: string[][] = [];
      const budgets: BudgetCheck[] = [];
      for (const page of (await budgetedPages(base, cookie)).filter((p) => picked(p.name))) {
        const result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices"],
          extraHeaders: { Cookie: cookie },
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.name}`);
        const keep = process.env.BENCH_LIGHTHOUSE_DIR;
        if (keep) {
          mkdirSync(keep, { recursive: true });
          writeFileSync(join(keep, `${page.name.split(" ")[0]}.json`), JSON.stringify(result.lhr));
        }
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        const perf = score("performance");
        const a11y = score("accessibility");
        const bp = score("best-practices");
        const lcp = value("largest-contentful-paint");
        const tbt = value("total-blocking-time");
        const cls = value("cumulative-layout-shift");
        const checks: [string, boolean, string][] = [
          ["performance ≥ 98", perf >= 98, String(perf)],
          ["accessibility 100", a11y === 100, String(a11y)],
          ["best practices 100", bp === 100, String(bp)],
          ["LCP ≤ 1.5 s", lcp <= 1500, `${(lcp / 1000).toFixed(2)} s`],
          ["TBT ≤ 50 ms", tbt <= 50, `${tbt.toFixed(0)} ms`],
          ["CLS 0", cls < 0.001, cls.toFixed(3)],
        ];
        for (const [what, ok, figure] of checks) {
          budgets.push({ name: `Lighthouse ${page.name}: ${what}`, ok, detail: figure });
        }
        rows.push([page.name, ...checks.map(([, ok, figure]) => `${figure} ${mark(ok)}`)]);
      }
      return {
        title: "Lighthouse 12, mobile",
        body: table(["screen", "performance", "accessibility", "best practices", "LCP", "TBT", "CLS"], rows),
        budgets,
      };
    } finally {
      chrome.kill();
      await server.stop();
    }
  },
};

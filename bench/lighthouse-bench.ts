/**
 * Lighthouse 12 (mobile, default simulated throttling) against the production server on the SQLite
 * season: the three budgeted screens signed in, the sign-in screen and an invite link's sign-up screen
 * signed out, each interleaved with its physical floor — the same page as static HTML with its text and
 * CSS only (bench/lib/floor.ts), served by the same server — so each screen's LCP is also given as a
 * ratio to its floor, a figure that survives a slow machine. Budgets (issue 20): performance ≥ 98,
 * accessibility 100, best practices 100, LCP ≤ 1.2 s, TBT ≤ 100 ms, CLS 0, LCP ≤ 1.4× the floor's.
 * BENCH_LIGHTHOUSE_DIR: a folder to keep each full report in (JSON), to see why a figure is what it is.
 * BENCH_LIGHTHOUSE_PAGES: which screens to run (comma-separated first words: roster, planner, show, sign-in, invite).
 * BENCH_LIGHTHOUSE_ROUNDS: how many times each pair runs (default 1); the median of each figure is reported.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { chromiumLaunch } from "../playwright.config.ts";
import { clientWithFloors, floorHtml, floorPath } from "./lib/floor.ts";
import type { BenchModule } from "./lib/module.ts";
import { type BenchPage, budgetedPages, signedOutPages } from "./lib/pages.ts";
import { type BudgetCheck, mark, table } from "./lib/report.ts";
import { signInBench, startBenchServer } from "./server.ts";

const pick = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").map((s) => s.trim());
const picked = (name: string) => !pick || pick.includes(name.split(" ")[0]!);
const ROUNDS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 1));
const LCP_BUDGET_MS = 1200;
const TBT_BUDGET_MS = 100;
const FLOOR_RATIO_BUDGET = 1.4;

interface Figures {
  perf: number;
  a11y: number;
  bp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const slug = (page: BenchPage) => page.name.split(" ")[0]!;
const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
};

/** The page the server renders for a navigation, as Lighthouse would get it. */
async function renderedPage(base: string, page: BenchPage, cookie: string): Promise<string> {
  const res = await fetch(`${base}${page.path}`, {
    headers: { "sec-fetch-dest": "document", accept: "text/html", ...(page.signedIn ? { cookie } : {}) },
    redirect: "manual",
  });
  if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
  return res.text();
}

export const lighthouseBench: BenchModule = {
  name: "lighthouse",
  perEngine: false,
  async run({ engine, port, clientDir }) {
    const ssrEntry = join(clientDir, "..", "ssr", "entry-server.js");
    // First the pages themselves, to make their floors from; then the server that serves both.
    const probe = await startBenchServer({ port, dataDir: engine.dataDir, clientDir, ssrEntry });
    let pages: BenchPage[];
    const floors: Record<string, string> = {};
    try {
      const cookie = await signInBench(probe.base);
      pages = [
        ...(await budgetedPages(probe.base, cookie)),
        ...(await signedOutPages(probe.base, cookie)),
      ].filter((p) => picked(p.name));
      for (const page of pages) floors[slug(page)] = floorHtml(await renderedPage(probe.base, page, cookie));
    } finally {
      await probe.stop();
    }
    const withFloors = clientWithFloors(clientDir, floors);
    const server = await startBenchServer({ port, dataDir: engine.dataDir, clientDir: withFloors, ssrEntry });
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? chromiumLaunch.executablePath,
      chromeFlags: ["--headless=new", ...chromiumLaunch.args],
    });
    // The session is a real cookie in the browser (Lighthouse keeps cookies between runs), so the page's
    // own later requests (its live stream) carry it too, as a signed-in phone's would.
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const { base } = server;
      const cookie = await signInBench(base);
      const pair = cookie.split(";")[0]!;
      const cookieName = pair.slice(0, pair.indexOf("="));
      const cookieValue = pair.slice(pair.indexOf("=") + 1);
      const browserContext = cdp.contexts()[0]!;
      const measure = async (name: string, url: string, signedIn: boolean): Promise<Figures> => {
        await browserContext.clearCookies();
        if (signedIn) await browserContext.addCookies([{ name: cookieName, value: cookieValue, url: base }]);
        const run = () =>
          lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices"],
          });
        let result = await run();
        // A trace Lighthouse itself failed to record (NO_NAVSTART on a loaded machine) is taken again, once.
        if (result?.lhr.runtimeError) result = await run();
        if (!result) throw new Error(`Lighthouse returned nothing for ${name}`);
        const keep = process.env.BENCH_LIGHTHOUSE_DIR;
        if (keep) {
          mkdirSync(keep, { recursive: true });
          writeFileSync(join(keep, `${name}.json`), JSON.stringify(result.lhr));
        }
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        return {
          perf: score("performance"),
          a11y: score("accessibility"),
          bp: score("best-practices"),
          lcp: value("largest-contentful-paint"),
          tbt: value("total-blocking-time"),
          cls: value("cumulative-layout-shift"),
        };
      };
      const rows: string[][] = [];
      const budgets: BudgetCheck[] = [];
      for (const page of pages) {
        const ours: Figures[] = [];
        const floor: Figures[] = [];
        // Interleaved, so a change in the machine's load weighs on both alike.
        for (let round = 0; round < ROUNDS; round++) {
          ours.push(await measure(`${slug(page)}-${round}`, `${base}${page.path}`, page.signedIn));
          floor.push(await measure(`${slug(page)}-floor-${round}`, `${base}${floorPath(slug(page))}`, false));
        }
        const m = (list: Figures[], key: keyof Figures) => median(list.map((f) => f[key]));
        const lcp = m(ours, "lcp");
        const floorLcp = m(floor, "lcp");
        const ratio = lcp / floorLcp;
        const checks: [string, boolean, string][] = [
          ["performance ≥ 98", m(ours, "perf") >= 98, String(m(ours, "perf"))],
          ["accessibility 100", m(ours, "a11y") === 100, String(m(ours, "a11y"))],
          ["best practices 100", m(ours, "bp") === 100, String(m(ours, "bp"))],
          ["LCP ≤ 1.2 s", lcp <= LCP_BUDGET_MS, `${(lcp / 1000).toFixed(2)} s`],
          ["TBT ≤ 100 ms", m(ours, "tbt") <= TBT_BUDGET_MS, `${m(ours, "tbt").toFixed(0)} ms`],
          ["CLS 0", m(ours, "cls") < 0.001, m(ours, "cls").toFixed(3)],
          ["LCP ≤ 1.4× the floor's", ratio <= FLOOR_RATIO_BUDGET, `${ratio.toFixed(2)}×`],
        ];
        for (const [what, ok, figure] of checks) {
          budgets.push({ name: `Lighthouse ${page.name}: ${what}`, ok, detail: figure });
        }
        rows.push([
          page.name,
          ...checks.map(([, ok, figure]) => `${figure} ${mark(ok)}`),
          `${(floorLcp / 1000).toFixed(2)} s / ${m(floor, "perf")}`,
        ]);
      }
      return {
        title: "Lighthouse 12, mobile",
        body: [
          table(
            [
              "screen",
              "performance",
              "accessibility",
              "best practices",
              "LCP",
              "TBT",
              "CLS",
              "LCP ÷ floor",
              "floor LCP / performance",
            ],
            rows,
          ),
          "",
          `Each screen and its floor (the same page as static HTML: its text and CSS, no script) ran ${ROUNDS === 1 ? "once" : `${ROUNDS} times, alternating; medians`}, through the same server and Lighthouse settings.`,
        ].join("\n"),
        budgets,
      };
    } finally {
      await cdp.close().catch(() => undefined);
      chrome.kill();
      await server.stop();
      rmSync(withFloors, { recursive: true, force: true });
    }
  },
};

/**
 * Lighthouse 12 (mobile, default simulated throttling) against the production server on the SQLite
 * season with a show running now (bench/lib/live-show.ts), each screen interleaved with its physical
 * floor — the same page as static HTML with its text and CSS only (bench/lib/floor.ts), served by the same
 * server — so each screen's LCP is also given as a ratio to its floor, a figure that survives a slow machine.
 * - Show day, signed in (issue 33): roster, planner, the 600-class show, today's show, its Ring control and
 *   Standings, cold (Lighthouse clears storage: a browser that has never visited) and warm (the service
 *   worker installed by a visit before, storage kept): performance ≥ 95, LCP ≤ 1.2 s and ≤ 1.3× the floor's,
 *   TBT ≤ 150 ms, CLS ≤ 0.01 cold; LCP ≤ 1.0 s warm.
 * - Signed out (issue 20): the sign-in screen and an invite link's sign-up screen: performance ≥ 98,
 *   LCP ≤ 1.2 s and ≤ 1.4× the floor's, TBT ≤ 100 ms, CLS 0.
 * - Without an account (issue 35): a horse's live link and the show's public ring board, made through the
 *   API on the show running now: as signed out, with LCP ≤ 1.0 s.
 * Accessibility and best practices 100 on every screen.
 * BENCH_LIGHTHOUSE_DIR: a folder to keep each full report in (JSON) and its trace (`<name>.trace.json`, for
 * DevTools), to see why a figure is what it is.
 * BENCH_LIGHTHOUSE_PAGES: which screens to run (comma-separated first words: roster, planner, show,
 * today's, ring, standings, sign-in, invite, watch, board).
 * BENCH_LIGHTHOUSE_ROUNDS: how many times each screen runs (default 3, issue 33's median of three).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type BrowserContext, chromium } from "playwright-core";
import { chromiumLaunch } from "../playwright.config.ts";
import { clientWithFloors, floorHtml, floorPath } from "./lib/floor.ts";
import { liveShowId } from "./lib/live-show.ts";
import type { BenchModule } from "./lib/module.ts";
import { type BenchPage, budgetedPages, publicPages, showDayPages, signedOutPages } from "./lib/pages.ts";
import { type BudgetCheck, mark, table } from "./lib/report.ts";
import { browserCookies, signInBench, startBenchServer } from "./server.ts";

const pick = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").map((s) => s.trim());
const picked = (name: string) => !pick || pick.includes(name.split(" ")[0]!);
const ROUNDS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 3));

/** The budgets a screen is held to, by whether it is a signed-in show-day screen (issue 33) or not (issue 20). */
const BUDGETS = {
  showDay: { perf: 95, lcpMs: 1200, floorRatio: 1.3, tbtMs: 150, cls: 0.01, warmLcpMs: 1000 },
  signedOut: { perf: 98, lcpMs: 1200, floorRatio: 1.4, tbtMs: 100, cls: 0.001, warmLcpMs: null },
  /** The live link's page and the public board (issue 35): tiny pages that read without script. */
  public: { perf: 98, lcpMs: 1000, floorRatio: 1.4, tbtMs: 100, cls: 0.001, warmLcpMs: null },
} as const;

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
      const live = await liveShowId({ dataDir: engine.dataDir });
      pages = [
        ...(await budgetedPages(probe.base, cookie)),
        ...showDayPages(live),
        ...(await signedOutPages(probe.base, cookie)),
        ...(picked("watch") || picked("board") ? await publicPages(probe.base, cookie, live) : []),
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
      const cookies = browserCookies(cookie, base);
      const browserContext = cdp.contexts()[0]!;
      const measure = async (
        name: string,
        url: string,
        signedIn: boolean,
        warm = false,
      ): Promise<Figures> => {
        await browserContext.clearCookies();
        if (signedIn) await browserContext.addCookies(cookies);
        if (warm) await installServiceWorker(browserContext, url);
        const run = () =>
          lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices"],
            // Warm: the visit before left the service worker, its caches and the HTTP cache in place.
            disableStorageReset: warm,
          });
        let result = await run();
        // A trace Lighthouse itself failed to record (NO_NAVSTART on a loaded machine) is taken again, once.
        if (result?.lhr.runtimeError) result = await run();
        if (!result) throw new Error(`Lighthouse returned nothing for ${name}`);
        const keep = process.env.BENCH_LIGHTHOUSE_DIR;
        if (keep) {
          mkdirSync(keep, { recursive: true });
          writeFileSync(join(keep, `${name}.json`), JSON.stringify(result.lhr));
          writeFileSync(join(keep, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
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
        const budget = page.signedIn
          ? BUDGETS.showDay
          : /^(watch|board)/.test(page.name)
            ? BUDGETS.public
            : BUDGETS.signedOut;
        const ours: Figures[] = [];
        const floor: Figures[] = [];
        const warm: Figures[] = [];
        // Interleaved, so a change in the machine's load weighs on all alike.
        for (let round = 0; round < ROUNDS; round++) {
          ours.push(await measure(`${slug(page)}-${round}`, `${base}${page.path}`, page.signedIn));
          floor.push(await measure(`${slug(page)}-floor-${round}`, `${base}${floorPath(slug(page))}`, false));
          if (budget.warmLcpMs !== null)
            warm.push(await measure(`${slug(page)}-warm-${round}`, `${base}${page.path}`, true, true));
        }
        const m = (list: Figures[], key: keyof Figures) => median(list.map((f) => f[key]));
        const lcp = m(ours, "lcp");
        const floorLcp = m(floor, "lcp");
        const ratio = lcp / floorLcp;
        const warmLcp = m(warm, "lcp");
        const checks: [string, boolean, string][] = [
          [`performance ≥ ${budget.perf}`, m(ours, "perf") >= budget.perf, String(m(ours, "perf"))],
          ["accessibility 100", m(ours, "a11y") === 100, String(m(ours, "a11y"))],
          ["best practices 100", m(ours, "bp") === 100, String(m(ours, "bp"))],
          [`LCP ≤ ${budget.lcpMs / 1000} s`, lcp <= budget.lcpMs, seconds(lcp)],
          [`TBT ≤ ${budget.tbtMs} ms`, m(ours, "tbt") <= budget.tbtMs, `${m(ours, "tbt").toFixed(0)} ms`],
          [
            budget.cls < 0.01 ? "CLS 0" : `CLS ≤ ${budget.cls}`,
            m(ours, "cls") <= budget.cls,
            m(ours, "cls").toFixed(3),
          ],
          [`LCP ≤ ${budget.floorRatio}× the floor's`, ratio <= budget.floorRatio, `${ratio.toFixed(2)}×`],
        ];
        if (budget.warmLcpMs !== null)
          checks.push([
            `warm LCP ≤ ${budget.warmLcpMs / 1000} s`,
            warmLcp <= budget.warmLcpMs,
            seconds(warmLcp),
          ]);
        for (const [what, ok, figure] of checks) {
          budgets.push({ name: `Lighthouse ${page.name}: ${what}`, ok, detail: figure });
        }
        const cell = (what: RegExp) => {
          const check = checks.find(([name]) => what.test(name));
          return check ? `${check[2]} ${mark(check[1])}` : "—";
        };
        rows.push([
          page.name,
          cell(/^performance/),
          cell(/^accessibility/),
          cell(/^best practices/),
          cell(/^LCP ≤ [\d.]+ s$/),
          cell(/^TBT/),
          cell(/^CLS/),
          cell(/floor/),
          cell(/^warm/),
          `${seconds(floorLcp)} / ${m(floor, "perf")}`,
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
              "warm LCP",
              "floor LCP / performance",
            ],
            rows,
          ),
          "",
          `Each screen and its floor (the same page as static HTML: its text and CSS, no script) ran ${ROUNDS === 1 ? "once" : `${ROUNDS} times, alternating; medians`}, through the same server and Lighthouse settings; cold runs clear storage, warm ones follow a visit that installed the service worker. Signed-in screens are held to issue 33's budgets, signed-out ones to issue 20's, the live link and the board to issue 35's.`,
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * A visit that leaves what a returning phone has: the service worker installed and its precache filled
 * (navigator.serviceWorker.ready), and the page's own requests in the HTTP cache.
 */
async function installServiceWorker(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: "load" });
    await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => undefined),
        new Promise((_, reject) => setTimeout(() => reject(new Error("no service worker in 30 s")), 30_000)),
      ]),
    );
  } finally {
    await page.close();
  }
}

/**
 * Browser-side figures for the planner and a 600-class show on a generated season
 * (scripts/generate-season.ts): time to first cards, cost of a filter change, and for the show
 * detail the keystroke-to-result time of the class search, frame gaps while scrolling, and how many
 * rows are in the DOM. Uses Debian's Chromium and the build in CLIENT_DIR (default dist/client).
 *
 *   node --import tsx bench/shows-ui-bench.ts --data-dir /tmp/season --client-dir dist/h3
 */
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { BENCH_USER, startBenchServer } from "./server.ts";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "4351" },
    "data-dir": { type: "string", default: "./data-season" },
    "client-dir": { type: "string", default: "dist/client" },
  },
});
const PORT = Number(args.port);
const BASE = `http://localhost:${PORT}`;

/** Waits for `selector` checking every animation frame: Playwright's default polling backs off to 1 s and would inflate timings. */
const visible = (page: Page, selector: string) =>
  page.waitForFunction(`!!document.querySelector(${JSON.stringify(selector)})`, null, { polling: "raf" });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Scrolls `selector` to the bottom in steps of one frame each; returns the frame gaps in ms.
 * Passed as a string: tsx's name helpers do not exist inside the page.
 */
async function scrollFrames(page: Page, selector: string, step: number): Promise<number[]> {
  return page.evaluate(`new Promise((done) => {
    const el = document.querySelector(${JSON.stringify(selector)});
    const gaps = [];
    let last = performance.now();
    const tick = (now) => {
      gaps.push(now - last);
      last = now;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return done(gaps.slice(1));
      el.scrollTop += ${step};
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
}

async function main() {
  const { server } = await startBenchServer({
    port: PORT,
    dataDir: args["data-dir"],
    clientDir: args["client-dir"],
  });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    // Playwright evaluates string predicates with eval, which the app's CSP forbids.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    await context.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
    const page = await context.newPage();
    const signIn = await page.request.post(`${BASE}/api/auth/sign-in/email`, {
      data: { email: BENCH_USER.email, password: BENCH_USER.password },
      headers: { origin: BASE },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed ${signIn.status()}`);

    const report: [string, string][] = [];
    const cards = page.getByRole("main").getByRole("listitem").getByRole("link");

    // Warm the browser's HTTP cache of the app shell, as a returning user has it.
    await page.goto(`${BASE}/planner`);
    await cards.first().waitFor();

    const t0 = Date.now();
    await page.goto(`${BASE}/roster`);
    await page.goto(`${BASE}/planner`);
    await visible(page, "main li a");
    report.push(["planner: navigation to first cards", `${Date.now() - t0} ms`]);
    report.push(["planner: cards on first page", String(await cards.count())]);

    const filterTimes: number[] = [];
    for (const query of [
      "location=tn",
      "org=WHOA",
      "division=youth",
      "name=jubilee",
      "location=ky&org=TWHBEA",
    ]) {
      const t = Date.now();
      const answered = page.waitForResponse((r) => r.url().includes(`/api/shows?${query}`));
      await page.goto(`${BASE}/planner?${query}`);
      await answered;
      // The previous cards stay (aria-busy) until the new ones are rendered.
      await page.waitForFunction('!document.querySelector("[aria-busy=true], [role=status]")', null, {
        polling: "raf",
      });
      filterTimes.push(Date.now() - t);
    }
    report.push(["planner: filter change to new cards (median of 5)", `${median(filterTimes)} ms`]);

    await page.goto(`${BASE}/planner`);
    await cards.first().waitFor();
    const before = await cards.count();
    const tMore = Date.now();
    for (let i = 0; i < 5; i++) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(150);
    }
    await page.waitForFunction((n) => document.querySelectorAll("main li a").length > n, before);
    report.push([
      "planner: infinite scroll, cards after 5 wheel flicks",
      `${await cards.count()} (in ${Date.now() - tMore} ms)`,
    ]);

    const big = await page.request.get(
      `${BASE}/api/shows?name=${encodeURIComponent(`national celebration ${new Date().getFullYear()}`)}&limit=1`,
    );
    const showId = ((await big.json()) as { shows: { id: string }[] }).shows[0]!.id;
    const tShow = Date.now();
    await page.goto(`${BASE}/shows/${showId}`);
    const list = page.getByTestId("class-list");
    await visible(page, '[data-testid="class-list"] [data-index]');
    report.push([
      "show detail (600 classes): first navigation to class list (loads its chunk)",
      `${Date.now() - tShow} ms`,
    ]);
    await page.goto(`${BASE}/roster`);
    const tWarm = Date.now();
    await page.goto(`${BASE}/shows/${showId}`);
    await visible(page, '[data-testid="class-list"] [data-index]');
    report.push(["show detail: navigation again (chunk and data cached)", `${Date.now() - tWarm} ms`]);
    report.push(["show detail: rows in the DOM", String(await list.locator("[data-index]").count())]);

    const gaps = await scrollFrames(page, '[data-testid="class-list"]', 120);
    report.push([
      "show detail: scroll top to bottom (120 px per frame)",
      `${gaps.length} frames, median ${median(gaps).toFixed(1)} ms, worst ${Math.max(...gaps).toFixed(1)} ms`,
    ]);
    report.push([
      "show detail: rows in the DOM at the bottom",
      String(await list.locator("[data-index]").count()),
    ]);

    const search = page.getByRole("searchbox", { name: "Search classes" });
    const keystrokes: number[] = [];
    let typed = "";
    for (const char of "owner amateur") {
      typed += char;
      const t = await page.evaluate("performance.now()");
      await search.press(char === " " ? "Space" : char);
      await page.waitForSelector(`p[data-query=${JSON.stringify(typed)}]`, { state: "attached" });
      keystrokes.push(((await page.evaluate("performance.now()")) as number) - (t as number));
    }
    report.push([
      `show detail: keystroke to updated results ("${typed}")`,
      `median ${median(keystrokes).toFixed(0)} ms, worst ${Math.max(...keystrokes).toFixed(0)} ms`,
    ]);
    report.push(["show detail: result", (await page.locator('p[aria-live="polite"]').textContent()) ?? ""]);

    console.log("\n| measurement | value |\n|---|---|");
    for (const [k, v] of report) console.log(`| ${k} | ${v} |`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

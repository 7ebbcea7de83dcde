/**
 * Long tasks during hydration and the 5 s after it, on show day, cold (issue 33, ADR 042): the demo with
 * its show running now, signed in as the demo owner, a new browser context per load (storage empty),
 * 4× CPU slowdown (CDP `Emulation.setCPUThrottlingRate`) and a Chromium trace of the page's main thread.
 * For the roster, today's show detail and the planner it reports every task over 50 ms with what runs in
 * it — the trace's largest events in the task (script evaluation, layout, style…) and the functions with
 * the most samples of V8's CPU profiler in it, named through the build's source maps when there are any
 * (`vite build --sourcemap`) — the blocking time (each task's time over 50 ms, from the first paint to the
 * end of the window) and the console's errors (a hydration mismatch is one). Budget: no task over 50 ms.
 * Window: from the first task that runs the app's script (page-start.js) until 5 s after the app says
 * its first screen is shown (`ringside:first-screen`, which comes after hydration).
 * BENCH_HYDRATION_ROUNDS (default 2): loads per screen; each task list is the round with the median
 * blocking time. BENCH_HYDRATION_TRACE_DIR: a folder to keep each trace in (JSON, for DevTools).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { SourceMapConsumer } from "source-map-js";
import { chromiumLaunch } from "../playwright.config.ts";
import type { BenchModule } from "./lib/module.ts";
import { type BudgetCheck, mark, table } from "./lib/report.ts";
import { browserCookies, signInBench, startBenchServer } from "./server.ts";

const OWNER = { email: "owner@ringside.demo", password: "ringside-demo" };
const ROUNDS = Math.max(1, Number(process.env.BENCH_HYDRATION_ROUNDS ?? 2));
const LONG_MS = 50;
const AFTER_MS = 5000;
const CPU_SLOWDOWN = 4;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

export interface LongTask {
  /** From the navigation, ms. */
  at: number;
  ms: number;
  /** What runs in it, largest first. */
  what: string;
}

export interface LoadFigures {
  tasks: LongTask[];
  blockingMs: number;
  consoleErrors: string[];
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Names a minified frame through the source map beside its file, when the build has one. */
function frameNamer(clientDir: string) {
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapFor = (url: string) => {
    const file = basename(new URL(url, "http://x").pathname);
    if (!maps.has(file)) {
      const path = join(clientDir, "assets", `${file}.map`);
      maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, "utf8"))) : null);
    }
    return maps.get(file);
  };
  return (frame: ProfileNode["callFrame"]): string => {
    const { functionName, url, lineNumber, columnNumber } = frame;
    if (!url) return functionName || "(native)";
    const map = url.startsWith("http") ? mapFor(url) : null;
    if (!map) return `${functionName || "(anonymous)"} ${basename(url)}:${lineNumber + 1}`;
    const at = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    const source = (at.source ?? "?").replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "");
    return `${at.name ?? (functionName || "(anonymous)")} (${source}:${at.line ?? "?"})`;
  };
}

/** The long tasks of the page's main thread in `events`, each with what runs in it. */
export function longTasks(
  events: TraceEvent[],
  pageUrl: string,
  name: (frame: ProfileNode["callFrame"]) => string,
  windowEndMs: number,
): { tasks: LongTask[]; blockingMs: number } {
  const parse = events.find(
    (e) => e.name === "ParseHTML" && String((e.args?.beginData as { url?: string })?.url ?? "") === pageUrl,
  );
  if (!parse) throw new Error(`no ParseHTML of ${pageUrl} in the trace`);
  const main = (e: TraceEvent) => e.pid === parse.pid && e.tid === parse.tid;
  const nav = events.find(
    (e) =>
      e.name === "navigationStart" &&
      e.pid === parse.pid &&
      String(e.args?.data?.documentLoaderURL) === pageUrl,
  );
  const t0 = nav?.ts ?? parse.ts;
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === parse.pid)?.ts ?? t0;
  const end = t0 + windowEndMs * 1000;
  // The window opens with the task that first runs the app's own script (page-start.js, then the
  // modules): what comes before it is the browser reading the page, which no script of ours can shorten.
  const origin = new URL(pageUrl).origin;
  const firstScript = events
    .filter(
      (e) => main(e) && e.name === "EvaluateScript" && String(e.args?.data?.url ?? "").startsWith(origin),
    )
    .reduce((min, e) => Math.min(min, e.ts), Number.POSITIVE_INFINITY);
  const tasks = events
    .filter((e) => main(e) && e.ph === "X" && e.name === "RunTask" && e.ts <= end)
    .filter((e) => e.ts + (e.dur ?? 0) >= firstScript && (e.dur ?? 0) / 1000 > LONG_MS);

  // V8's samples, with their times, from the profile chunks of the main thread.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const starts = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== parse.pid) continue;
    const id = String((e as { id?: string }).id);
    if (e.name === "Profile") starts.set(id, Number(e.args?.data?.startTime));
    if (e.name !== "ProfileChunk") continue;
    const data = e.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    let ts = starts.get(id) ?? 0;
    const deltas = data.timeDeltas ?? [];
    for (const [i, node] of (data.cpuProfile?.samples ?? []).entries()) {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
      starts.set(id, ts);
    }
  }
  const IDLE = new Set(["(idle)", "(program)", "(garbage collector)", "(root)"]);

  const described = tasks.map((task) => {
    const from = task.ts;
    const to = task.ts + (task.dur ?? 0);
    // The task's own largest trace events, by kind (and script, for evaluations).
    const kinds = new Map<string, number>();
    for (const e of events) {
      if (!main(e) || e.ph !== "X" || e.ts < from || e.ts + (e.dur ?? 0) > to || e === task) continue;
      const key =
        e.name === "EvaluateScript" || e.name === "v8.compile"
          ? `${e.name} ${basename(String(e.args?.data?.url ?? "")) || "inline"}`
          : [
                "Layout",
                "UpdateLayoutTree",
                "Paint",
                "ParseHTML",
                "ParseAuthorStyleSheet",
                "MajorGC",
                "MinorGC",
              ].includes(e.name)
            ? e.name
            : null;
      if (key) kinds.set(key, (kinds.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    // Samples in the task: self time per function, and the app's own frames by total time.
    const self = new Map<string, number>();
    let counted = 0;
    let previous = from;
    for (const s of samples) {
      if (s.ts < from || s.ts > to) continue;
      const node = nodes.get(s.node);
      const dt = (s.ts - previous) / 1000;
      previous = s.ts;
      if (!node || IDLE.has(node.callFrame.functionName)) continue;
      const frame = name(node.callFrame);
      self.set(frame, (self.get(frame) ?? 0) + dt);
      counted += dt;
    }
    const top = (m: Map<string, number>, n: number, min: number) =>
      [...m.entries()]
        .filter(([, v]) => v >= min)
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`);
    const what = [...top(kinds, 3, 5), ...(counted > 0 ? [`self: ${top(self, 4, 3).join(", ")}`] : [])].join(
      "; ",
    );
    return { at: (task.ts - t0) / 1000, ms: (task.dur ?? 0) / 1000, what };
  });
  const blockingMs = tasks
    .filter((t) => t.ts >= fcp)
    .reduce((sum, t) => sum + Math.max(0, (t.dur ?? 0) / 1000 - LONG_MS), 0);
  return { tasks: described, blockingMs };
}

/** One cold load of `url` at 4× slowdown, traced. */
async function tracedLoad(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  base: string,
  url: string,
  cookies: { name: string; value: string; url: string }[],
  name: (frame: ProfileNode["callFrame"]) => string,
  keepAs: string | null,
): Promise<LoadFigures> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addCookies(cookies);
    const page: Page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || /hydrat/i.test(m.text())) consoleErrors.push(m.text().slice(0, 200));
    });
    page.on("pageerror", (e) => consoleErrors.push(String(e).slice(0, 200)));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolveDone) => cdp.once("Tracing.tracingComplete", () => resolveDone()));
    await cdp.send("Tracing.start", {
      transferMode: "ReportEvents",
      traceConfig: {
        includedCategories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8.execute",
          "disabled-by-default-v8.cpu_profiler",
          "blink.user_timing",
          "loading",
          "toplevel",
        ],
      },
    });
    // The page says when its first screen is shown through the console: polling it from here would run
    // Playwright's own scripts in the page's main thread, inside the window being measured.
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        const shownAt = list.getEntriesByName("ringside:first-screen")[0];
        if (shownAt) console.info(`ringside:first-screen ${shownAt.startTime}`);
      }).observe({ type: "mark" });
    });
    const shownAt = page.waitForEvent("console", {
      predicate: (m) => m.text().startsWith("ringside:first-screen "),
      timeout: 60_000,
    });
    await page.goto(`${base}${url}`, { waitUntil: "commit" });
    const shown = Number((await shownAt).text().split(" ")[1]);
    await new Promise((resolveWait) => setTimeout(resolveWait, AFTER_MS));
    await cdp.send("Tracing.end");
    await done;
    if (keepAs) writeFileSync(keepAs, JSON.stringify({ traceEvents: events }));
    const { tasks, blockingMs } = longTasks(events, `${base}${url}`, name, shown + AFTER_MS);
    return { tasks, blockingMs, consoleErrors };
  } finally {
    await context.close();
  }
}

export const hydrationBench: BenchModule = {
  name: "hydration",
  perEngine: false,
  ownData: true,
  async run({ port, clientDir }) {
    const dataDir = resolve("data-bench/hydration");
    rmSync(dataDir, { recursive: true, force: true });
    const server = await startBenchServer({ port, dataDir, clientDir, demo: true, quiet: true });
    const browser = await chromium.launch(chromiumLaunch);
    const keep = process.env.BENCH_HYDRATION_TRACE_DIR;
    if (keep) mkdirSync(keep, { recursive: true });
    try {
      const { base } = server;
      const cookie = await signInBench(base, OWNER);
      const cookies = browserCookies(cookie, base);
      const shows = (await (
        await fetch(`${base}/api/shows?period=upcoming`, { headers: { cookie } })
      ).json()) as {
        shows: { id: string; name: string }[];
      };
      const running = shows.shows.find((s) => s.name.startsWith("Eagleville"));
      if (!running) throw new Error("the demo has no show running today");
      const screens = [
        { name: "roster", path: "/roster" },
        { name: "today's show detail", path: `/shows/${running.id}` },
        { name: "planner", path: "/planner" },
      ];
      const name = frameNamer(clientDir);
      const results = new Map<string, LoadFigures[]>();
      // Interleaved, so a change in the machine's load weighs on every screen alike.
      for (let round = 0; round < ROUNDS; round++) {
        for (const screen of screens) {
          const keepAs = keep
            ? join(keep, `${screen.name.split(" ")[0]!.replace(/\W/g, "")}-${round}.json`)
            : null;
          const figures = await tracedLoad(browser, base, screen.path, cookies, name, keepAs);
          results.set(screen.name, [...(results.get(screen.name) ?? []), figures]);
        }
      }
      const rows: string[][] = [];
      const details: string[] = [];
      const budgets: BudgetCheck[] = [];
      for (const screen of screens) {
        const loads = [...(results.get(screen.name) ?? [])].sort((a, b) => a.blockingMs - b.blockingMs);
        const median = loads[Math.floor((loads.length - 1) / 2)]!;
        const longest = Math.max(0, ...median.tasks.map((t) => t.ms));
        const errors = loads.flatMap((l) => l.consoleErrors);
        const ok = median.tasks.length === 0;
        budgets.push({
          name: `Hydration on show day, cold, 4× slowdown: ${screen.name}: no task over 50 ms`,
          ok,
          detail: `${median.tasks.length} tasks, longest ${longest.toFixed(0)} ms`,
        });
        budgets.push({
          name: `Hydration on show day: ${screen.name}: no console error (hydration mismatch)`,
          ok: errors.length === 0,
          detail: errors.length === 0 ? "none" : errors[0]!,
        });
        rows.push([
          screen.name,
          loads.map((l) => l.blockingMs.toFixed(0)).join(" / "),
          String(median.tasks.length),
          `${longest.toFixed(0)} ${mark(ok)}`,
          String(errors.length),
        ]);
        details.push(
          `**${screen.name}** (the median round):`,
          "",
          median.tasks.length === 0
            ? "no task over 50 ms."
            : table(
                ["at", "task", "what runs in it (ms)"],
                median.tasks.map((t) => [`${(t.at / 1000).toFixed(2)} s`, `${t.ms.toFixed(0)} ms`, t.what]),
              ),
          "",
        );
      }
      return {
        title: "Hydration on show day: long tasks at 4× slowdown, cold, signed in",
        body: [
          table(
            ["screen", "blocking time per round (ms)", "tasks > 50 ms", "longest (ms)", "console errors"],
            rows,
          ),
          "",
          `A new browser context per load (nothing stored), the demo owner's session cookie, Chromium's CPU at ${CPU_SLOWDOWN}× slowdown, traced from the navigation to 5 s after the first screen counts as shown; ${ROUNDS} rounds, interleaved. Blocking time: each task's time over 50 ms, after the first contentful paint.`,
          "",
          ...details,
        ].join("\n"),
        budgets,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await hydrationBench.run({
    engine: undefined as never,
    port: Number(process.env.BENCH_PORT ?? 4362),
    clientDir: resolve(process.env.CLIENT_DIR ?? "dist/client"),
  });
  console.log(`## ${section.title}\n\n${section.body}`);
}

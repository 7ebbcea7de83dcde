import { resolve } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { tzOffset } from "@date-fns/tz";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import SQLite from "better-sqlite3";
import { UTC_OFFSET_COOKIE } from "../../src/domain/app/client-day.ts";
import { DEMO_SEEDED_KEY } from "../../src/server/db/seed/demo-accounts.ts";

export const DEMO_PASSWORD = "ringside-demo";
export const DEMO = {
  admin: "admin@ringside.demo",
  trainer: "trainer@ringside.demo",
  owner: "owner@ringside.demo",
  rider: "rider@ringside.demo",
} as const;

let counter = 0;
/** An email no other test uses, so parallel tests never share a new account. */
export const uniqueEmail = (prefix = "e2e") =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.test`;

/**
 * The cookie by which the server renders a page for the device's calendar day (ADR 019), as a browser
 * that signed in through the app has it (the app sets it at every start, /auth included). A test signed
 * in by the API has run no page yet: without it, the server would render for its own day, and in the
 * hours when that differs from the browser's zone's (00:00-06:00 UTC for America/Chicago) the browser
 * renders every first page anew over the server's, the elements a test found in the server's HTML
 * leaving under it (CI's run of 44df3e8 at 00:15 UTC).
 */
export async function addDeviceDay(context: BrowserContext, baseURL: string, timezoneId?: string) {
  const offset = timezoneId ? -tzOffset(timezoneId, new Date()) : new Date().getTimezoneOffset();
  await context.addCookies([{ name: UTC_OFFSET_COOKIE, value: String(offset), url: baseURL }]);
}

/**
 * Another person's browser (its own context, service workers blocked unless `options` say otherwise),
 * signed in by password as `email`; it has "signed in before", so it never gets the demo session, and
 * its calendar day's cookie (addDeviceDay).
 */
export async function personIn(
  browser: Browser,
  baseURL: string,
  email: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: "block", ...options, baseURL });
  await context.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
  await addDeviceDay(context, baseURL, options.timezoneId);
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page: await context.newPage() };
}

/** The e2e server's SQLite file, for the few checks that need to reach behind the UI. */
export function openE2eDatabase(): SQLite.Database {
  const db = new SQLite(resolve(process.env.E2E_DATA_DIR ?? "test-results/e2e-data", "ringside.sqlite"));
  db.pragma("busy_timeout = 5000");
  return db;
}

let seededAt: Date | undefined;
/**
 * The demo's shows are dated from the moment the e2e server seeded them, not from the test's clock: a run
 * that crosses midnight would otherwise look for every demo date one day late.
 */
export function demoDay(offset: number): Date {
  if (!seededAt) {
    const db = openE2eDatabase();
    try {
      const row = db.prepare("select value from app_meta where key = ?").get(DEMO_SEEDED_KEY) as {
        value: string;
      };
      seededAt = new Date(row.value);
    } finally {
      db.close();
    }
  }
  return new Date(seededAt.getFullYear(), seededAt.getMonth(), seededAt.getDate() + offset);
}

/**
 * The demo owner's entries in shows made to run today (show-day-helpers.ts `runningShow`), in this worker,
 * during the running test: removed when the test ends. Else every such test left the owner one more live
 * card, and every later page with live state read them all (by the end of a run, 51 shows on today and a
 * 404 KB roster: the same test ran 2.5 times slower late in the run than alone).
 */
export const ownerEntriesToday: { showId: string; classId: string }[] = [];

interface Fixtures {
  /** A page in a browser that has signed in before, so demo mode does not sign it in on its own. */
  signedOutPage: Page;
  /** Signs this page's browser in through the real endpoint and opens the app at `path`. */
  signInAs: (email: string, path?: string, password?: string) => Promise<void>;
  /** Creates an account through the real sign-up endpoint and signs the page in as it. */
  signUpAs: (opts?: {
    role?: "Owner" | "Trainer";
    name?: string;
  }) => Promise<{ email: string; name: string; password: string }>;
  axe: () => AxeBuilder;
  /** Removes the entries in `ownerEntriesToday` when the test ends (every test, automatically). */
  leaveTodayShows: undefined;
}

/**
 * Opens `path` with every script of the app held until the function it gives is called: till then the
 * page is the server's HTML, as on a slow phone (the context must block service workers, so scripts come
 * from the network).
 */
export async function openHeld(page: Page, path: string): Promise<() => void> {
  const release = await holdRequests(page, "**/assets/*.js");
  await page.goto(path, { waitUntil: "commit" });
  // The page as a person first sees it is styled (the browser paints nothing before its stylesheet), but a
  // measure taken sooner gets the unstyled layout: show-detail-shift.spec in CI's run of a70b613 read the
  // rows 21 px tall at y 1573 under load, then 60 px at 633 once styled.
  await page.waitForFunction(() => {
    const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    return sheets.length > 0 && sheets.every((link) => link.sheet !== null);
  });
  return release;
}

/** Holds the page's requests to `url` (a glob) until the function it gives is called. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * The server renders each screen (ADR 019): its buttons are on the page before the app has hydrated them,
 * and a click that early does nothing. Like a person, a test waits until the app says its first screen is
 * shown (the `ringside:first-screen` mark) after opening or reloading one of our pages.
 */
export async function untilShown(page: Page) {
  if (!/^https?:/.test(page.url())) return;
  // Only the app says so: a public page (a live link, the ring board, a plain 404) has no app root, nor
  // has a page opened only to its first byte (openHeld), and waiting for them would wait out the timeout.
  await page
    .waitForFunction(
      () =>
        !document.getElementById("root") || performance.getEntriesByName("ringside:first-screen").length > 0,
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/**
 * axe reads colours as they are at that instant: a button that has just become enabled is still fading
 * from its disabled colours (`transition-colors`, 150 ms) and would be judged on a blend nobody reads.
 * Waiting for running transitions was not enough: one could start after the wait (the class-alert Save
 * button enabled by its setting arriving) and be measured mid-fade. So transitions are switched off for
 * the rest of the page's life (a running one jumps to its end) and finite animations are finished;
 * endless ones (spinners) are left running.
 */
export async function endTransitions(page: Page) {
  await page.evaluate(() => {
    if (!document.getElementById("e2e-no-transitions")) {
      const style = document.createElement("style");
      style.id = "e2e-no-transitions";
      style.textContent = "*, *::before, *::after { transition: none !important; }";
      document.head.append(style);
    }
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY) animation.finish();
    }
  });
}

export const test = base.extend<Fixtures>({
  leaveTodayShows: [
    async ({ playwright }, use, testInfo) => {
      await use(undefined);
      const entries = ownerEntriesToday.splice(0);
      if (entries.length === 0) return;
      const baseURL = testInfo.project.use.baseURL!;
      const owner = await playwright.request.newContext({ baseURL });
      try {
        const signedIn = await owner.post("/api/auth/sign-in/email", {
          data: { email: DEMO.owner, password: DEMO_PASSWORD },
          headers: { origin: baseURL },
        });
        expect(signedIn.status(), await signedIn.text()).toBe(200);
        for (const { showId, classId } of entries) {
          const res = await owner.delete(`/api/shows/${showId}/classes/${classId}/entries`, {
            headers: { origin: baseURL },
          });
          expect(res.status(), await res.text()).toBe(200);
        }
      } finally {
        await owner.dispose();
      }
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilShown(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilShown(page);
      return response;
    };
    await use(page);
  },
  signedOutPage: async ({ page }, use) => {
    await page.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
    await use(page);
  },
  signInAs: async ({ page, baseURL, timezoneId }, use) => {
    await page.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
    await addDeviceDay(page.context(), baseURL!, timezoneId);
    await use(async (email, path = "/roster", password = DEMO_PASSWORD) => {
      const res = await page.request.post("/api/auth/sign-in/email", {
        data: { email, password },
        headers: { origin: baseURL! },
      });
      expect(res.status(), await res.text()).toBe(200);
      await page.goto(path);
    });
  },
  signUpAs: async ({ page, baseURL }, use) => {
    await page.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
    await use(async ({ role = "Owner", name = `E2E ${role} ${++counter}` } = {}) => {
      const email = uniqueEmail(role.toLowerCase());
      const password = "e2e-password-1";
      const res = await page.request.post("/api/auth/sign-up/email", {
        data: { name, email, password, role },
        headers: { origin: baseURL! },
      });
      expect(res.status(), await res.text()).toBe(200);
      return { email, name, password };
    });
  },
  axe: async ({ page }, use) => {
    await use(() => {
      const builder = new AxeBuilder({ page });
      const analyze = builder.analyze.bind(builder);
      builder.analyze = async () => {
        await endTransitions(page);
        return analyze();
      };
      return builder;
    });
  },
});

export { expect };

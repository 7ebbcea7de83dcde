import type { Page } from "@playwright/test";
import { CELEBRATION, showIdByName } from "./entries-helpers.ts";
import { DEMO, expect, test } from "./fixtures.ts";

/**
 * The pages' Content Security Policy forbids eval. A library that only probes for it (zod's set-up tries
 * `new Function`) still makes the browser report a violation: an issue in the console and a Lighthouse
 * best-practices failure. Standings had one (its chunk pulled the contracts, and zod, for a constant).
 * Every screen an admin can reach, wide enough for the planner's filter panel, reports none.
 */
const SCREENS = [
  "/roster",
  "/planner",
  () => `/shows/${showIdByName(CELEBRATION)}`,
  "/horses",
  "/notifications",
  "/profile",
  "/standings",
  "/admin",
] as const;

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

test("no screen makes the browser report a Content Security Policy violation", async ({ signInAs, page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  await signInAs(DEMO.admin, "/roster");
  for (const screen of SCREENS) {
    const path = typeof screen === "function" ? screen() : screen;
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await scriptsSettled(page);
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations, path).toEqual([]);
  }
});

/**
 * Lazy parts load after the first screen: wait until no script has been asked for or been loading for
 * half a second (not "network idle": the live streams never end).
 */
async function scriptsSettled(page: Page) {
  let pending = 0;
  let last = Date.now();
  const isScript = (url: string) => url.endsWith(".js");
  const counter = (step: number) => (r: { url(): string }) => {
    if (!isScript(r.url())) return;
    pending += step;
    last = Date.now();
  };
  const start = counter(1);
  const end = counter(-1);
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  try {
    await expect.poll(() => pending <= 0 && Date.now() - last > 500, { timeout: 20_000 }).toBe(true);
  } finally {
    page.off("request", start);
    page.off("requestfinished", end);
    page.off("requestfailed", end);
  }
}

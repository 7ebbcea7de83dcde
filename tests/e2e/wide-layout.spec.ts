import type { Page } from "@playwright/test";
import { plannerTexts } from "../../src/domain/texts/planner.ts";
import { texts } from "../../src/domain/texts/shell.ts";
import { wideTexts } from "../../src/domain/texts/wide.ts";
import { expectNoAxeViolations } from "./a11y-helpers.ts";
import { CELEBRATION, classButton, showIdByName } from "./entries-helpers.ts";
import { DEMO, expect, test, untilShown } from "./fixtures.ts";
import { expectNoHorizontalScroll, expectSideBySide } from "./wide-helpers.ts";

/**
 * The wide layout (issue 36, ADR 035): every screen at the five widths we design for, plus the narrowest
 * and widest windows for overflow. Below 1024 px the phone's tab bar; from 1024 px the side navigation and,
 * on the two-column screens, columns side by side. Screenshots at 1280 and 1920 go to the test's output.
 */
/**
 * axe runs once per layout: the phone's (360), the side navigation's (1024) and the two columns' (1280);
 * the other widths change no colour, name or landmark, only room.
 */
const WIDTHS = [
  { width: 320, height: 640, axe: false },
  { width: 360, height: 740, axe: true },
  { width: 768, height: 1024, axe: false },
  { width: 1024, height: 768, axe: true },
  { width: 1280, height: 800, axe: true },
  { width: 1920, height: 1080, axe: false },
  { width: 2560, height: 1440, axe: false },
] as const;

/** Each screen, and the navigation's destination marked current there (none for a show). */
const SCREENS = [
  { name: "roster", path: () => "/roster", current: texts.nav.roster },
  { name: "planner", path: () => "/planner", current: texts.nav.planner },
  { name: "show", path: () => `/shows/${showIdByName(CELEBRATION)}`, current: null },
  { name: "horses", path: () => "/horses", current: texts.nav.horses },
  { name: "notifications", path: () => "/notifications", current: texts.nav.notifications },
  { name: "profile", path: () => "/profile", current: texts.nav.profile },
  { name: "admin", path: () => "/admin", current: texts.nav.admin },
] as const;

const SCREENSHOT_WIDTHS = new Set([1280, 1920]);
const WIDE = 1024;

for (const { width, height, axe } of WIDTHS) {
  test.describe(`at ${width} × ${height}`, () => {
    // From 1024 px a desk or a tablet's window: no phone emulation (its touch and its zoomed viewport).
    test.use({
      viewport: { width, height },
      ...(width >= WIDE ? { isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {}),
    });

    // One sign-in, then every screen in turn (a step each): a context and a sign-in per screen cost more
    // than the screen.
    test("every screen fits the width, with the navigation of its size", async ({ signInAs, page }, info) => {
      test.setTimeout(240_000);
      await signInAs(DEMO.admin, "/roster");
      for (const screen of SCREENS) {
        await test.step(screen.name, () => screenFits(page, screen, width, axe, info.outputPath.bind(info)));
      }
    });
  });
}

async function screenFits(
  page: Page,
  screen: (typeof SCREENS)[number],
  width: number,
  axe: boolean,
  outputPath: (name: string) => string,
) {
  await page.goto(screen.path());
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toHaveCount(1);
  await expect(page.getByTestId(width >= WIDE ? "nav-side" : "nav-bar")).toBeVisible();
  await expect(page.getByTestId(width >= WIDE ? "nav-bar" : "nav-side")).toBeHidden();
  const current = nav.locator('[aria-current="page"]');
  if (screen.current) await expect(current).toContainText(screen.current);
  else await expect(current).toHaveCount(0);
  if (width >= WIDE) {
    // The side column and the content never overlap.
    const navBox = (await nav.boundingBox())!;
    const headingBox = (await page.getByRole("heading", { level: 1 }).first().boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(headingBox.x);
  }
  await arrangement(page, screen.name, width);
  await expectNoHorizontalScroll(page);
  if (axe) await expectNoAxeViolations(page);
  if (SCREENSHOT_WIDTHS.has(width)) {
    await page.screenshot({ path: outputPath(`${screen.name}-${width}.png`) });
  }
}

/** Each two-column screen's columns: side by side from 1024 px (1280 for the roster), stacked below. */
async function arrangement(page: Page, screen: string, width: number) {
  if (screen === "show" && width >= WIDE)
    await expectSideBySide(page.getByTestId("show-side"), page.getByTestId("show-schedule"));
  if (screen === "show" && width < WIDE) {
    // The phone's order, one column: the details above the schedule.
    const schedule = (await page.getByTestId("show-schedule").boundingBox())!;
    const details = (await page.getByRole("region", { name: /details/i }).boundingBox())!;
    expect(details.y + details.height).toBeLessThanOrEqual(schedule.y);
  }
  const filterPanel = page.getByRole("form", { name: plannerTexts.filters });
  if (screen === "planner" && width >= WIDE) {
    // The filter panel arrives after the first screen, in a column kept for it, the list beside it.
    await expect(filterPanel).toBeVisible();
    await expect(page.getByRole("button", { name: plannerTexts.openFilters(0), exact: true })).toBeHidden();
    await expectSideBySide(filterPanel, page.locator('[id^="show-"]').first());
  }
  if (screen === "planner" && width < WIDE) {
    await expect(page.getByRole("button", { name: plannerTexts.openFilters(0), exact: true })).toBeVisible();
    await expect(filterPanel).toHaveCount(0);
  }
  if (screen === "roster" && width >= 1280) {
    // A section's shows in two columns, read row by row.
    const cards = page.getByTestId("roster-showSeason").locator("article");
    const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(a.y).toBe(b.y);
    expect(a.x + a.width).toBeLessThanOrEqual(b.x);
  }
}

test.describe("from 1024 px", () => {
  test.use({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });
  // Each goes through several screens and an axe scan; the shared machine is slow.
  test.beforeEach(() => test.setTimeout(60_000));

  test("the side navigation marks the current screen, comes first for the keyboard, and collapses for good", async ({
    signInAs,
    page,
  }) => {
    await signInAs(DEMO.owner, "/planner");
    const nav = page.getByTestId("nav-side");
    await expect(nav.getByRole("link", { name: texts.nav.planner })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: texts.nav.roster })).not.toHaveAttribute("aria-current");

    // Keyboard order follows the eye: skip link, the header's two links, then the side navigation.
    await page.locator("body").focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: texts.nav.roster })).toBeFocused();

    const toggle = nav.getByRole("button", { name: wideTexts.collapseNav });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    const wide = (await nav.boundingBox())!.width;
    const heading = page.getByRole("heading", { level: 1 });
    const headingLeft = (await heading.boundingBox())!.x;
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeLessThan(wide / 2);
    // Narrowed to icons, each link keeps its name; the content moves into the room.
    await expect(nav.getByRole("link", { name: texts.nav.planner })).toBeVisible();
    // The label is left for screen readers only (a 1 px box), the heading moves into the room.
    expect((await nav.getByText(texts.nav.planner).boundingBox())!.width).toBeLessThanOrEqual(1);
    // The column stays centred in the room left: it moves left by half what the navigation gave up.
    await expect.poll(async () => (await heading.boundingBox())!.x).toBeLessThan(headingLeft - 60);

    await page.reload();
    await untilShown(page);
    await expect(nav.getByRole("button", { name: wideTexts.collapseNav })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeLessThan(wide / 2);
    await expectNoAxeViolations(page);
    await nav.getByRole("button", { name: wideTexts.collapseNav }).click();
    await expect.poll(async () => (await nav.boundingBox())!.width).toBe(wide);
  });

  test("the planner's filter panel applies like the sheet: the address and the list follow, Back returns", async ({
    signInAs,
    page,
  }) => {
    await signInAs(DEMO.owner, "/planner");
    const panel = page.getByRole("form", { name: plannerTexts.filters });
    const name = panel.getByLabel(plannerTexts.showName);
    await name.fill("Celina");
    await panel.getByRole("button", { name: plannerTexts.applyFilters }).click();
    await expect(page).toHaveURL(/[?&]name=Celina/);
    const cards = page.locator('[id^="show-"]');
    await expect(cards.first()).toContainText("Celina");
    for (const card of await cards.all()) await expect(card).toContainText("Celina");
    await page.goBack();
    await expect(page).not.toHaveURL(/name=/);
    await expect(name).toHaveValue("");
  });

  test("a class's entry dialog is a panel at the right edge, beside the schedule", async ({
    signInAs,
    page,
  }, info) => {
    await signInAs(DEMO.owner, `/shows/${showIdByName(CELEBRATION)}`);
    await page.getByRole("searchbox").fill("Model Pleasure Walking Stallions");
    await classButton(page, "Model Pleasure Walking Stallions").first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(1280);
    expect(Math.round(box.height)).toBe(800);
    expect(box.width).toBeLessThan(1280 / 2);
    await page.screenshot({ path: info.outputPath("entry-panel-1280.png") });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

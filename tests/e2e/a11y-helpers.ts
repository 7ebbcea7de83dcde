import { AxeBuilder } from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { documentTitle } from "../../src/client/ui/use-document-title.ts";
import { endTransitions, expect } from "./fixtures.ts";

/** The narrowest phone we design for; every screen and dialog is scanned at this width. */
export const PHONE = { width: 360, height: 740 } as const;

/** Any open modal: ordinary dialogs and alert dialogs (confirmations, messages). */
export const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * axe (WCAG 2.x A/AA and best practices) on the page, or on what `include` selects; fails with one line
 * per violation (rule, then the offending elements), which reads better than axe's whole report.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  await endTransitions(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map(describeNode).join(" | ")}`)).toEqual([]);
}

/** The element, and for a contrast failure what axe measured, so a failure in CI can be told from a flake. */
function describeNode(node: { target: unknown[]; any: { data?: unknown }[] }): string {
  const target = node.target.join(" ");
  const data = node.any.find((check) => check.data && typeof check.data === "object")?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number }
    | undefined;
  return data?.contrastRatio
    ? `${target} (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)`
    : target;
}

/**
 * A screen is done when it has its own document title ("Your Roster — Ringside") and axe finds nothing.
 * `ready` is what must be on screen first (a heading, usually). New screens: call this from tests/e2e/a11y.spec.ts.
 */
export async function expectAccessibleScreen(page: Page, opts: { title: string; ready: Locator }) {
  await expect(opts.ready).toBeVisible();
  await expect(page).toHaveTitle(documentTitle(opts.title));
  await expectNoAxeViolations(page);
}

/**
 * An open dialog is done when axe finds nothing in it, it has a name, and its description (if any) is
 * real: never a hidden copy of the title, which screen readers would announce twice.
 */
export async function expectAccessibleDialog(dialog: Locator, opts: { name: string | RegExp }) {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName(opts.name);
  const { name, description } = await dialog.evaluate((el) => {
    const text = (ids: string | null) =>
      (ids ?? "")
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
        .join(" ");
    return {
      name: text(el.getAttribute("aria-labelledby")),
      description: text(el.getAttribute("aria-describedby")),
    };
  });
  if (description) expect(description).not.toBe(name);
  await expectNoAxeViolations(dialog.page(), OPEN_DIALOG);
}

/** True when the element shows all of its text: not cut by an ellipsis or hidden overflow. */
export const isWhole = (locator: Locator) =>
  locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);

/** The page's level-1 heading of exactly this name. */
export const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

/** Whichever dialog or alert dialog is open. */
export const dialog = (page: Page) => page.locator(OPEN_DIALOG);

/** Closes the open dialog with Escape and waits for it to go. */
export async function closeDialog(page: Page) {
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
}

import type { Page } from "@playwright/test";
import { texts } from "../../src/domain/texts.ts";
import { horsesTexts } from "../../src/domain/texts-horses.ts";
import { loadFailureTexts as t } from "../../src/domain/texts-load-failure.ts";
import { rosterTexts } from "../../src/domain/texts-roster.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, test } from "./fixtures.ts";

/** The horses screen's own chunk (dist/client/assets/horses-screen-<hash>.js): not loaded until opened. */
const HORSES_CHUNK = /\/assets\/horses-screen-[\w-]+\.js$/;

const openHorses = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: texts.nav.horses }).click();

test.describe("a screen whose code cannot be fetched", () => {
  test("says so with Retry, and Retry loads it once it can be fetched", async ({ page, signInAs }) => {
    await page.setViewportSize(PHONE);
    await signInAs(DEMO.owner, "/roster");
    // The network refuses the chunk, as it does for a file a redeploy removed or a connection that dropped.
    await page.route(HORSES_CHUNK, (route) => route.abort("failed"));
    await openHorses(page);
    const alert = page.getByRole("alert").filter({ hasText: t.title });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("button", { name: t.retry })).toBeVisible();
    // Online: nothing about being offline.
    await expect(alert).not.toContainText(t.offline);
    // The rest of the app stays: the header and the navigation are there, not a blank page.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/failed-loads-360-blocked.png" });

    // Retry while still blocked: the same message again, not a blank page.
    await alert.getByRole("button", { name: t.retry }).click();
    await expect(page.getByRole("alert").filter({ hasText: t.title })).toBeVisible();

    await page.unroute(HORSES_CHUNK);
    await page.getByRole("button", { name: t.retry }).click();
    await expect(page.getByRole("heading", { level: 1, name: horsesTexts.title })).toBeVisible();
    await expect(page.getByText(t.title)).toHaveCount(0);
  });

  test("offline, it says You are offline; back online, Retry loads it", async ({
    page,
    context,
    signInAs,
  }) => {
    await page.setViewportSize(PHONE);
    await signInAs(DEMO.owner, "/roster");
    await context.setOffline(true);
    await openHorses(page);
    const alert = page.getByRole("alert").filter({ hasText: t.title });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(t.offline);
    await page.screenshot({ path: "test-results/failed-loads-360-offline.png" });

    await context.setOffline(false);
    await expect(alert).not.toContainText(t.offline);
    await alert.getByRole("button", { name: t.retry }).click();
    await expect(page.getByRole("heading", { level: 1, name: horsesTexts.title })).toBeVisible();
  });

  test("another screen from the navigation clears the message", async ({ page, signInAs }) => {
    await signInAs(DEMO.owner, "/roster");
    await page.route(HORSES_CHUNK, (route) => route.abort("failed"));
    await openHorses(page);
    await expect(page.getByRole("alert").filter({ hasText: t.title })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: texts.nav.roster })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: rosterTexts.title })).toBeVisible();
    await expect(page.getByText(t.title)).toHaveCount(0);
  });
});

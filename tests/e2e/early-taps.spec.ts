import type { Page } from "@playwright/test";
import { BOOT_STATE_ID } from "../../src/domain/app/boot-state.ts";
import { plannerTexts } from "../../src/domain/texts/planner.ts";
import { texts } from "../../src/domain/texts/shell.ts";
import { CELINA, showIdByName } from "./entries-helpers.ts";
import { DEMO, expect, openHeld, personIn, test } from "./fixtures.ts";
import { horseIdByName } from "./horses-helpers.ts";
import { runningShow, ZONE } from "./show-day-helpers.ts";

/**
 * Issue 33's "a tap must never vanish": on a slow phone the server's page is on screen before its script
 * has run. Every button in it must then either work without the script or be shown as not ready
 * (disabled): an enabled button whose handler is not attached yet eats the tap. This sweeps the screens
 * the server renders, with the scripts held, and lists the buttons that would.
 */
test.use({ serviceWorkers: "block" });
test.describe.configure({ timeout: 120_000 });

/** The names of the visible, enabled buttons in the page (a `<noscript>` card's are never shown). */
const tappableButtons = (page: Page) =>
  page
    .locator("button:visible, [role=button]:visible, [role=tab]:visible, [role=switch]:visible")
    .evaluateAll((nodes) =>
      nodes
        .filter((node) => !node.matches(":disabled") && node.getAttribute("aria-disabled") !== "true")
        .map((node) =>
          (node.getAttribute("aria-label") ?? node.textContent ?? "").trim().replace(/\s+/g, " "),
        ),
    );

for (const width of [360, 1280]) {
  test(`at ${width} px, no button the server renders eats a tap before the script runs`, async ({
    browser,
    baseURL,
  }) => {
    const desk = width >= 1024 ? { isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {};
    const options = { viewport: { width, height: 900 }, timezoneId: ZONE, ...desk };
    const admin = await personIn(browser, baseURL!, DEMO.admin, options);
    const owner = await personIn(browser, baseURL!, DEMO.owner, options);
    const trainer = await personIn(browser, baseURL!, DEMO.trainer, options);
    const { showId } = await runningShow(
      admin.page.request,
      owner.page.request,
      baseURL!,
      `Early Taps ${width}`,
    );
    const horseId = horseIdByName("Midnight Masterpiece");

    const screens: [Page, string][] = [
      [owner.page, "/roster"],
      [owner.page, "/planner"],
      [owner.page, `/shows/${showId}`],
      [admin.page, `/shows/${showId}/ring`],
      [owner.page, "/standings"],
      [owner.page, "/horses"],
      [owner.page, `/horses/${horseId}`],
      [owner.page, "/profile"],
      [owner.page, "/notifications"],
      [owner.page, "/profile/notifications"],
      [owner.page, `/shows/${showId}/print`],
      [admin.page, `/shows/${showId}/results`],
      [trainer.page, "/barn"],
      [admin.page, "/admin"],
    ];
    const eaten: Record<string, string[]> = {};
    for (const [page, path] of screens) {
      const release = await openHeld(page, path);
      // The boot state follows the page's markup: once it is in, the whole page the server rendered is.
      await page.locator(`#${BOOT_STATE_ID}`).waitFor({ state: "attached" });
      const names = await tappableButtons(page);
      if (names.length > 0) eaten[path.replace(showId, ":showId").replace(horseId, ":horseId")] = names;
      release();
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
    expect(eaten).toEqual({});
    await admin.context.close();
    await owner.context.close();
    await trainer.context.close();
  });
}

test("before the script runs, show detail's Back is a link that goes to the planner", async ({
  signInAs,
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(DEMO.owner, "/roster");
  const showId = showIdByName(CELINA);
  await openHeld(page, `/shows/${showId}`);
  await page.getByRole("link", { name: texts.common.back }).click();
  await expect(page).toHaveURL(/\/planner$/);
  await expect(page.getByRole("heading", { level: 1, name: plannerTexts.title })).toBeVisible();
});

import { watchTexts } from "../../src/domain/texts/watch.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test } from "./fixtures.ts";
import { horseIdByName } from "./horses-helpers.ts";
import { nextClassInRing, noAccountPhone, stewardAndOwnerAtRunningShow, ZONE } from "./show-day-helpers.ts";

/**
 * Barn links (issue 35, ADR 050): the trainer shares their whole barn at a show from the barn screen on a
 * phone, a browser with no account follows its horses while a steward drives the ring, and Revoke turns
 * the open page into the 404 page.
 */
test.describe.configure({ timeout: 150_000 });
const OUT = process.env.E2E_OUTPUT_DIR ?? "test-results";
const SUN = "Midnight Masterpiece";
const SUNDANCE = "Sundance Jubilee";

test("a trainer shares the barn live from a phone; a browser without an account follows its horses until the link is revoked", async ({
  browser,
  baseURL,
}) => {
  const trainer = await personIn(browser, baseURL!, DEMO.trainer, { viewport: PHONE, timezoneId: ZONE });
  const showName = "Barn Link E2E Night";
  // The barn's Midnight Masterpiece in class 5 (its owner's entry) and Sundance Jubilee in class 8 (entered
  // by one of its owners, who is the steward here too).
  const { steward, owner, showId, sessionId } = await stewardAndOwnerAtRunningShow(
    browser,
    baseURL!,
    showName,
  );
  const entry = await steward.page.request.put(`/api/shows/${showId}/classes/class-8/entries`, {
    headers: { origin: baseURL! },
    data: { entries: [{ status: "HorseIsShowing", horseId: horseIdByName(SUNDANCE) }] },
  });
  expect(entry.status(), await entry.text()).toBe(200);

  // The barn screen: Share live for the show running today.
  await trainer.page.goto("/barn");
  const section = trainer.page.getByTestId("barn-watch-links");
  const share = section.getByRole("button", { name: watchTexts.links.barnShareAt(showName) });
  await expect(share).toBeVisible({ timeout: 30_000 });
  // Each show is a row of the list, its name beside a plain "Share live".
  const row = section
    .getByRole("list", { name: watchTexts.links.shareFor })
    .getByRole("listitem")
    .filter({ hasText: showName });
  await expect(row.getByRole("button")).toHaveText(watchTexts.share.open);
  await trainer.page.screenshot({ path: test.info().outputPath("barn-live-links-360.png"), fullPage: true });
  await share.click();
  const dialog = trainer.page.getByRole("dialog");
  await expect(dialog.getByText(watchTexts.share.barnWhat)).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: watchTexts.share.showRider })).not.toBeChecked();
  await expectNoAxeViolations(trainer.page);
  await dialog.getByRole("button", { name: watchTexts.share.make }).click();
  const urlField = dialog.getByTestId("watch-link-url");
  await expect(urlField).toHaveValue(/\/watch\/[A-Za-z0-9_-]{43}$/);
  const url = await urlField.inputValue();
  await expect(dialog.getByText(watchTexts.share.barnSecret)).toBeVisible();
  await expect(dialog.getByRole("button", { name: watchTexts.share.copy })).toBeVisible();
  await trainer.page.screenshot({ path: `${OUT}/barn-share-dialog-360.png` });
  await dialog.getByRole("button", { name: "Close" }).first().click();
  const link = section.getByTestId("watch-link").filter({ hasText: showName });
  await expect(link).toContainText("Made by Wade Harlan");
  await trainer.page.screenshot({ path: `${OUT}/barn-links-360.png`, fullPage: true });

  // Someone with no account, no cookie, in another browser.
  const watcherContext = await noAccountPhone(browser);
  const watcher = await watcherContext.newPage();
  expect((await watcher.goto(url))!.status()).toBe(200);
  await expect(watcher.getByRole("heading", { level: 1, name: "Wade Harlan's barn" })).toBeVisible();
  const horses = watcher.getByTestId("watch-horse");
  await expect(horses).toHaveCount(2);
  const sun = horses.filter({ has: watcher.getByRole("heading", { name: SUN }) });
  const sundance = horses.filter({ has: watcher.getByRole("heading", { name: SUNDANCE }) });
  await expect(sun.getByTestId("watch-now")).toHaveText(
    `In the ring now: Class 1 · ${SUN} is 4 classes away`,
  );
  await expect(sundance.getByTestId("watch-now")).toHaveText(
    `In the ring now: Class 1 · ${SUNDANCE} is 7 classes away`,
  );
  await expect(watcher.getByTestId("watch-heard")).toHaveText(
    /^Last heard from the ring at \d+:\d\d [AP]M C[SD]T$/,
  );
  await expect(watcher.getByText("Casey Whitfield")).toHaveCount(0);
  // The owners (one of them the steward) and the barn's horse not entered are nowhere.
  await expect(watcher.getByText("Avery Morgan")).toHaveCount(0);
  await expect(watcher.getByText("Riley Dunn")).toHaveCount(0);
  await expect(watcher.getByText("Gold Rush Delight")).toHaveCount(0);
  await expect(watcher.getByText(/@/)).toHaveCount(0);
  // Notify me (ADR 052; barn-notify.spec.ts drives it): a box per horse of the barn at the show.
  await expect(
    watcher.getByRole("region", { name: watchTexts.notify.button }).getByRole("checkbox"),
  ).toHaveCount(2);
  await expectNoAxeViolations(watcher);

  // A steward's tap moves both counts within a few seconds.
  const tappedAt = Date.now();
  await nextClassInRing(steward.page.request, baseURL!, showId, sessionId);
  await expect(sun.getByTestId("watch-now")).toHaveText(
    `In the ring now: Class 2 · ${SUN} is 3 classes away`,
    {
      timeout: 5_000,
    },
  );
  await expect(sundance.getByTestId("watch-now")).toHaveText(
    `In the ring now: Class 2 · ${SUNDANCE} is 6 classes away`,
  );
  console.log(`barn page moved ${Date.now() - tappedAt} ms after the tap`);
  await watcher.screenshot({ path: `${OUT}/barn-watch-360.png`, fullPage: true });
  await watcher.setViewportSize({ width: 1280, height: 900 });
  await watcher.screenshot({ path: `${OUT}/barn-watch-1280.png`, fullPage: true });
  expect(await watcherContext.cookies()).toEqual([]);

  // The trainer revokes it on the barn screen; the open page turns into the 404 page by itself.
  await link.getByRole("button", { name: watchTexts.links.revokeLabel(showName) }).click();
  await trainer.page
    .getByRole("alertdialog")
    .getByRole("button", { name: watchTexts.links.revokeConfirm })
    .click();
  await expect(section.getByText(watchTexts.links.revoked)).toBeVisible();
  const revokedAt = Date.now();
  await expect(watcher.getByRole("heading", { name: watchTexts.notFound.heading })).toBeVisible({
    timeout: 5_000,
  });
  console.log(`barn page showed the 404 page ${Date.now() - revokedAt} ms after Revoke`);
  expect((await watcher.request.get(url)).status()).toBe(404);
  await watcherContext.close();
  await trainer.context.close();
  await owner.context.close();
  await steward.context.close();
});

import { showDayTexts } from "../../src/domain/texts/show-day.ts";
import { expectAccessibleDialog, expectNoAxeViolations } from "./a11y-helpers.ts";
import { DEMO, endTransitions, expect, personIn, test } from "./fixtures.ts";
import { runningShow, SCREENS, ZONE } from "./show-day-helpers.ts";

/**
 * A steward's mistaken Finish undone (issue 34): the Finish asks what becomes of the classes not run,
 * the owner's roster line says truthfully what happened to theirs, and one Undo puts everything back.
 */
const r = showDayTexts.ring;
const s = showDayTexts.status;
test.describe.configure({ mode: "serial", timeout: 120_000 });

for (const [label, viewport] of SCREENS) {
  test(`a steward's mistaken Finish is undone (${label})`, async ({ browser, baseURL }, testInfo) => {
    const steward = await personIn(browser, baseURL!, DEMO.admin, { viewport, timezoneId: ZONE });
    const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport, timezoneId: ZONE });
    const name = `Finish Undo E2E ${label}`;
    const { showId } = await runningShow(steward.page.request, owner.page.request, baseURL!, name);

    await owner.page.goto("/roster");
    const card = owner.page.getByRole("article").filter({ has: owner.page.getByRole("heading", { name }) });
    const status = card.getByTestId("class-day-status");
    await expect(status).toHaveText(/^4 classes away/, { timeout: 20_000 });

    const page = steward.page;
    await page.goto(`/shows/${showId}/ring`);
    // Ring control is a lazy screen: on a loaded machine its first paint can take a while.
    await expect(page.getByTestId("ring-current")).toContainText(r.inRing("1"), { timeout: 20_000 });
    await page.getByRole("button", { name: r.finishSession }).click();
    const dialog = page.getByRole("dialog", { name: r.finishTitle("Evening") });
    await expect(dialog).toContainText(r.finishUnrun(["2", "3", "4", "5", "6", "7", "8", "9", "10"]));
    // One session only: there is no later one to move them to, so scratching is the choice offered.
    await expect(dialog.getByRole("radio", { name: r.finishScratch })).toBeChecked();
    await endTransitions(page);
    await expectAccessibleDialog(dialog, { name: r.finishTitle("Evening") });
    await page.screenshot({ path: testInfo.outputPath(`finish-dialog-${label}.png`) });
    await dialog.getByRole("button", { name: r.finishSession }).click();

    await expect(page.getByText(r.sessionStatus.finished, { exact: true })).toBeVisible();
    await expect(status).toHaveText(`${s.scratched}: ${showDayTexts.refusals.notRun}`);
    const undo = page.getByRole("button", { name: r.undoLabel("Evening finished") });
    await expect(undo).toBeVisible();
    // The dialog's fade-out ends before the screen is measured.
    await expect(dialog).toHaveCount(0);
    // Focus went back to Finish at the foot of the page; the bar with Undo is at its top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await endTransitions(page);
    await page.screenshot({ path: testInfo.outputPath(`finished-${label}.png`) });
    await expectNoAxeViolations(page);
    await undo.click();

    await expect(page.getByText(r.sessionStatus.running, { exact: true })).toBeVisible();
    await expect(page.getByTestId("ring-current")).toContainText(r.inRing("1"));
    await expect(undo).toHaveCount(0);
    await expect(status).toHaveText(/^4 classes away · ≈ /);
    await steward.context.close();
    await owner.context.close();
  });
}

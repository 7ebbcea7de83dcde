import { showDayTexts } from "../../src/domain/texts/show-day.ts";
import { expectNoAxeViolations } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test } from "./fixtures.ts";
import { runningShow, SCREENS, ZONE } from "./show-day-helpers.ts";

/** A stale tap on Ring control is refused once, where the steward tapped (issue 34 item 9). */
const r = showDayTexts.ring;
test.describe.configure({ mode: "serial", timeout: 150_000 });

for (const [label, viewport] of SCREENS) {
  test(`a stale tap's refusal shows once (${label})`, async ({ browser, baseURL }, testInfo) => {
    const steward = await personIn(browser, baseURL!, DEMO.admin, { viewport, timezoneId: ZONE });
    const owner = await personIn(browser, baseURL!, DEMO.owner);
    const { showId, sessionId } = await runningShow(
      steward.page.request,
      owner.page.request,
      baseURL!,
      `Stale Tap E2E ${label}`,
    );
    await owner.context.close();
    const page = steward.page;
    // This screen hears nothing of the other steward's tap: its ring stream is cut.
    await page.route("**/api/show-day/events**", (route) => route.abort());
    await page.goto(`/shows/${showId}/ring`);
    const callTwo = page.getByRole("button", { name: r.callNext("2") });
    await expect(callTwo).toBeVisible({ timeout: 45_000 });
    const other = await page.request.post(`/api/shows/${showId}/ring/actions`, {
      headers: { origin: baseURL! },
      data: { kind: "in-ring", sessionId, classId: "class-2", expectedInRing: "class-1" },
    });
    expect(other.status()).toBe(200);

    await callTwo.click();
    const refusal = page.getByRole("alert").filter({ hasText: showDayTexts.refusals.inRingNow("2") });
    await expect(refusal).toHaveCount(1);
    await expect(refusal).toContainText(r.refused);
    // The screen reads the ring again; the refusal stays, once.
    await expect(page.getByRole("button", { name: r.callNext("3") })).toBeVisible();
    await expect(refusal).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`stale-tap-${label}.png`), fullPage: true });
    await steward.context.close();
  });
}

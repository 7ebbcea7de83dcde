import { showDayTexts } from "../../src/domain/texts/show-day.ts";
import { expectNoAxeViolations } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test } from "./fixtures.ts";
import { runningShow, SCREENS, ZONE } from "./show-day-helpers.ts";

/**
 * One estimate, from one place, everywhere (issue 34): while a session runs, a class says the same on
 * show detail as on the roster — status and time — and a scratched class shows no time.
 */
const s = showDayTexts.status;
test.describe.configure({ mode: "serial", timeout: 150_000 });

for (const [label, viewport] of SCREENS) {
  test(`the same class shows the same estimate on show detail and the roster (${label})`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const admin = await personIn(browser, baseURL!, DEMO.admin, { viewport, timezoneId: ZONE });
    const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport, timezoneId: ZONE });
    const name = `One Estimate E2E ${label}`;
    const { showId, sessionId } = await runningShow(admin.page.request, owner.page.request, baseURL!, name);
    const scratched = await admin.page.request.post(`/api/shows/${showId}/ring/actions`, {
      headers: { origin: baseURL! },
      data: { kind: "scratch", sessionId, classId: "class-3", reason: "No entries" },
    });
    expect(scratched.status()).toBe(200);

    await owner.page.goto("/roster");
    const card = owner.page.getByRole("article").filter({ has: owner.page.getByRole("heading", { name }) });
    const onRoster = card.getByTestId("class-day-status");
    // Class 3 is scratched, so class 5 is 3 classes away.
    await expect(onRoster).toHaveText(/^3 classes away · ≈ \d+:\d\d [AP]M C[DS]T$/);
    const rosterWords = await onRoster.textContent();
    await owner.page.screenshot({ path: testInfo.outputPath(`roster-${label}.png`), fullPage: true });

    await owner.page.goto(`/shows/${showId}`);
    const row = (n: number) =>
      owner.page.getByRole("button", { name: new RegExp(`^${n}\\s*Class ${n} Walking Horses`) });
    await expect(row(5).getByTestId("class-day-status")).toHaveText(rosterWords!);
    await expect(row(1).getByTestId("class-day-status")).toHaveText(s.inRing);
    await expect(row(2).getByTestId("class-day-status")).toHaveText(/^Up next · ≈ /);
    await expect(row(3).getByTestId("class-day-status")).toHaveText(`${s.scratched}: No entries`);
    // No planned time beside the live status, and none on the scratched class.
    await expect(row(3)).not.toContainText("≈");
    await expect(row(5).getByText(/≈/)).toHaveCount(1);
    await owner.page.screenshot({ path: testInfo.outputPath(`show-detail-${label}.png`) });
    await expectNoAxeViolations(owner.page);

    // The printed schedule says the same.
    await owner.page.goto(`/shows/${showId}/print`);
    await expect(owner.page.getByText(rosterWords!)).toBeVisible({ timeout: 20_000 });
    await admin.context.close();
    await owner.context.close();
  });
}

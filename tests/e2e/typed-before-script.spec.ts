import { adminTexts } from "../../src/domain/texts/admin.ts";
import { adminAiTexts } from "../../src/domain/texts/admin-ai.ts";
import { authTexts } from "../../src/domain/texts/auth.ts";
import { plannerTexts } from "../../src/domain/texts/planner.ts";
import { resultsTexts } from "../../src/domain/texts/results.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { renderPrizeListPdf } from "../support/class-list-images.ts";
import { fixtureShows, layoutPrizeList } from "../support/prize-list.ts";
import { DEMO, DEMO_PASSWORD, expect, openHeld, personIn, test } from "./fixtures.ts";

/**
 * A person on a slow phone types into the page the server rendered before its script has run: what they
 * typed stays in the field and takes effect once the script runs, and what cannot work yet is shown as not
 * ready (the show detail's class search and AI row are tested in show-detail.spec.ts).
 */
// Scripts come from the network only, where the test holds them.
test.use({ serviceWorkers: "block" });

test("an email and password typed into Sign In before the script runs are kept and signed in with", async ({
  signedOutPage: page,
}) => {
  const release = await openHeld(page, "/auth");
  const email = page.getByLabel(authTexts.email);
  const password = page.getByLabel(authTexts.password);
  await email.fill(DEMO.owner);
  await password.fill(DEMO_PASSWORD);
  const signIn = page.waitForRequest((req) => new URL(req.url()).pathname === "/api/auth/sign-in/email");
  release();
  await page.waitForFunction(() => performance.getEntriesByName("ringside:first-screen").length > 0);
  await expect(email).toHaveValue(DEMO.owner);
  await expect(password).toHaveValue(DEMO_PASSWORD);
  await page.getByRole("button", { name: authTexts.signInButton, exact: true }).click();
  expect((await signIn).postDataJSON()).toEqual({ email: DEMO.owner, password: DEMO_PASSWORD });
  await expect(page.getByRole("heading", { name: rosterTexts.title })).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`at ${width} px, words typed into the Admin Panel's users search before the script runs are searched, and stay`, async ({
    browser,
    baseURL,
  }) => {
    const desk = width >= 1024 ? { isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {};
    const { page, context } = await personIn(browser, baseURL!, DEMO.admin, {
      viewport: { width, height: 900 },
      ...desk,
    });
    const release = await openHeld(page, "/admin");
    const search = page
      .getByRole("region", { name: adminTexts.dataManagement })
      .getByRole("searchbox", { name: adminTexts.searchUsers });
    await search.fill("rider@ringside");
    // The points scale's fields wait for the organisations, read once the script runs.
    const placings = page.getByLabel(resultsTexts.scales.placings);
    await expect(placings).toBeDisabled();
    const searched = page.waitForRequest(
      (req) =>
        new URL(req.url()).pathname === "/api/admin/users" &&
        new URL(req.url()).searchParams.get("q") === "rider@ringside",
    );
    release();
    await searched;
    await expect(page.getByRole("region", { name: adminTexts.dataManagement })).toContainText(DEMO.rider);
    await expect(page.getByRole("region", { name: adminTexts.dataManagement })).not.toContainText(DEMO.owner);
    await expect(search).toHaveValue("rider@ringside");
    await expect(placings).toBeEnabled();
    await context.close();
  });
}

test("the planner's Upcoming / Past and Filters are shown as not ready until the script runs, then work", async ({
  signInAs,
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(DEMO.rider, "/roster");
  const release = await openHeld(page, "/planner");
  const past = page
    .getByRole("group", { name: plannerTexts.periodLabel })
    .getByRole("button", { name: plannerTexts.pastShows });
  const filters = page.getByRole("button", { name: plannerTexts.openFilters(0) });
  await expect(past).toBeDisabled();
  await expect(filters).toBeDisabled();
  expect(await past.evaluate((el) => getComputedStyle(el).opacity)).toBe("0.6");
  await past.click({ force: true });
  await expect(past).toHaveAttribute("aria-pressed", "false");

  release();
  await expect(past).toBeEnabled();
  await expect(filters).toBeEnabled();
  await past.click();
  await expect(past).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/planner\?past=1$/);
});

test("a file put into the Admin Panel's class-list import before the script runs is the one read; its buttons wait", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const t = adminAiTexts;
  const list = layoutPrizeList(fixtureShows().find((show) => show.title.startsWith("Smith County"))!);
  const pdf = await renderPrizeListPdf(list);
  const { page, context } = await personIn(browser, baseURL!, DEMO.admin, {
    viewport: { width: 360, height: 900 },
  });
  const release = await openHeld(page, "/admin");
  const card = page.getByRole("region", { name: t.importTitle });
  // Not ready in the server's page: a tap on Read list would do nothing.
  await expect(card.getByRole("button", { name: t.readList })).toBeDisabled();
  await card
    .getByLabel(t.file)
    .setInputFiles({ name: "prize-list.pdf", mimeType: "application/pdf", buffer: pdf });
  release();
  await card.getByRole("button", { name: t.readList }).click();
  await expect(card.getByLabel(t.showName)).toHaveValue(list.title, { timeout: 60_000 });
  await context.close();
});

import type { Page } from "@playwright/test";
import { addDays, format, parseISO } from "date-fns";
import { KEEP_NAME } from "../../src/domain/results/preview-choices.ts";
import { showClockTime, showToday } from "../../src/domain/show-day/show-time.ts";
import { resultsTexts } from "../../src/domain/texts/results.ts";
import { expectAccessibleDialog, expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test, untilShown } from "./fixtures.ts";
import { createHorse } from "./horses-helpers.ts";
import { SCREENS, ZONE } from "./show-day-helpers.ts";

/**
 * Results that can be taken back and names matched the right way (issue 34, items 5 and 6): a ring
 * steward (not an admin) is warned before posting to a scratched class and withdraws a class's results
 * behind a confirmation, and the owner's notice and standings follow; the preview preselects a close
 * match (so publishing untouched gives the owner the result) and flags a line without a horse.
 */
const p = resultsTexts.post;
const st = resultsTexts.standings;
test.describe.configure({ timeout: 240_000 });

async function open(page: Page, path: string) {
  await page.goto(path);
  await untilShown(page);
}

async function shoot(page: Page, name: string, width: number) {
  await page.screenshot({ path: `test-results/results-withdraw-${name}-${width}.png`, fullPage: true });
}

/**
 * A new owner (signed in on `page`) with a horse of their own, and a show running today (two Lite Shod
 * classes in an organisation of its own) whose ring steward is the demo trainer; class 2 is scratched.
 */
async function showWithScratchedClass(
  browser: import("@playwright/test").Browser,
  baseURL: string,
  page: Page,
  signUpAs: (opts: { role: "Owner" }) => Promise<unknown>,
  viewport: { width: number; height: number },
) {
  await signUpAs({ role: "Owner" });
  const stamp = Date.now().toString(36);
  const horse = await createHorse(page.request, baseURL, { name: `Velvet Thunder ${stamp}` });
  const headers = { origin: baseURL };
  const admin = await personIn(browser, baseURL, DEMO.admin);
  const steward = await personIn(browser, baseURL, DEMO.trainer, { viewport });
  const today = showToday(Date.now(), ZONE);
  const org = `E2E Withdraw ${stamp}`;
  const classes = [
    { id: "class-1", name: "Lite Shod Walking Horse" },
    { id: "class-2", name: "Lite Shod Walking Horse Amateur" },
  ];
  const a = admin.page.request;
  const created = await a.post("/api/shows", {
    headers,
    data: {
      name: `Withdraw Classic ${stamp}`,
      startDate: today,
      endDate: format(addDays(parseISO(today), 1), "yyyy-MM-dd"),
      location: "Shelbyville, TN",
      sanctioningOrg: org,
      judges: [],
      classes,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const showId = (await created.json()).id as string;
  const startTime = showClockTime(Math.max(Date.now() - 60_000, Date.parse(`${today}T00:00:00Z`)), ZONE);
  const schedule = await a.put(`/api/shows/${showId}/schedule`, {
    headers,
    data: {
      timeZone: null,
      minutesPerClass: 7,
      sessions: [
        {
          name: "Morning",
          date: today,
          startTime,
          ring: "Main Ring",
          classes: classes.map((c, i) => ({ ...c, number: String(i + 1) })),
        },
      ],
    },
  });
  expect(schedule.status(), await schedule.text()).toBe(200);
  const sessionId = (await schedule.json()).sessions[0].id as string;
  const stewardId = (await (await steward.page.request.get("/api/me")).json()).id as string;
  const named = await a.put(`/api/shows/${showId}/stewards`, { headers, data: { userIds: [stewardId] } });
  expect(named.status(), await named.text()).toBe(200);
  await admin.context.close();
  const act = (data: unknown) =>
    steward.page.request.post(`/api/shows/${showId}/ring/actions`, { headers, data });
  expect((await act({ kind: "start-session", sessionId })).status()).toBe(200);
  const scratched = await act({ kind: "scratch", sessionId, classId: "class-2", reason: "No entries" });
  expect(scratched.status(), await scratched.text()).toBe(200);
  return { horse, steward, showId, org, year: today.slice(0, 4), showName: `Withdraw Classic ${stamp}` };
}

for (const [screen, viewport] of SCREENS) {
  test(`${screen}: a steward is warned of a scratched class and withdraws its results; the owner's notice and standings follow`, async ({
    browser,
    baseURL,
    page,
    signUpAs,
  }) => {
    const { horse, steward, showId, org, year, showName } = await showWithScratchedClass(
      browser,
      baseURL!,
      page,
      signUpAs,
      viewport,
    );
    await page.setViewportSize(viewport);
    const s = steward.page;

    // Before publishing: the scratched class says so, in the class list and in words.
    await open(s, `/shows/${showId}/results?class=class-2`);
    await expect(s.getByRole("heading", { level: 1, name: p.title })).toBeVisible({ timeout: 30_000 });
    const warning = s.getByText(p.scratchedWarning("2"));
    await expect(warning).toBeVisible();
    await expect(s.getByLabel(p.klass)).toContainText(
      p.classOption("2", "Lite Shod Walking Horse Amateur", false, true),
    );
    await s.getByLabel(p.linesLabel).fill(`1 ${horse.name} — Jane Doe`);
    await s.getByRole("button", { name: p.preview }).click();
    await expect(s.getByText(p.exact(horse.name))).toBeVisible();
    await expectNoAxeViolations(s);
    await shoot(s, "scratched", viewport.width);
    await s.getByRole("button", { name: p.publish }).click();
    await expect(s.getByRole("status").filter({ hasText: p.published })).toBeVisible();

    const placed = resultsTexts.placed(horse.name, 1, "2", showName);
    await open(page, "/notifications");
    await expect(page.getByText(placed, { exact: true })).toBeVisible();
    const standings = `/standings?${new URLSearchParams({ year, org, division: "lite-shod" }).toString()}`;
    await open(page, standings);
    await expect(page.getByRole("row").filter({ hasText: horse.name })).toContainText(st.yours);

    // The withdrawal asks first: Cancel keeps the results.
    await s.getByRole("button", { name: p.withdraw }).click();
    const confirm = s.getByRole("alertdialog", { name: p.withdrawTitle("2") });
    await expectAccessibleDialog(confirm, { name: p.withdrawTitle("2") });
    await expect(confirm).toContainText(p.withdrawDescription);
    await shoot(s, "confirm", viewport.width);
    await confirm.getByRole("button", { name: p.cancel }).first().click();
    await expect(confirm).toHaveCount(0);
    await expect(s.getByRole("button", { name: p.withdraw })).toBeVisible();

    await s.getByRole("button", { name: p.withdraw }).click();
    await s.getByRole("alertdialog").getByRole("button", { name: p.withdrawConfirm }).click();
    const outcome = s.getByRole("status").filter({ hasText: p.withdrawn("2") });
    await expect(outcome).toBeVisible();
    // Where the person is: the Withdraw button left with the results, so the outcome takes focus and is in view.
    await expect(outcome).toBeFocused();
    await expect(outcome).toBeInViewport();
    await expect(s.getByRole("button", { name: p.withdraw })).toHaveCount(0);
    await expect(s.getByLabel(p.klass)).toContainText(
      p.classOption("2", "Lite Shod Walking Horse Amateur", false, true),
    );
    await expectNoAxeViolations(s);
    await shoot(s, "withdrawn", viewport.width);

    // The owner is told, and the standings no longer count it.
    await open(page, "/notifications");
    await expect(page.getByText(resultsTexts.withdrawn(placed), { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, "owner-notice", viewport.width);
    await open(page, standings);
    await expect(page.getByRole("heading", { level: 1, name: st.title })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: horse.name })).toHaveCount(0);
    await open(page, `/horses/${horse.id}`);
    await expect(page.getByText(resultsTexts.standingLine(1, 1, "Lite Shod", 7))).toHaveCount(0);
    await steward.context.close();
  });
}

test("the preview preselects a close match and flags a line without a horse; publishing untouched tells the owner", async ({
  browser,
  baseURL,
  page,
  signUpAs,
}) => {
  const { horse, steward, showId, showName } = await showWithScratchedClass(
    browser,
    baseURL!,
    page,
    signUpAs,
    PHONE,
  );
  const s = steward.page;
  const misspelt = horse.name.replace("Thunder", "Thundr");
  await open(s, `/shows/${showId}/results?class=class-1`);
  await expect(s.getByText(p.scratchedWarning("1"))).toHaveCount(0);
  await s.getByLabel(p.linesLabel).fill(`1 ${misspelt} — Jane Doe (rider)\n2 — Jane Roe (rider)`);
  await s.getByRole("button", { name: p.preview }).click();

  // The close match starts on the horse, for the steward to check; the line without one is flagged.
  const choice = s.getByLabel(p.chooseLabel(1));
  await expect(choice).toHaveValue(horse.id);
  await expect(s.getByText(p.closeMatch(misspelt))).toBeVisible();
  await expect(s.getByText(p.preselected(1))).toBeVisible();
  await expect(s.getByText(p.noHorseLine)).toBeVisible();
  await expect(s.getByRole("alert")).toContainText(resultsTexts.problems.noHorse(2, "Jane Roe"));
  await expect(s.getByRole("button", { name: p.publish })).toBeDisabled();
  // The nearest first (earlier runs' horses may be offered after it), then keeping the name.
  await expect(choice.locator("option").first()).toHaveText(p.candidate(horse.name));
  await expect(choice.locator("option").last()).toHaveText(p.keepName);
  await expect(choice.locator(`option[value="${KEEP_NAME}"]`)).toHaveCount(1);
  await expectNoAxeViolations(s);
  for (const [, size] of SCREENS) {
    await s.setViewportSize(size);
    await shoot(s, "preview", size.width);
  }
  await s.setViewportSize(PHONE);

  // The line without a horse is left out by the steward; the preselection is published as it stands.
  await s.getByLabel(p.linesLabel).fill(`1 ${misspelt} — Jane Doe (rider)`);
  await s.getByRole("button", { name: p.preview }).click();
  await expect(s.getByLabel(p.chooseLabel(1))).toHaveValue(horse.id);
  await s.getByRole("button", { name: p.publish }).click();
  await expect(s.getByRole("status").filter({ hasText: p.published })).toBeVisible();

  await page.setViewportSize(PHONE);
  await open(page, "/notifications");
  await expect(
    page.getByText(resultsTexts.placed(horse.name, 1, "1", showName), { exact: true }),
  ).toBeVisible();
  await steward.context.close();
});

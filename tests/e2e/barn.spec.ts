import { authTexts } from "../../src/domain/texts/auth.ts";
import { barnTexts } from "../../src/domain/texts/barn.ts";
import { errorsTexts } from "../../src/domain/texts/errors.ts";
import { expectNoAxeViolations } from "./a11y-helpers.ts";
import { DEMO, expect, openE2eDatabase, test } from "./fixtures.ts";
import { expectModalClosesEveryWay, uniqueName } from "./horses-helpers.ts";

const t = barnTexts;

test("Your Barn lists the trainer's horses with their owners and links to each horse", async ({
  page,
  signInAs,
  axe,
}) => {
  await signInAs(DEMO.trainer, "/barn");
  await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
  const sundance = page.getByRole("link", { name: /Sundance Jubilee/ });
  await expect(sundance).toContainText(`${t.owner}Avery Morgan, Riley Dunn`);
  await expect(page.getByRole("link", { name: /Midnight Masterpiece/ })).toContainText(
    `${t.owner}Casey Whitfield`,
  );
  await expect(page.getByRole("link", { name: /Gold Rush Delight/ })).toContainText(`${t.owner}Wade Harlan`);
  expect((await axe().analyze()).violations).toEqual([]);
  await sundance.click();
  await expect(page).toHaveURL(/\/horses\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name: "Sundance Jubilee" })).toBeVisible();
});

test("a new trainer's barn is empty with the spec's texts", async ({ page, signUpAs }) => {
  await signUpAs({ role: "Trainer", name: uniqueName("Tia") });
  await page.goto("/barn");
  await expect(page.getByText(t.emptyTitle)).toBeVisible();
  await expect(page.getByText(t.emptyBody)).toBeVisible();
});

test("the barn is for trainers only: the route redirects and the API answers 403", async ({
  page,
  signInAs,
}) => {
  await signInAs(DEMO.owner, "/barn");
  await expect(page).toHaveURL(/\/roster$/);
  const res = await page.request.get("/api/barn");
  expect(res.status()).toBe(403);
});

test("Invite Customers: the sign-up link, Copy Link → Copied! for 2 s, Email and Text links", async ({
  page,
  context,
  signInAs,
  axe,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // The page's clock, so "for 2 s" is judged on the page's time and not on a busy machine's.
  await page.clock.install();
  await signInAs(DEMO.trainer, "/barn");
  const open = () => page.getByRole("button", { name: t.inviteCustomers });
  await open().click();
  const dialog = page.getByRole("dialog", { name: t.inviteCustomers });
  const origin = new URL(page.url()).origin;
  const trainerId = (await (await page.request.get("/api/me")).json()).id as string;
  const link = `${origin}/auth?mode=signup&invitedBy=${trainerId}`;
  await expect(dialog.getByLabel(t.signUpLink)).toHaveValue(link);
  expect((await axe().include('[role="dialog"]').analyze()).violations).toEqual([]);

  await page.clock.pauseAt(Date.now() + 60_000);
  await dialog.getByRole("button", { name: t.copyLink }).click();
  await expect(dialog.getByRole("button", { name: t.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.clock.runFor(1900);
  await expect(dialog.getByRole("button", { name: t.copied })).toBeVisible();
  await page.clock.runFor(200);
  await expect(dialog.getByRole("button", { name: t.copyLink })).toBeVisible();
  await page.clock.resume();

  const message = encodeURIComponent(t.inviteText(link));
  await expect(dialog.getByRole("link", { name: t.email })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:.*body=${escapeRegExp(message)}$`),
  );
  await expect(dialog.getByRole("link", { name: t.text })).toHaveAttribute(
    "href",
    new RegExp(`^sms:.*body=${escapeRegExp(message)}$`),
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await expectModalClosesEveryWay(page, open, t.inviteCustomers);
});

test("Copy Link says 'Failed to Copy' when the clipboard refuses", async ({ page, signInAs }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new Error("denied")) },
    });
  });
  await signInAs(DEMO.trainer, "/barn");
  await page.getByRole("button", { name: t.inviteCustomers }).click();
  const dialog = page.getByRole("dialog", { name: t.inviteCustomers });
  await dialog.getByRole("button", { name: t.copyLink }).click();
  await expect(dialog.getByRole("button", { name: errorsTexts.failedToCopy })).toBeVisible();
  await expect(dialog.getByRole("button", { name: t.copyLink })).toBeVisible({ timeout: 4000 });
});

test("a customer who follows the invite link is told who invited them, signs up and is greeted on the roster", async ({
  page,
  browser,
  baseURL,
  signInAs,
}) => {
  await signInAs(DEMO.trainer, "/barn");
  await page.getByRole("button", { name: t.inviteCustomers }).click();
  const link = await page.getByRole("dialog").getByLabel(t.signUpLink).inputValue();

  const customer = await browser.newContext({ baseURL });
  await customer.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
  const tab = await customer.newPage();
  await tab.goto(link);
  await expect(tab.getByRole("heading", { name: authTexts.signUpTitle })).toBeVisible();
  await expect(tab.getByTestId("invited-by")).toHaveText(t.invitedBy("Wade Harlan"));
  const name = uniqueName("Cora Customer");
  await tab.getByLabel(authTexts.name).fill(name);
  await tab.getByLabel(authTexts.email).fill(`${name.replace(/\W/g, "").toLowerCase()}@example.test`);
  await tab.getByLabel(authTexts.password, { exact: true }).fill("e2e-password-1");
  await tab.getByLabel(authTexts.confirmPassword).fill("e2e-password-1");
  await tab.getByRole("button", { name: authTexts.signUpButton }).click();

  await expect(tab).toHaveURL(/\/roster\?invitedBy=[0-9a-f-]+$/);
  const welcome = tab.getByRole("region", { name: t.welcomeTitle("Wade Harlan") });
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText(t.welcomeBody("Wade Harlan"));
  await expect(welcome.getByRole("link", { name: t.welcomeAddHorses })).toHaveAttribute("href", "/horses");
  await expect(welcome.getByRole("link", { name: t.welcomePlanner })).toHaveAttribute("href", "/planner");
  await expectNoAxeViolations(tab);
  await welcome.getByRole("button", { name: t.welcomeDismiss }).click();
  await expect(welcome).toBeHidden();
  await expect(tab).toHaveURL(/\/roster$/);
  await customer.close();
});

test("an invite link whose id is not a trainer's greets nobody, and sign-up still works", async ({
  page,
  signedOutPage,
}) => {
  const db = openE2eDatabase();
  const ownerId = db.prepare("select id from user where email = ?").pluck().get(DEMO.owner) as string;
  db.close();
  for (const id of [ownerId, "not-a-real-id", "x".repeat(80)]) {
    const res = await page.request.get(`/api/invites/${encodeURIComponent(id)}`);
    expect([400, 404]).toContain(res.status());
  }
  await signedOutPage.goto(`/auth?mode=signup&invitedBy=${ownerId}`);
  await expect(signedOutPage.getByRole("heading", { name: authTexts.signUpTitle })).toBeVisible();
  await expect(signedOutPage.getByRole("button", { name: authTexts.signUpButton })).toBeVisible();
  await signedOutPage.waitForLoadState("networkidle");
  await expect(signedOutPage.getByTestId("invited-by")).toHaveCount(0);
});

/** Escapes a string for use inside a RegExp. */
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

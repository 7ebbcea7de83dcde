import { texts } from "../../src/domain/texts.ts";
import { DEMO, expect, test } from "./fixtures.ts";
import { expectModalClosesEveryWay, uniqueName } from "./horses-helpers.ts";

const t = texts.barn;

test("Your Barn lists the trainer's horses with their owners and links to each horse", async ({
  page,
  signInAs,
  axe,
}) => {
  await signInAs(DEMO.trainer, "/#/barn");
  await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
  const sundance = page.getByRole("link", { name: /Sundance Jubilee/ });
  await expect(sundance).toContainText(`${t.owner}Avery Morgan, Riley Dunn`);
  await expect(page.getByRole("link", { name: /Midnight Masterpiece/ })).toContainText(
    `${t.owner}Casey Whitfield`,
  );
  await expect(page.getByRole("link", { name: /Gold Rush Delight/ })).toContainText(`${t.owner}Wade Harlan`);
  expect((await axe().analyze()).violations).toEqual([]);
  await sundance.click();
  await expect(page).toHaveURL(/#\/horses\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name: "Sundance Jubilee" })).toBeVisible();
});

test("a new trainer's barn is empty with the spec's texts", async ({ page, signUpAs }) => {
  await signUpAs({ role: "Trainer", name: uniqueName("Tia") });
  await page.goto("/#/barn");
  await expect(page.getByText(t.emptyTitle)).toBeVisible();
  await expect(page.getByText(t.emptyBody)).toBeVisible();
});

test("the barn is for trainers only: the route redirects and the API answers 403", async ({
  page,
  signInAs,
}) => {
  await signInAs(DEMO.owner, "/#/barn");
  await expect(page).toHaveURL(/#\/roster$/);
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
  await signInAs(DEMO.trainer, "/#/barn");
  const open = () => page.getByRole("button", { name: t.inviteCustomers });
  await open().click();
  const dialog = page.getByRole("dialog", { name: t.inviteCustomers });
  const origin = new URL(page.url()).origin;
  const link = `${origin}/#/auth?mode=signup`;
  await expect(dialog.getByLabel(t.signUpLink)).toHaveValue(link);
  expect((await axe().include('[role="dialog"]').analyze()).violations).toEqual([]);

  await dialog.getByRole("button", { name: t.copyLink }).click();
  await expect(dialog.getByRole("button", { name: t.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.waitForTimeout(1500);
  await expect(dialog.getByRole("button", { name: t.copied })).toBeVisible();
  await expect(dialog.getByRole("button", { name: t.copyLink })).toBeVisible({ timeout: 2000 });

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
  await signInAs(DEMO.trainer, "/#/barn");
  await page.getByRole("button", { name: t.inviteCustomers }).click();
  const dialog = page.getByRole("dialog", { name: t.inviteCustomers });
  await dialog.getByRole("button", { name: t.copyLink }).click();
  await expect(dialog.getByRole("button", { name: texts.errors.failedToCopy })).toBeVisible();
  await expect(dialog.getByRole("button", { name: t.copyLink })).toBeVisible({ timeout: 4000 });
});

/** Escapes a string for use inside a RegExp. */
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

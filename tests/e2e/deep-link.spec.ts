import type { Page } from "@playwright/test";
import { authTexts } from "../../src/domain/texts/auth.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { CELINA, escapeRegExp, showIdByName } from "./entries-helpers.ts";
import { DEMO, DEMO_PASSWORD, expect, test, uniqueEmail } from "./fixtures.ts";
import { SHOTS, WIDE } from "./season-helpers.ts";

/**
 * Issue 34, item 4: a signed-out person who opens a shared show link or the printed sheet's QR code lands
 * on that page once signed in — by password, magic link or a new account — and never anywhere off the site.
 */

async function openSignedOut(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`/auth\\?next=${escapeRegExp(encodeURIComponent(path))}$`));
}

async function signInWithPassword(page: Page, email: string) {
  await page.getByLabel(authTexts.email).fill(email);
  await page.getByLabel(authTexts.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: authTexts.signInButton, exact: true }).click();
}

for (const viewport of [PHONE, WIDE]) {
  test(`a signed-out QR link lands on the print page after sign-in (${viewport.width} px)`, async ({
    signedOutPage: page,
  }) => {
    await page.setViewportSize(viewport);
    const print = `/shows/${showIdByName(CELINA)}/print`;
    await openSignedOut(page, print);
    await expect(page.getByRole("button", { name: authTexts.signInButton, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/deep-link-auth-${viewport.width}.png`, fullPage: true });
    await signInWithPassword(page, DEMO.owner);
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(print)}$`));
    await expect(page.getByRole("heading", { level: 1, name: CELINA })).toBeVisible();
  });
}

test("a magic link asked for on the way to a show opens that show", async ({ signedOutPage: page }) => {
  const show = `/shows/${showIdByName(CELINA)}`;
  await openSignedOut(page, show);
  await page.getByRole("button", { name: authTexts.useMagicLink }).click();
  await page.getByLabel(authTexts.email).fill(DEMO.rider);
  await page.getByRole("button", { name: authTexts.sendMagicLink }).click();
  await page.getByRole("button", { name: authTexts.completeMagicLink }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(show)}$`));
  await expect(page.getByRole("heading", { level: 1, name: CELINA })).toBeVisible();
});

test("a new account made on the way to the print page opens it", async ({ signedOutPage: page }) => {
  const print = `/shows/${showIdByName(CELINA)}/print`;
  await openSignedOut(page, print);
  await page.getByRole("button", { name: authTexts.needAccount }).click();
  await page.getByLabel(authTexts.name).fill("Deep Link Newcomer");
  await page.getByLabel(authTexts.email).fill(uniqueEmail("deep-link"));
  await page.getByLabel(authTexts.password, { exact: true }).fill("password-one");
  await page.getByLabel(authTexts.confirmPassword).fill("password-one");
  await page.getByRole("button", { name: authTexts.signUpButton }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(print)}$`));
  await expect(page.getByRole("heading", { level: 1, name: CELINA })).toBeVisible();
});

test("an invitation keeps where the reader was going", async ({ signedOutPage: page }) => {
  const show = `/shows/${showIdByName(CELINA)}`;
  await page.goto(`/auth?mode=signup&invitedBy=nobody&next=${encodeURIComponent(show)}`);
  await page.getByRole("button", { name: authTexts.haveAccount }).click();
  await expect(page).toHaveURL(new RegExp(`next=${escapeRegExp(encodeURIComponent(show))}`));
  await signInWithPassword(page, DEMO.owner);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(show)}$`));
});

for (const next of [
  "//evil.example",
  "https://evil.example",
  "/%2F%2Fevil.example",
  "javascript:alert(1)",
  "/\\evil.example",
]) {
  test(`an attacker's next=${next} signs in to the roster, on this site`, async ({
    signedOutPage: page,
    baseURL,
  }) => {
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    await signInWithPassword(page, DEMO.owner);
    await expect(page).toHaveURL(`${baseURL}/roster`);
  });
}

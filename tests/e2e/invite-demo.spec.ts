import { authTexts } from "../../src/domain/texts/auth.ts";
import { barnTexts } from "../../src/domain/texts/barn.ts";
import { expectNoAxeViolations } from "./a11y-helpers.ts";
import { DEMO, expect, openE2eDatabase, test } from "./fixtures.ts";

/**
 * Issue 24, item 6: in demo mode a browser that has never signed in gets the admin's session by
 * itself (the spec's default session), so a customer opening a trainer's invite link landed in the
 * admin's account instead of on sign-up. And a signed-out tab that already showed the sign-in form
 * kept it when the link was opened in it, losing the invitation.
 */
const trainerId = (): string => {
  const db = openE2eDatabase();
  try {
    return db.prepare("select id from user where email = ?").pluck().get(DEMO.trainer) as string;
  } finally {
    db.close();
  }
};
const linkFor = (id: string) => `/auth?mode=signup&invitedBy=${id}`;

test("a fresh browser opening an invite link lands on sign-up with the invitation, signed in as nobody", async ({
  browser,
  baseURL,
}) => {
  const fresh = await browser.newContext({ baseURL });
  const page = await fresh.newPage();
  await page.goto(linkFor(trainerId()));
  await expect(page.getByRole("heading", { name: authTexts.signUpTitle })).toBeVisible();
  await expect(page.getByTestId("invited-by")).toHaveText(barnTexts.invitedBy("Wade Harlan"));
  await expect(page).toHaveURL(/\/auth\?mode=signup&invitedBy=/);
  const session = await page.request.get("/api/session");
  expect((await session.json()).user).toBeNull();
  await expectNoAxeViolations(page);

  // Without an invitation, the same fresh browser still gets the spec's default session.
  const other = await fresh.browser()!.newContext({ baseURL });
  const home = await other.newPage();
  await home.goto("/");
  await expect(home.getByRole("link", { name: "Avery Morgan" })).toBeVisible();
  await other.close();
  await fresh.close();
});

test("a signed-out tab keeps the invitation when the link is opened in it", async ({
  signedOutPage: page,
}) => {
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: authTexts.signInTitle })).toBeVisible();
  await page.goto(linkFor(trainerId()));
  await expect(page.getByRole("heading", { name: authTexts.signUpTitle })).toBeVisible();
  await expect(page.getByTestId("invited-by")).toHaveText(barnTexts.invitedBy("Wade Harlan"));
  // Choosing to sign in instead still carries the invitation to the roster's greeting.
  await page.getByRole("button", { name: authTexts.haveAccount }).click();
  await expect(page.getByRole("heading", { name: authTexts.signInTitle })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?invitedBy=/);
});

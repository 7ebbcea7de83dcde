import type { Page, Response } from "@playwright/test";
import { authTexts } from "../../src/domain/texts/auth.ts";
import { texts, USER_STORAGE_KEY } from "../../src/domain/texts/shell.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Issue 8, item 6: after the session ended (server-side, or Sign Out in another tab) screens kept
 * showing the old user; after Sign Out and a quick navigation the old name, badge and a failed roster
 * stayed on screen. Now any 401 or the live stream's `session-ended` takes the page to /auth at once,
 * and nothing of the old session comes back.
 */

/** Records whether `name` shows anywhere on the page once the sign-in form has appeared. */
async function watchForName(page: Page, name: string) {
  await page.evaluate((watched) => {
    const w = window as { __reachedAuth?: boolean; __leaked?: string };
    const check = () => {
      if (document.querySelector('input[autocomplete="current-password"]')) w.__reachedAuth = true;
      if (w.__reachedAuth && document.body.textContent?.includes(watched)) w.__leaked ??= location.pathname;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  }, name);
}

const leaked = (page: Page) =>
  page.evaluate(() => {
    const w = window as { __reachedAuth?: boolean; __leaked?: string };
    return { reachedAuth: !!w.__reachedAuth, leaked: w.__leaked ?? null };
  });

/** The notifications stream, whatever its query (a first connect names where its badge stood: `?since=`). */
const isNotificationStream = (response: Response) => new URL(response.url()).pathname === "/api/events";

const cachedUser = (page: Page) => page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY);

test("signing out in one tab takes the other to /auth by itself, and the old name never comes back", async ({
  signUpAs,
  page,
  context,
}) => {
  const user = await signUpAs({ name: `Tab Owner ${Date.now()}` });
  await page.goto("/roster");
  await expect(page.getByRole("link", { name: user.name })).toBeVisible();
  const other = await context.newPage();
  const streamOpen = other.waitForResponse(isNotificationStream);
  await other.goto("/planner");
  await expect(other.getByRole("link", { name: user.name })).toBeVisible();
  expect((await streamOpen).status()).toBe(200);
  await watchForName(other, user.name);

  await page.getByRole("link", { name: texts.nav.profile }).click();
  await page.getByRole("button", { name: authTexts.signOut }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // No click, no reload: the live stream's session-ended brings the other tab to the sign-in form.
  await expect(other).toHaveURL(/\/auth$/);
  await expect(other.getByRole("heading", { name: authTexts.signInTitle })).toBeVisible();
  expect(await cachedUser(other)).toBeNull();
  expect(await leaked(other)).toEqual({ reachedAuth: true, leaked: null });
});

test("a session gone without notice sends the screen to /auth at the next request", async ({
  signUpAs,
  page,
}) => {
  const user = await signUpAs({ name: `Server Ended ${Date.now()}` });
  // The live stream is open before the cookie goes, so the click's request is the first to find it gone.
  const streamOpen = page.waitForResponse(isNotificationStream);
  await page.goto("/roster");
  await streamOpen;
  await expect(page.getByRole("link", { name: user.name })).toBeVisible();
  await watchForName(page, user.name);

  // Gone without a word to the page (no live event): the next API answer, a 401, is what tells it. (A session
  // the server ends itself always announces it: sign-out, revocation, deletion; expiry caps the session cache.)
  await page.context().clearCookies();
  // The Horses tab's request, or one of the roster's parts that come after the first screen if it asks
  // first (they come in a transition, their requests maybe after the stream has opened): the screen then
  // leaves for /auth by itself and the tab is gone before a click.
  await page
    .getByRole("link", { name: texts.nav.horses })
    .click({ timeout: 5_000 })
    .catch(() => expect(page).toHaveURL(/\/auth$/));
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { name: authTexts.signInTitle })).toBeVisible();
  expect(await cachedUser(page)).toBeNull();
  await page.goto("/roster");
  await expect(page).toHaveURL(/\/auth$/);
  expect((await leaked(page)).leaked).toBeNull();
});

test("quick navigations right after Sign Out never bring the old user back", async ({ signUpAs, page }) => {
  for (let round = 0; round < 5; round++) {
    const user = await signUpAs({ name: `Quick Leaver ${Date.now()}-${round}` });
    // A fresh page load each round.
    await page.goto(`/profile?round=${round}`);
    await expect(page.getByRole("link", { name: user.name })).toBeVisible();
    await watchForName(page, user.name);

    await page.getByRole("button", { name: authTexts.signOut }).click();
    // In-page navigations, as Back and Forward make them.
    for (const path of ["/roster", "/planner", "/notifications", "/horses", "/roster", "/profile"]) {
      await page.evaluate((p) => {
        history.pushState(null, "", p);
        dispatchEvent(new PopStateEvent("popstate"));
      }, path);
    }
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { name: authTexts.signInTitle })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await cachedUser(page)).toBeNull();
    expect(await leaked(page), `round ${round}`).toEqual({ reachedAuth: true, leaked: null });
    await expect(page.getByTestId("unread-badge")).toHaveCount(0);
  }
});

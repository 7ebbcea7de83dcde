import { adminTexts } from "../../src/domain/texts/admin.ts";
import { authTexts } from "../../src/domain/texts/auth.ts";
import { barnTexts } from "../../src/domain/texts/barn.ts";
import { errorsTexts } from "../../src/domain/texts/errors.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { texts, USER_STORAGE_KEY } from "../../src/domain/texts/shell.ts";
import { escapeRegExp } from "./entries-helpers.ts";
import { DEMO, DEMO_PASSWORD, expect, openE2eDatabase, test, uniqueEmail } from "./fixtures.ts";

const alert = (page: import("@playwright/test").Page) => page.getByRole("alert");

test.describe("default demo session", () => {
  test("a browser that has never signed in starts as the admin-owner; after signing out it stays out", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/roster$/);
    await expect(page.getByRole("heading", { name: rosterTexts.title })).toBeVisible();
    await expect(page.getByRole("link", { name: "Avery Morgan" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: texts.nav.admin }),
    ).toBeVisible();
    const cached = await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY);
    expect(JSON.parse(cached!)).toMatchObject({ email: DEMO.admin, roles: ["Owner", "Admin"] });

    await page.getByRole("link", { name: texts.nav.profile }).click();
    await page.getByRole("button", { name: authTexts.signOut }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)).toBeNull();

    await page.reload();
    await expect(page.getByRole("heading", { name: authTexts.signInTitle })).toBeVisible();
    await page.goto("/planner");
    await expect(page).toHaveURL(/\/auth\?next=%2Fplanner$/);
  });
});

test.describe("sign in", () => {
  test("wrong password shows the red alert, which clears on a mode change and on a new submit", async ({
    signedOutPage: page,
  }) => {
    await page.goto("/auth");
    await page.getByLabel(authTexts.email).fill(DEMO.owner);
    await page.getByLabel(authTexts.password).fill("not-the-password");
    await page.getByRole("button", { name: authTexts.signInButton, exact: true }).click();
    await expect(alert(page)).toHaveText(errorsTexts.invalidCredentials);
    await expect(alert(page)).toHaveClass(/bg-red-50/);

    await page.getByRole("button", { name: authTexts.useMagicLink }).click();
    await expect(page.getByRole("heading", { name: authTexts.magicLinkTitle })).toBeVisible();
    await expect(alert(page)).toHaveCount(0);

    await page.getByRole("button", { name: authTexts.usePassword }).click();
    await page.getByLabel(authTexts.email).fill(DEMO.owner);
    await page.getByLabel(authTexts.password).fill("still-wrong");
    await page.getByRole("button", { name: authTexts.signInButton, exact: true }).click();
    await expect(alert(page)).toHaveText(errorsTexts.invalidCredentials);
    await page.getByLabel(authTexts.password).fill(DEMO_PASSWORD);
    const signIn = page.waitForResponse("**/api/auth/sign-in/email");
    await page.getByRole("button", { name: authTexts.signInButton, exact: true }).click();
    await signIn;
    await expect(page).toHaveURL(/\/roster$/);
  });

  test("matches the email case-insensitively and caches the user", async ({ signedOutPage: page }) => {
    await page.goto("/auth");
    await page.getByLabel(authTexts.email).fill("OWNER@Ringside.Demo");
    await page.getByLabel(authTexts.password).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: authTexts.signInButton, exact: true }).click();
    await expect(page).toHaveURL(/\/roster$/);
    await expect(page.getByRole("link", { name: "Casey Whitfield" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: texts.nav.barn })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: texts.nav.admin })).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)).toContain(DEMO.owner);
  });

  test("a demo account in the list fills the email", async ({ signedOutPage: page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: new RegExp(DEMO.trainer) }).click();
    await expect(page.getByLabel(authTexts.email)).toHaveValue(DEMO.trainer);
  });
});

test.describe("sign-in lockout", () => {
  test("after five wrong passwords the form stays, the alert says how long to wait, and other accounts still sign in", async ({
    signedOutPage: page,
    signUpAs,
    context,
    browser,
  }) => {
    const victim = await signUpAs();
    await context.clearCookies();
    await page.goto("/auth");
    const email = page.getByLabel(authTexts.email);
    const password = page.getByLabel(authTexts.password);
    const submit = page.getByRole("button", { name: authTexts.signInButton, exact: true });
    for (let i = 0; i < 5; i++) {
      await email.fill(victim.email);
      await password.fill(`wrong-password-${i}`);
      const answered = page.waitForResponse("**/api/auth/sign-in/email");
      await submit.click();
      expect((await answered).status()).toBe(401);
      await expect(alert(page)).toHaveText(errorsTexts.invalidCredentials);
    }
    await password.fill(victim.password);
    await submit.click();
    // The wait counts down from 30 seconds between the refusal and the answer.
    await expect(alert(page)).toHaveText(
      new RegExp(`^${escapeRegExp(errorsTexts.tooManyRequests("§")).replace("§", "([12]\\d|30) seconds")}$`),
    );
    await expect(page).toHaveURL(/\/auth/);
    await expect(email).toBeVisible();
    await expect(password).toBeVisible();
    await expect(submit).toBeEnabled();

    // The same browser, on the same address: another account is not locked out.
    await email.fill(DEMO.trainer);
    await password.fill(DEMO_PASSWORD);
    await submit.click();
    await expect(page).toHaveURL(/\/roster$/);

    // A brand-new visitor from the same address still gets the demo's default session.
    const fresh = await browser.newContext({ serviceWorkers: "block" });
    try {
      const visitor = await fresh.newPage();
      await visitor.goto("/");
      await expect(visitor).toHaveURL(/\/roster$/);
      await expect(visitor.getByRole("link", { name: "Avery Morgan" })).toBeVisible();
    } finally {
      await fresh.close();
    }
  });
});

test.describe("sign up", () => {
  test("mismatched passwords raise the accessible alert dialog and create nothing", async ({
    signedOutPage: page,
  }) => {
    const email = uniqueEmail("mismatch");
    await page.goto("/auth");
    await page.getByRole("button", { name: authTexts.needAccount }).click();
    await expect(page.getByRole("heading", { name: authTexts.signUpTitle })).toBeVisible();
    await expect(page.getByRole("group", { name: authTexts.signingUpAs })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: "test-results/screens/sign-up-360.png", fullPage: true });
    await page.getByLabel(authTexts.name).fill("Mia Match");
    await page.getByLabel(authTexts.email).fill(email);
    await page.getByLabel(authTexts.password, { exact: true }).fill("password-one");
    await page.getByLabel(authTexts.confirmPassword).fill("password-two");
    await page.getByRole("button", { name: authTexts.signUpButton }).click();
    const dialog = page.getByRole("alertdialog", { name: errorsTexts.passwordsDoNotMatch });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: texts.common.ok })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth/);
  });

  test("an existing email, in any case, gets the spec's message", async ({ signedOutPage: page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: authTexts.needAccount }).click();
    await page.getByLabel(authTexts.name).fill("Copy Cat");
    await page.getByLabel(authTexts.email).fill("Rider@Ringside.demo");
    await page.getByLabel(authTexts.password, { exact: true }).fill("password-one");
    await page.getByLabel(authTexts.confirmPassword).fill("password-one");
    await page.getByRole("button", { name: authTexts.signUpButton }).click();
    await expect(alert(page)).toHaveText(errorsTexts.emailExists);
  });

  test("a Trainer sign-up gets Owner and Trainer and sees the Barn", async ({ signedOutPage: page }) => {
    const email = uniqueEmail("trainer");
    await page.goto("/auth?mode=signup");
    await page.getByText("Trainer", { exact: true }).click();
    await page.getByLabel(authTexts.name).fill("Tara Trainer");
    await page.getByLabel(authTexts.email).fill(email);
    await page.getByLabel(authTexts.password, { exact: true }).fill("password-one");
    await page.getByLabel(authTexts.confirmPassword).fill("password-one");
    await page.getByRole("button", { name: authTexts.signUpButton }).click();
    await expect(page).toHaveURL(/\/roster$/);
    await page.getByRole("link", { name: texts.nav.barn }).click();
    await expect(page.getByRole("heading", { name: barnTexts.title })).toBeVisible();
    await page.getByRole("link", { name: texts.nav.profile }).click();
    await expect(page.getByText("Owner, Trainer")).toBeVisible();
  });

  test("a name with HTML in it shows as the text typed, never as markup", async ({ signUpAs, page }) => {
    const name = `<img src=x onerror="window.__injected=1"><b>Bold</b> & Co`;
    await signUpAs({ name });
    await page.goto("/profile");
    await expect(page.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("main").getByText(name, { exact: true })).toBeVisible();
    await expect(page.locator("header b, main b, header img[src='x'], main img[src='x']")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  });

  test("an Owner sign-up is the default and has no Barn", async ({ signedOutPage: page }) => {
    await page.goto("/auth?mode=signup");
    await page.getByLabel(authTexts.name).fill("Olive Owner");
    await page.getByLabel(authTexts.email).fill(uniqueEmail("owner"));
    await page.getByLabel(authTexts.password, { exact: true }).fill("password-one");
    await page.getByLabel(authTexts.confirmPassword).fill("password-one");
    await page.getByRole("button", { name: authTexts.signUpButton }).click();
    await expect(page).toHaveURL(/\/roster$/);
    await expect(page.getByRole("link", { name: texts.nav.barn })).toHaveCount(0);
    await page.goto("/barn");
    await expect(page).toHaveURL(/\/roster$/);
  });
});

test.describe("magic link", () => {
  test("unknown email gets the spec's message", async ({ signedOutPage: page }) => {
    await page.goto("/auth?mode=magic");
    await page.getByLabel(authTexts.email).fill("nobody-here@example.test");
    await page.getByRole("button", { name: authTexts.sendMagicLink }).click();
    await expect(alert(page)).toHaveText(errorsTexts.noAccount);
  });

  test("sends the link, offers a different email, and the demo button completes sign-in", async ({
    signedOutPage: page,
  }) => {
    await page.goto("/auth?mode=magic");
    await page.getByLabel(authTexts.email).fill(DEMO.rider);
    await page.getByRole("button", { name: authTexts.sendMagicLink }).click();
    await expect(page.getByText(authTexts.magicLinkSent(DEMO.rider))).toBeVisible();

    await page.getByRole("button", { name: authTexts.differentEmail }).click();
    await expect(page.getByLabel(authTexts.email)).toHaveValue("");
    await page.getByLabel(authTexts.email).fill(DEMO.rider);
    await page.getByRole("button", { name: authTexts.sendMagicLink }).click();
    await page.getByRole("button", { name: authTexts.completeMagicLink }).click();
    await expect(page).toHaveURL(/\/roster$/);
    await expect(page.getByRole("link", { name: "Riley Dunn" })).toBeVisible();
  });

  test("an account that signed up for real gets its link by email only; a link for a user who no longer exists says so", async ({
    signedOutPage: page,
    signUpAs,
    context,
  }) => {
    const user = await signUpAs();
    await context.clearCookies();
    await page.goto("/auth?mode=magic");
    await page.getByLabel(authTexts.email).fill(user.email);
    await page.getByRole("button", { name: authTexts.sendMagicLink }).click();
    await expect(page.getByText(authTexts.magicLinkSent(user.email))).toBeVisible();
    // Issue 19, item 2: the demo's outbox button serves the seeded demo accounts only.
    await expect(page.getByRole("button", { name: authTexts.completeMagicLink })).toHaveCount(0);
    const db = openE2eDatabase();
    let link: string;
    try {
      const mail = db
        .prepare("select text from outbox where to_address = ? order by created_at desc")
        .get(user.email) as { text: string };
      link = /https?:\/\/\S+/.exec(mail.text)![0];
      db.prepare("delete from user where email = ?").run(user.email);
    } finally {
      db.close();
    }
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(alert(page)).toHaveText(errorsTexts.magicLinkUserNotFound);
    await expect(page.getByRole("heading", { name: authTexts.magicLinkTitle })).toBeVisible();
  });
});

test.describe("route guards", () => {
  test("signed out, every path leads to /auth, a screen's own address kept as next", async ({
    signedOutPage: page,
  }) => {
    const leadsTo: [string, RegExp][] = [
      ["/", /\/auth$/],
      ["/roster", /\/auth$/],
      ["/nowhere", /\/auth$/],
      ["/admin", /\/auth\?next=%2Fadmin$/],
      ["/horses/abc", /\/auth\?next=%2Fhorses%2Fabc$/],
    ];
    for (const [path, url] of leadsTo) {
      await page.goto(path);
      await expect(page).toHaveURL(url);
    }
  });

  test("an owner is sent from /barn and /admin to /roster; / and unknown paths go to /roster", async ({
    signInAs,
    page,
  }) => {
    await signInAs(DEMO.owner);
    for (const path of ["/barn", "/admin", "/unknown/path", "/", "/auth"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/roster$/);
    }
  });

  test("a trainer reaches /barn but not /admin", async ({ signInAs, page }) => {
    await signInAs(DEMO.trainer, "/barn");
    await expect(page.getByRole("heading", { name: barnTexts.title })).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/roster$/);
  });

  test("an admin reaches /admin, and the badge counts unread notifications", async ({ signInAs, page }) => {
    await signInAs(DEMO.admin, "/admin");
    await expect(page.getByRole("heading", { name: adminTexts.title })).toBeVisible();
    // The spec's four sample notifications, plus a NewShow for everyone per show another spec creates meanwhile.
    const badge = page.getByTestId("unread-badge").filter({ visible: true });
    await expect.poll(async () => Number(await badge.textContent()) - unreadOf(DEMO.admin)).toBe(0);
    const count = await badge.textContent();
    expect(Number(count)).toBeGreaterThanOrEqual(4);
    await expect(
      page.getByRole("link", { name: `${texts.nav.notifications}, ${count} unread` }),
    ).toBeVisible();
  });
});

test.describe("accessibility", () => {
  test("the auth screen has no axe violations in any mode", async ({ signedOutPage: page, axe }) => {
    for (const mode of ["signin", "magic", "signup"]) {
      await page.goto(`/auth?mode=${mode}`);
      await expect(page.getByRole("button").first()).toBeVisible();
      const results = await axe().analyze();
      expect(
        results.violations,
        `${mode}: ${JSON.stringify(results.violations.map((v: { id: string }) => v.id))}`,
      ).toEqual([]);
    }
  });
});

test.describe("service worker", () => {
  test.use({ serviceWorkers: "allow" });
  test("is registered on page load", async ({ page }) => {
    await page.goto("/auth");
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
  });
});

/** What the badge should say: the user's own and everyone's notifications they have not read. */
function unreadOf(email: string): number {
  const db = openE2eDatabase();
  try {
    const row = db
      .prepare(
        `select count(*) as n from notification n
         where (n.user_id is null or n.user_id = (select id from user where email = ?))
           and not exists (select 1 from notification_read r
                           where r.notification_id = n.id and r.user_id = (select id from user where email = ?))`,
      )
      .get(email, email) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

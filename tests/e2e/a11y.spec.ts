import { createECDH } from "node:crypto";
import { authTexts } from "../../src/domain/texts/auth.ts";
import { barnTexts } from "../../src/domain/texts/barn.ts";
import { blockingTexts } from "../../src/domain/texts/blocking.ts";
import { calendarFeedTexts } from "../../src/domain/texts/calendar-feed.ts";
import { entriesTexts } from "../../src/domain/texts/entries.ts";
import { entryStatusTexts } from "../../src/domain/texts/entry-status.ts";
import { errorsTexts } from "../../src/domain/texts/errors.ts";
import { horsesTexts } from "../../src/domain/texts/horses.ts";
import { notificationsTexts } from "../../src/domain/texts/notifications.ts";
import { offlineTexts } from "../../src/domain/texts/offline.ts";
import { plannerTexts } from "../../src/domain/texts/planner.ts";
import { profileTexts } from "../../src/domain/texts/profile.ts";
import { pushTexts } from "../../src/domain/texts/push.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { texts } from "../../src/domain/texts/shell.ts";
import { showTexts } from "../../src/domain/texts/show.ts";
import {
  closeDialog,
  dialog,
  expectAccessibleDialog,
  expectAccessibleScreen,
  expectNoAxeViolations,
  h1,
  isWhole,
  PHONE,
} from "./a11y-helpers.ts";
import { CELEBRATION, CELINA, classButton, showIdByName } from "./entries-helpers.ts";
import { DEMO, expect, test, uniqueEmail } from "./fixtures.ts";
import { horseIdByName, uniqueName } from "./horses-helpers.ts";

/**
 * Every screen and every dialog at 360 px: its own document title, 0 axe violations, dialogs with a name
 * and a real description or none. A new screen adds one `expectAccessibleScreen` line here (the Admin
 * Panel's and show day's are in a11y-panels.spec.ts).
 */
test.use({ viewport: PHONE });
// Each test runs axe a handful of times (a few seconds each on a loaded machine); the time limit, not the
// behaviour, is what the 30 s default would test.
test.describe.configure({ timeout: 120_000 });

const PAST = "Spring Pleasure Horse Jubilee";

test("signed-out screens: the three auth modes and the 'Passwords do not match!' alert", async ({
  signedOutPage: page,
}) => {
  await page.goto("/auth");
  await expectAccessibleScreen(page, {
    title: authTexts.signInTitle,
    ready: h1(page, authTexts.signInTitle),
  });
  await page.getByRole("button", { name: authTexts.useMagicLink }).click();
  await expectAccessibleScreen(page, {
    title: authTexts.magicLinkTitle,
    ready: h1(page, authTexts.magicLinkTitle),
  });
  await page.getByRole("button", { name: authTexts.needAccount }).click();
  await expectAccessibleScreen(page, {
    title: authTexts.signUpTitle,
    ready: h1(page, authTexts.signUpTitle),
  });

  await page.getByLabel(authTexts.name).fill("Mia Mismatch");
  await page.getByLabel(authTexts.email).fill("mia.mismatch@example.test");
  await page.getByLabel(authTexts.password, { exact: true }).fill("password-one");
  await page.getByLabel(authTexts.confirmPassword).fill("password-two");
  await page.getByRole("button", { name: authTexts.signUpButton }).click();
  const alert = page.getByRole("alertdialog");
  await expectAccessibleDialog(alert, { name: errorsTexts.passwordsDoNotMatch });
  await expect(alert).not.toHaveAttribute("aria-describedby");
});

test("roster, planner (both views, filter sheet) and notifications", async ({ page, signInAs }) => {
  await signInAs(DEMO.admin, "/roster");
  await expectAccessibleScreen(page, { title: rosterTexts.title, ready: h1(page, rosterTexts.title) });

  // An AI-predicted show puts the badge on screen for axe's contrast check (no notification is sent).
  const past = showIdByName(PAST);
  const flagged = await page.request.patch(`/api/shows/${past}`, {
    headers: { origin: new URL(page.url()).origin },
    data: { isAiPrediction: true },
  });
  expect(flagged.status(), await flagged.text()).toBe(200);

  await page.goto("/planner");
  await expectAccessibleScreen(page, {
    title: plannerTexts.title,
    ready: page.getByRole("link", { name: /Celina/ }),
  });
  await page.getByRole("button", { name: plannerTexts.pastShows }).click();
  const pastCard = page.getByRole("link", { name: new RegExp(PAST) });
  await expect(pastCard.getByText(plannerTexts.aiPrediction)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: /^Filters/ }).click();
  const sheet = page.getByRole("dialog", { name: plannerTexts.filters });
  await expect(sheet.getByRole("group", { name: plannerTexts.judges })).toBeVisible();
  await expectAccessibleDialog(sheet, { name: plannerTexts.filters });
  await closeDialog(page);

  await page.goto("/notifications");
  await expectAccessibleScreen(page, {
    title: notificationsTexts.title,
    ready: page.getByRole("list", { name: notificationsTexts.title }),
  });
});

test("show detail (with the AI badge), the class entry dialog, and a missing show", async ({
  page,
  signInAs,
}) => {
  await signInAs(DEMO.trainer, `/shows/${showIdByName(CELEBRATION)}`);
  await expectAccessibleScreen(page, { title: CELEBRATION, ready: h1(page, CELEBRATION) });

  await classButton(page, "Model Pleasure Walking Stallions").click();
  const entry = page.getByRole("dialog", { name: "Model Pleasure Walking Stallions" });
  await expect(entry.getByText(entriesTexts.prompt)).toBeVisible();
  for (const tile of ["I'm Showing", "Customer is Showing", "Friend is Showing"])
    await entry.getByRole("button", { name: tile, exact: true }).click();
  await expect(entry.getByRole("combobox")).toHaveCount(5);
  await expectAccessibleDialog(entry, { name: "Model Pleasure Walking Stallions" });
  await closeDialog(page);

  const past = showIdByName(PAST);
  await page.request.patch(`/api/shows/${past}`, {
    headers: { origin: new URL(page.url()).origin },
    data: { isAiPrediction: true },
  });
  await page.goto(`/shows/${past}`);
  await expect(page.getByText(plannerTexts.aiPrediction)).toBeVisible();
  await expectAccessibleScreen(page, { title: PAST, ready: h1(page, PAST) });

  await page.goto("/shows/no-such-show");
  await expectAccessibleScreen(page, {
    title: showTexts.notFoundTitle,
    ready: h1(page, showTexts.notFoundTitle),
  });
});

test("horses, horse detail and its dialogs, and a missing horse", async ({ page, signInAs }) => {
  await signInAs(DEMO.admin, "/horses");
  await expectAccessibleScreen(page, { title: horsesTexts.title, ready: h1(page, horsesTexts.title) });
  await page.getByRole("button", { name: horsesTexts.addHorse }).click();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: horsesTexts.addTitle });
  await closeDialog(page);

  await page.goto(`/horses/${horseIdByName("Sundance Jubilee")}`);
  await expectAccessibleScreen(page, { title: "Sundance Jubilee", ready: h1(page, "Sundance Jubilee") });
  const dialogs: [string, string][] = [
    [horsesTexts.shareSchedule, horsesTexts.scheduleTitle("Sundance Jubilee")],
    [horsesTexts.editDetails, horsesTexts.editTitle],
    [horsesTexts.editOwnership, horsesTexts.editOwnership],
    [horsesTexts.addRecord, profileTexts.addRecordTitle],
  ];
  for (const [button, title] of dialogs) {
    await page.getByRole("button", { name: button, exact: true }).click();
    await expectAccessibleDialog(page.getByRole("dialog"), { name: title });
    await closeDialog(page);
  }

  await page.goto("/horses/no-such-horse");
  await expectAccessibleScreen(page, {
    title: errorsTexts.horseNotFound,
    ready: h1(page, errorsTexts.horseNotFound),
  });
});

test("profile (both tabs, its dialogs, the remove-friend alert dialog) and the admin panel", async ({
  page,
  signInAs,
}) => {
  await signInAs(DEMO.admin, "/profile");
  await expectAccessibleScreen(page, { title: profileTexts.title, ready: h1(page, profileTexts.title) });
  await page.getByRole("button", { name: profileTexts.editProfile }).click();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: profileTexts.editProfileTitle });
  await closeDialog(page);
  await page.getByRole("button", { name: profileTexts.addRecord }).click();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: profileTexts.addRecordTitle });
  await closeDialog(page);

  await page.getByRole("tab", { name: /^Friends/ }).click();
  await expect(page.getByRole("tabpanel").getByText("Casey Whitfield")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: profileTexts.addFriend }).click();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: profileTexts.addFriendsTitle });
  await closeDialog(page);
  await page.getByRole("button", { name: `${profileTexts.remove} Casey Whitfield` }).click();
  const confirm = page.getByRole("alertdialog", { name: profileTexts.removeFriendTitle("Casey Whitfield") });
  await expectAccessibleDialog(confirm, { name: profileTexts.removeFriendTitle("Casey Whitfield") });
  await expect(confirm).toHaveAccessibleDescription(profileTexts.removeFriendBody);
  await confirm.getByRole("button", { name: profileTexts.cancel }).click();
  await expect(confirm).toBeHidden();
});

test("a friend request and its Block confirmation (an alert dialog)", async ({
  page,
  browser,
  baseURL,
  signUpAs,
}) => {
  await signUpAs({ name: uniqueName("Vera") });
  const veraId = ((await (await page.request.get("/api/me")).json()) as { id: string }).id;
  const other = await browser.newContext({ baseURL });
  const name = uniqueName("Rex");
  const signUp = await other.request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL! },
    data: { name, email: uniqueEmail("rex"), password: "e2e-password-1" },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const asked = await other.request.post("/api/friends", {
    headers: { origin: baseURL! },
    data: { friendId: veraId },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await other.close();

  await page.goto("/profile");
  await page.getByRole("tab", { name: /^Friends/ }).click();
  await expect(page.getByRole("tabpanel").getByText(name)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: blockingTexts.blockLabel(name) }).click();
  const confirm = page.getByRole("alertdialog", { name: profileTexts.blockTitle(name) });
  await expectAccessibleDialog(confirm, { name: profileTexts.blockTitle(name) });
  await expect(confirm).toHaveAccessibleDescription(profileTexts.blockBody);
  await confirm.getByRole("button", { name: profileTexts.cancel }).click();
  await expect(confirm).toBeHidden();
});

test("barn and the Invite Customers dialog", async ({ page, signInAs }) => {
  await signInAs(DEMO.trainer, "/barn");
  await expectAccessibleScreen(page, { title: barnTexts.title, ready: h1(page, barnTexts.title) });
  await page.getByRole("button", { name: barnTexts.inviteCustomers }).click();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: barnTexts.inviteCustomers });
});

test("the calendar feed dialog and its confirmation; offline: the indicator and a change waiting to send", async ({
  page,
  context,
  signUpAs,
}) => {
  const f = calendarFeedTexts;
  await signUpAs({ role: "Owner" });
  await page.goto("/roster");
  await page.getByRole("button", { name: rosterTexts.subscribeCalendar }).click();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: f.title });
  await page.getByRole("dialog").getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("dialog").getByRole("textbox", { name: f.linkLabel })).toBeVisible();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: f.title });
  await page.getByRole("dialog").getByRole("button", { name: f.regenerate }).click();
  await expectAccessibleDialog(page.getByRole("alertdialog"), { name: f.regenerateTitle });
  await page.getByRole("alertdialog").getByRole("button", { name: f.cancel }).click();
  await closeDialog(page);

  const className = "Ladies Amateur Walking Specialty";
  await page.goto(`/shows/${showIdByName(CELINA)}`);
  await page.getByRole("searchbox", { name: showTexts.searchLabel }).fill(className);
  await classButton(page, className).click();
  await expect(dialog(page).getByRole("button", { name: entriesTexts.save })).toBeVisible();
  await closeDialog(page);
  await context.setOffline(true);
  await expect(page.getByTestId("connection-status")).toContainText(/^Offline — showing what you saw at /);
  await classButton(page, className).click();
  await dialog(page)
    .getByRole("button", { name: entryStatusTexts.statusLabels.WatchClass, exact: true })
    .click();
  await dialog(page).getByRole("button", { name: entriesTexts.save }).click();
  await expect(page.getByTestId("pending-change")).toBeVisible();
  await expectNoAxeViolations(page);
  await context.setOffline(false);
  await expect(page.getByTestId("connection-status")).toContainText(offlineTexts.backOnline);
  await expect(page.getByTestId("pending-change")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("notification settings: this phone, the choices and a device; the opt-in on Notifications", async ({
  page,
  signUpAs,
  baseURL,
}) => {
  await signUpAs({ name: "Axe Pusher" });
  // A device on a public push service, so the list is scanned with a row and its Remove button.
  const added = await page.request.post("/api/push/devices", {
    data: {
      endpoint: "https://push.example/a11y-device",
      keys: { p256dh: createECDH("prime256v1").generateKeys().toString("base64url"), auth: "A".repeat(22) },
      timeZone: "America/Chicago",
    },
    headers: { origin: baseURL! },
  });
  expect(added.status()).toBe(200);
  await page.goto("/profile/notifications");
  await expect(page.getByRole("button", { name: /^Remove / })).toBeVisible();
  await expectAccessibleScreen(page, {
    title: pushTexts.settingsTitle,
    ready: h1(page, pushTexts.settingsTitle),
  });
  await page.goto("/notifications");
  await expect(page.getByRole("link", { name: pushTexts.settingsLink })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a skip link is the first stop and moves focus to the main content", async ({ page, signInAs }) => {
  await signInAs(DEMO.owner, "/planner");
  await expect(h1(page, plannerTexts.title)).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: texts.common.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  await expect(page).toHaveURL(/\/planner$/);
  // The next stop is the page's first control, past the header and its links.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeFocused();
});

test.describe("names are readable at 360 px", () => {
  test("the navigation's labels, 'Notifications' included, are whole and on screen", async ({
    page,
    signInAs,
  }) => {
    await signInAs(DEMO.admin, "/roster");
    const nav = page.getByRole("navigation", { name: "Main" });
    const link = nav.getByRole("link", { name: /^Notifications/ });
    await expect(link).toBeVisible();
    await expect(link).toHaveAccessibleName(/^Notifications/);
    const label = link.getByText(texts.nav.notifications, { exact: true });
    await expect(label).toBeVisible();
    expect(await isWhole(label)).toBe(true);
    for (const item of await nav.getByRole("link").all()) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 0.5);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
  });

  test("horse names on Your Horses and in the barn wrap instead of being cut", async ({ page, signInAs }) => {
    await signInAs(DEMO.trainer, "/barn");
    for (const name of ["Sundance Jubilee", "Midnight Masterpiece", "Gold Rush Delight"]) {
      const text = page.getByRole("link", { name: new RegExp(name) }).getByText(name, { exact: true });
      await expect(text).toBeVisible();
      expect(await isWhole(text), name).toBe(true);
    }
    await signInAs(DEMO.admin, "/horses");
    const name = page
      .getByRole("link", { name: /Sundance Jubilee/ })
      .getByText("Sundance Jubilee", { exact: true });
    await expect(name).toBeVisible();
    expect(await isWhole(name)).toBe(true);
  });
});

test("barn cards show their owners' names whole at desktop width", async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(DEMO.trainer, "/barn");
  const owners = page
    .getByRole("link", { name: /Sundance Jubilee/ })
    .getByText(`${barnTexts.owner}Avery Morgan, Riley Dunn`);
  await expect(owners).toBeVisible();
  expect(await isWhole(owners)).toBe(true);
});

import { devices, type Page } from "@playwright/test";
import { pushMessage } from "../../src/domain/notifications/push-payload.ts";
import { authTexts } from "../../src/domain/texts/auth.ts";
import { notificationsTexts } from "../../src/domain/texts/notifications.ts";
import { profileTexts } from "../../src/domain/texts/profile.ts";
import { pushTexts } from "../../src/domain/texts/push.ts";
import { type PushServiceStandIn, startPushService } from "../support/push-service.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { CELEBRATION, classButton, showIdByName } from "./entries-helpers.ts";
import { expect, openE2eDatabase, test, uniqueEmail } from "./fixtures.ts";
import { deliverPush, shownNotifications, tapNotification, useStandInSubscription } from "./push-helpers.ts";

const t = pushTexts;

// The push handler lives in the service worker, which the suite blocks elsewhere.
test.use({ serviceWorkers: "allow", viewport: PHONE, permissions: ["notifications"] });

let service: PushServiceStandIn;
test.beforeAll(async () => {
  service = await startPushService();
});
test.afterAll(async () => {
  await service.close();
});

const subscribedKey = (page: Page) =>
  page.evaluate(() => localStorage.getItem("e2e-push-application-server-key"));

function devicesOf(userId: string) {
  const db = openE2eDatabase();
  try {
    return db.prepare("select label from push_subscription where user_id = ?").all(userId) as {
      label: string;
    }[];
  } finally {
    db.close();
  }
}

function userId(email: string): string {
  const db = openE2eDatabase();
  try {
    return (db.prepare("select id from user where email = ?").get(email.toLowerCase()) as { id: string }).id;
  } finally {
    db.close();
  }
}

/** A class far down a show's list (its 80th of 100). */
function lateClass(showId: string): { id: string; number: string; name: string } {
  const db = openE2eDatabase();
  try {
    return db
      .prepare(
        "select id, number, name from show_class where show_id = ? order by position limit 1 offset 80",
      )
      .get(showId) as { id: string; number: string; name: string };
  } finally {
    db.close();
  }
}

test("a phone opts in, shows a push the server sent through the service worker, and a tap opens the right screen", async ({
  page,
  context,
  browser,
  baseURL,
  signUpAs,
}) => {
  test.setTimeout(60_000);
  const me = await signUpAs({ name: "Pushy Owner" });
  const { publicKey } = await (await page.request.get("/api/push/config")).json();
  const subscription = service.subscribe(publicKey);
  await useStandInSubscription(page, subscription.json);

  // Opt in from My Profile → Notification settings: the permission is asked only after the tap.
  await page.goto("/profile");
  await page.getByRole("link", { name: t.settingsLink }).click();
  await expect(page.getByRole("heading", { level: 1, name: t.settingsTitle })).toBeVisible();
  await expect(page.getByText(t.thisDevice.off)).toBeVisible();
  await expect(page.getByText(t.noDevices)).toBeVisible();
  await page.getByRole("button", { name: t.thisDevice.enable }).click();
  await expect(page.getByText(t.thisDevice.on)).toBeVisible();
  expect(await subscribedKey(page)).toBe(publicKey);
  const devices = page.getByRole("list", { name: t.devicesHeading });
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices.getByRole("listitem")).toContainText("Chrome on Android · added");
  await expect(devices.getByText(t.thisDeviceTag)).toBeVisible();

  // Friend requests are in the app only by default; this person wants them pushed.
  const friendRequests = page.getByRole("group", { name: t.kinds["friend-request"] });
  await friendRequests.getByRole("radio", { name: t.pushed }).check();
  await expect(page.getByText(t.saved)).toBeVisible();

  // The page is controlled by the service worker from its next load on; a tap navigates it.
  await page.reload();
  await expect(page.getByText(t.thisDevice.on)).toBeVisible();

  // Someone sends this person a friend request: the server queues, encrypts and sends the push.
  const sender = await browser.newContext({ baseURL });
  try {
    const signedUp = await sender.request.post("/api/auth/sign-up/email", {
      data: { name: "Fran Friendly", email: uniqueEmail("push"), password: "e2e-password-1", role: "Owner" },
      headers: { origin: baseURL! },
    });
    expect(signedUp.status()).toBe(200);
    const asked = await sender.request.post("/api/friends", {
      data: { friendId: userId(me.email) },
      headers: { origin: baseURL! },
    });
    expect(asked.status()).toBe(200);
  } finally {
    await sender.close();
  }
  await service.waitFor(() => service.for(subscription.id).length === 1);
  expect(service.rejected).toEqual([]);
  const [received] = service.for(subscription.id);
  expect(received?.message).toMatchObject({
    title: t.titles["friend-request"],
    body: notificationsTexts.friendRequest("Fran Friendly"),
    url: "/notifications",
  });

  // The push service would now wake the phone: the DevTools protocol hands the push to the worker.
  await deliverPush(context, page, received?.message, t.titles["friend-request"]);
  expect(await shownNotifications(page)).toEqual([
    {
      title: t.titles["friend-request"],
      body: notificationsTexts.friendRequest("Fran Friendly"),
      tag: received?.message.tag,
      icon: `${new URL(baseURL!).origin}/icon-192.png`,
      badge: `${new URL(baseURL!).origin}/badge-96.png`,
      url: "/notifications",
    },
  ]);
  await tapNotification(context, received!.message.tag);
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByText(notificationsTexts.friendRequest("Fran Friendly"))).toBeVisible();
  await expect.poll(() => shownNotifications(page)).toEqual([]);

  // A class alert opens its show at the class, far down a long list.
  const showId = showIdByName(CELEBRATION);
  const late = lateClass(showId);
  const alert = JSON.parse(
    pushMessage({
      kind: "class-alert",
      message: `Class ${late.number} is 3 classes away (≈ 8:05 PM): Midnight Sun`,
      showId,
      classId: late.id,
      subject: `class-alert:${showId}:${late.id}`,
    }),
  ) as { tag: string };
  await deliverPush(context, page, alert, t.titles["class-alert"]);
  expect((await shownNotifications(page)).map((n) => n.title)).toEqual([t.titles["class-alert"]]);
  await tapNotification(context, alert.tag);
  await expect(page).toHaveURL(new RegExp(`/shows/${showId}\\?class=${late.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: CELEBRATION })).toBeVisible();
  await expect(classButton(page, late.name)).toBeInViewport();

  // Remove in the device list: nothing more reaches this phone.
  await page.goto("/profile/notifications");
  await devices.getByRole("button", { name: new RegExp(`^${t.remove} Chrome on Android`) }).click();
  await expect(page.getByText(t.noDevices)).toBeVisible();
  await expect(page.getByText(t.thisDevice.off)).toBeVisible();
  expect(devicesOf(userId(me.email))).toEqual([]);
  expect(await subscribedKey(page)).toBeNull();
});

test("signing out removes this phone's subscription; Notifications offers the opt-in", async ({
  page,
  signUpAs,
}) => {
  const me = await signUpAs({ name: "Leaving Owner" });
  const { publicKey } = await (await page.request.get("/api/push/config")).json();
  await useStandInSubscription(page, service.subscribe(publicKey).json);

  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: notificationsTexts.title })).toBeVisible();
  await page.getByRole("button", { name: t.thisDevice.enable }).click();
  // Once on, Notifications keeps only the way to the settings.
  await expect(page.getByRole("button", { name: t.thisDevice.enable })).toBeHidden();
  await expect(page.getByRole("link", { name: t.settingsLink })).toBeVisible();
  await expect.poll(() => devicesOf(userId(me.email)).length).toBe(1);

  await page.goto("/profile");
  await page.getByRole("button", { name: authTexts.signOut }).click();
  await expect(page).toHaveURL(/\/auth/);
  expect(devicesOf(userId(me.email))).toEqual([]);
  expect(await subscribedKey(page)).toBeNull();
  await expect(page.getByRole("heading", { level: 1, name: profileTexts.title })).toBeHidden();
});

test("where this browser cannot push, the settings say why and how to fix it, in plain words", async ({
  browser,
  baseURL,
}) => {
  const cases = [
    // A context given an empty permission list answers as a browser whose person blocked notifications.
    { options: { permissions: [] }, text: t.cannot.denied },
    { options: { ...devices["iPhone 13"], permissions: ["notifications"] }, text: t.cannot.iosNotInstalled },
  ];
  for (const { options, text } of cases) {
    const context = await browser.newContext({
      ...options,
      baseURL,
      viewport: PHONE,
      serviceWorkers: "block",
    });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
      const signedUp = await page.request.post("/api/auth/sign-up/email", {
        data: { name: "Plain Words", email: uniqueEmail("push"), password: "e2e-password-1", role: "Owner" },
        headers: { origin: baseURL! },
      });
      expect(signedUp.status()).toBe(200);
      await page.goto("/profile/notifications");
      // The settings' chunk and the device's answer, on a shared and busy machine (once 7 s at load 13).
      await expect(page.getByText(text)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole("button", { name: t.thisDevice.enable })).toHaveCount(0);
    } finally {
      await context.close();
    }
  }
});

test("a push sign-up the browser refuses says so in our words, with what to do", async ({
  page,
  signUpAs,
}) => {
  test.setTimeout(60_000);
  await signUpAs({ name: "Refused Pusher" });
  // The browser's push service refuses, as Chromium does with "Registration failed - permission denied".
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = async () => {
      throw new DOMException("Registration failed - permission denied", "NotAllowedError");
    };
  });
  await page.goto("/profile/notifications");
  await page.getByRole("button", { name: t.thisDevice.enable }).click();
  const alert = page.getByRole("alert").filter({ hasText: t.thisDevice.browserRefused });
  await expect(alert).toHaveCount(1);
  await expect(page.getByText("Registration failed")).toHaveCount(0);
  await expect(page.getByText(t.thisDevice.off)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("push-refused-360.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(alert).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("push-refused-1280.png"), fullPage: true });
});

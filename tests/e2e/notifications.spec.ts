import { relativeTime } from "../../src/domain/notifications/relative-time.ts";
import { entriesTexts } from "../../src/domain/texts/entries.ts";
import { notificationsTexts } from "../../src/domain/texts/notifications.ts";
import { CELINA, escapeRegExp, openEntryDialog, showIdByName } from "./entries-helpers.ts";
import { DEMO, expect, test } from "./fixtures.ts";
import { createHorse, uniqueName } from "./horses-helpers.ts";

const badge = (page: import("@playwright/test").Page) =>
  page.getByTestId("unread-badge").filter({ visible: true });

test.describe("Notifications", () => {
  test("one user enters a horse the other owns; the other sees it arrive live and the badge rise", async ({
    browser,
    baseURL,
    signUpAs,
    page,
  }) => {
    // The horse's owner, in this test's own browser context.
    const ownerName = uniqueName("Olive");
    await signUpAs({ role: "Owner", name: ownerName });
    const horse = await createHorse(page.request, baseURL!);
    await page.goto("/notifications");
    await expect(page.getByRole("heading", { name: notificationsTexts.title })).toBeVisible();
    // A new account starts with nothing unread (issue 24: no notices from before it existed), so no badge.
    await expect(badge(page)).toHaveCount(0);
    const before = 0;

    // A friend in a second browser context declares the owner's horse showing with the owner riding.
    const other = await browser.newContext({ baseURL });
    await other.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
    const friendPage = await other.newPage();
    const friendName = uniqueName("Fiona");
    const signUp = await friendPage.request.post("/api/auth/sign-up/email", {
      data: {
        name: friendName,
        email: `${friendName.replace(/\W/g, "").toLowerCase()}@example.test`,
        password: "e2e-password-1",
      },
      headers: { origin: baseURL! },
    });
    expect(signUp.status()).toBe(200);
    // Barn notifications need a tie to the horse (ADR 008): here, an accepted friendship with its owner.
    const ownerId = (await (await page.request.get("/api/me")).json()).id as string;
    const friendId = (await (await friendPage.request.get("/api/me")).json()).id as string;
    const origin = { origin: baseURL! };
    expect((await page.request.post("/api/friends", { headers: origin, data: { friendId } })).status()).toBe(
      200,
    );
    expect(
      (
        await friendPage.request.post(`/api/friends/requests/${ownerId}/accept`, { headers: origin })
      ).status(),
    ).toBe(200);
    const dialog = await openEntryDialog(friendPage, CELINA, "Ladies Amateur Walking Specialty");
    await dialog.getByRole("button", { name: "Friend is Showing", exact: true }).click();
    await dialog.getByLabel(entriesTexts.rider).selectOption({ label: ownerName });
    await dialog.getByLabel(entriesTexts.horse).selectOption({ label: horse.name });
    await dialog.getByRole("button", { name: entriesTexts.save }).click();
    await expect(dialog).toBeHidden();

    const message = entriesTexts.barnActivity(
      friendName,
      horse.name,
      "Ladies Amateur Walking Specialty",
      CELINA,
    );
    await expect(page.getByRole("button", { name: new RegExp(escapeRegExp(message)) })).toBeVisible({
      timeout: 5_000,
    });
    await expect(badge(page)).toHaveText(String(before + 1));
    await other.close();

    const item = page.getByRole("listitem").filter({ hasText: message });
    await expect(item.getByText(notificationsTexts.unread)).toHaveCount(1);
    await expect(item.getByText(/seconds? ago|1 minute ago/)).toBeVisible();
    await item.getByRole("button").click();
    await expect(page).toHaveURL(new RegExp(`/planner\\?highlight=${showIdByName(CELINA)}$`));
    await expect(badge(page)).toHaveCount(before);
  });

  test("lists everyone's notifications newest first with type icons and relative times; reading is per user", async ({
    page,
    signInAs,
    axe,
  }) => {
    // The demo's accounts predate the spec's sample notices to everyone; a newer account would not see them (ADR 023).
    await signInAs(DEMO.owner, "/notifications");
    const items = page.getByRole("list", { name: notificationsTexts.title }).getByRole("listitem");
    await expect(items.first()).toBeVisible();
    const all = await items.allTextContents();
    const newShow = all.findIndex((x) => x.includes("New show added: Celebration Spring Fun Show"));
    const update = all.findIndex((x) => x.includes("Jackson County Horse Show has new judges"));
    expect(newShow).toBeGreaterThanOrEqual(0);
    expect(update).toBeGreaterThan(newShow);
    expect(all.some((x) => x.includes("Sundance Jubilee in the"))).toBe(false);
    await expect(
      items.nth(newShow).getByText(relativeTime(new Date(Date.now() - 86_400_000), new Date())),
    ).toBeVisible();
    expect((await axe().analyze()).violations).toEqual([]);
  });

  test("shows the empty state when there is nothing to show", async ({ page, signUpAs }) => {
    await signUpAs({ role: "Owner", name: uniqueName("Empty") });
    await page.route("**/api/notifications", (route) => route.fulfill({ json: { notifications: [] } }));
    await page.goto("/notifications");
    await expect(page.getByText(notificationsTexts.empty)).toBeVisible();
  });
});

import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { blockingTexts } from "../../src/domain/texts/blocking.ts";
import { consentTexts } from "../../src/domain/texts/consent.ts";
import { entriesTexts } from "../../src/domain/texts/entries.ts";
import { entryStatusTexts } from "../../src/domain/texts/entry-status.ts";
import { notificationsTexts } from "../../src/domain/texts/notifications.ts";
import { peopleSearchTexts } from "../../src/domain/texts/people-search.ts";
import { profileTexts } from "../../src/domain/texts/profile.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { showTexts } from "../../src/domain/texts/show.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { CELINA, classButton, escapeRegExp, openEntryDialog, showIdByName } from "./entries-helpers.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { createHorse, uniqueName } from "./horses-helpers.ts";
import { SHOTS, WIDE } from "./season-helpers.ts";

/** People act on others only with consent (issue 8, item 3; ADR 008). */
const p = profileTexts;
const r = rosterTexts;
const CLASSES = ["Ladies Amateur Walking Specialty", "Country Pleasure Open", "Limited Performance"];

/** A second person in their own browser context, signed up through the real endpoint. */
async function otherPerson(browser: Browser, baseURL: string, prefix: string, town?: string) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
  const page = await context.newPage();
  const name = uniqueName(prefix);
  const res = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL },
    data: { name, email: uniqueEmail(prefix.toLowerCase()), password: "e2e-password-1" },
  });
  expect(res.status(), await res.text()).toBe(200);
  // Strangers find only people who let themselves be found (issue 34, item 7).
  const findable = await page.request.put("/api/profile/findability", {
    headers: { origin: baseURL },
    data: { findable: true, town: town ?? null },
  });
  expect(findable.status()).toBe(200);
  const id = ((await (await page.request.get("/api/me")).json()) as { id: string }).id;
  return { context, page, name, id };
}

const myId = async (page: Page) => ((await (await page.request.get("/api/me")).json()) as { id: string }).id;

/** Saves entries for one Celina class through the real API as whoever `request` is. */
async function saveEntries(
  request: APIRequestContext,
  baseURL: string,
  className: string,
  entries: unknown[],
  expected = 200,
) {
  const showId = showIdByName(CELINA);
  const show = (await (await request.get(`/api/shows/${showId}`)).json()) as {
    classes: { id: string; name: string }[];
  };
  const cls = show.classes.find((c) => c.name === className)!;
  const res = await request.put(`/api/shows/${showId}/classes/${cls.id}/entries`, {
    headers: { origin: baseURL },
    data: { entries },
  });
  expect(res.status(), await res.text()).toBe(expected);
}

const befriendByApi = async (
  a: APIRequestContext,
  b: APIRequestContext,
  bId: string,
  aId: string,
  baseURL: string,
) => {
  expect(
    (await a.post("/api/friends", { headers: { origin: baseURL }, data: { friendId: bId } })).status(),
  ).toBe(200);
  expect(
    (await b.post(`/api/friends/requests/${aId}/accept`, { headers: { origin: baseURL } })).status(),
  ).toBe(200);
};

const rosterCard = (page: Page) =>
  page.getByTestId("roster-thisWeek").getByRole("article").filter({ hasText: CELINA });

test.describe("consent", () => {
  // Each test drives two or three people through the real server: longer than one screen's test.
  test.describe.configure({ timeout: 90_000 });

  test("Add sends a request; the other person accepts it from the live notification; then their entries appear as Friend is Showing", async ({
    page,
    browser,
    baseURL,
    signUpAs,
    axe,
  }) => {
    const me = await signUpAs({ name: uniqueName("Ann") });
    const ben = await otherPerson(browser, baseURL!, "Ben");
    const horse = await createHorse(ben.page.request, baseURL!);
    await saveEntries(ben.page.request, baseURL!, CLASSES[0]!, [{ status: "ImShowing", horseId: horse.id }]);
    await ben.page.goto("/notifications");
    await expect(ben.page.getByRole("heading", { name: notificationsTexts.title })).toBeVisible();

    await page.goto("/profile");
    await page.getByRole("tab", { name: p.friendsCount(0) }).click();
    await page.getByRole("button", { name: p.addFriend }).click();
    const dialog = page.getByRole("dialog", { name: p.addFriendsTitle });
    await dialog.getByRole("searchbox", { name: p.searchByName }).fill(ben.name);
    await dialog.getByRole("button", { name: `${p.add} ${ben.name}` }).click();
    await expect(dialog.getByText(p.requested, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByText(p.waitingFor(ben.name))).toBeVisible();
    await expect(page.getByText(p.noFriends)).toHaveCount(0);
    await page.goto("/roster");
    await expect(page.getByRole("heading", { name: r.title })).toBeVisible();
    await expect(page.getByText(r.enteredBy(ben.name))).toHaveCount(0);

    // Ben's open notifications list receives the request live and leads to the Friends tab.
    const notice = ben.page.getByRole("button", {
      name: new RegExp(escapeRegExp(notificationsTexts.friendRequest(me.name))),
    });
    await expect(notice).toBeVisible();
    await expect(notice.getByTestId("friend-request-icon")).toBeVisible();
    await notice.click();
    await expect(ben.page).toHaveURL(/\/profile\?tab=friends$/);
    await expect(ben.page.getByRole("heading", { name: p.friendRequests(1) })).toBeVisible();
    await expectNoAxeViolations(ben.page);
    await ben.page.getByRole("button", { name: p.acceptLabel(me.name) }).click();
    await expect(ben.page.getByRole("heading", { name: p.friendRequests(1) })).toBeHidden();
    await expect(ben.page.getByRole("tab", { name: p.friendsCount(1) })).toBeVisible();
    await ben.context.close();

    await page.reload();
    const line = rosterCard(page)
      .getByTestId("roster-entry")
      .filter({ hasText: r.enteredBy(ben.name) });
    await expect(
      line.getByText(entryStatusTexts.statusLabels.FriendIsShowing, { exact: true }),
    ).toBeVisible();
    await expect(line).toContainText(horse.name);
    // A friend's own entry is theirs: no Remove or Block on it.
    await expect(line.getByRole("button")).toHaveCount(0);
    expect((await axe().analyze()).violations).toEqual([]);
  });

  test("a friend's Friend is Showing entry naming me says who entered it; I remove it in one action, from the roster or the dialog", async ({
    page,
    browser,
    baseURL,
    signUpAs,
    axe,
  }) => {
    await signUpAs({ name: uniqueName("Rita") });
    const meId = await myId(page);
    const sam = await otherPerson(browser, baseURL!, "Sam");
    // Putting a class on my roster needs a tie (issue 24, item 3): Sam and I are friends.
    await befriendByApi(sam.page.request, page.request, meId, sam.id, baseURL!);
    const samHorse = await createHorse(sam.page.request, baseURL!);
    for (const name of CLASSES.slice(0, 2)) {
      await saveEntries(sam.page.request, baseURL!, name, [
        { status: "FriendIsShowing", riderId: meId, horseId: samHorse.id },
      ]);
    }
    await sam.context.close();

    await page.goto("/roster");
    const lines = rosterCard(page)
      .getByTestId("roster-entry")
      .filter({ hasText: r.enteredBy(sam.name) });
    await expect(lines).toHaveCount(2);
    await expect(
      lines.first().getByText(entryStatusTexts.statusLabels.ImShowing, { exact: true }),
    ).toBeVisible();
    await expect(lines.first()).toContainText(samHorse.name);
    expect((await axe().analyze()).violations).toEqual([]);
    const removeLabel = r.removeLabel(entryStatusTexts.statusLabels.ImShowing, sam.name);
    await rosterCard(page)
      .getByRole("listitem")
      .filter({ hasText: CLASSES[0]! })
      .getByRole("button", { name: removeLabel })
      .click();
    await expect(lines).toHaveCount(1);
    await expect(rosterCard(page).getByText(CLASSES[0]!)).toHaveCount(0);

    // The other one: the show detail's icon says who entered it, and the dialog removes it.
    await page.goto(`/shows/${showIdByName(CELINA)}`);
    await page.getByRole("searchbox", { name: showTexts.searchLabel }).fill(CLASSES[1]!);
    // A new search scrolls its list to the top once it applies.
    await expect(page.locator("[data-query]")).toHaveAttribute("data-query", CLASSES[1]!);
    const tooltip = entriesTexts.tooltips.enteredBy(entriesTexts.tooltips.imShowing(samHorse.name), sam.name);
    await page.getByRole("button", { name: tooltip }).click();
    await expect(page.getByRole("tooltip")).toHaveText(tooltip);
    await page.keyboard.press("Escape");
    await classButton(page, CLASSES[1]!).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(r.enteredBy(sam.name))).toBeVisible();
    // The saved horse shows even though the rider does not own it.
    await expect(dialog.getByLabel(entriesTexts.horse).locator("option:checked")).toHaveText(samHorse.name);
    expect((await axe().include('[role="dialog"]').analyze()).violations).toEqual([]);
    await dialog.getByRole("button", { name: removeLabel }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: tooltip })).toHaveCount(0);
    await page.goto("/roster");
    await expect(page.getByText(r.enteredBy(sam.name))).toHaveCount(0);
  });

  test("blocking someone removes what they put on my roster and stops their mirroring and barn notifications", async ({
    page,
    browser,
    baseURL,
    signUpAs,
    axe,
  }) => {
    await signUpAs({ name: uniqueName("Olive") });
    const oliveId = await myId(page);
    const cora = await otherPerson(browser, baseURL!, "Cora");
    const fay = await otherPerson(browser, baseURL!, "Fay");
    // Olive and Cora own the horse; Fay is Cora's friend, which ties Fay to the horse, and Olive's
    // friend, which lets her put classes on Olive's roster (issue 24, item 3).
    const horse = await createHorse(page.request, baseURL!, { ownerIds: [oliveId, cora.id] });
    await befriendByApi(fay.page.request, cora.page.request, cora.id, fay.id, baseURL!);
    await befriendByApi(fay.page.request, page.request, oliveId, fay.id, baseURL!);
    const enter = (className: string, riderId = oliveId, expected = 200) =>
      saveEntries(
        fay.page.request,
        baseURL!,
        className,
        [{ status: "FriendIsShowing", riderId, horseId: horse.id }],
        expected,
      );
    const message = (className: string) => entriesTexts.barnActivity(fay.name, horse.name, className, CELINA);

    await enter(CLASSES[0]!);
    await page.goto("/notifications");
    await expect(
      page.getByRole("button", { name: new RegExp(escapeRegExp(message(CLASSES[0]!))) }),
    ).toBeVisible();
    await page.goto("/roster");
    const line = rosterCard(page)
      .getByTestId("roster-entry")
      .filter({ hasText: r.enteredBy(fay.name) });
    await expect(line).toHaveCount(1);

    await line.getByRole("button", { name: blockingTexts.blockLabel(fay.name) }).click();
    // A confirm is a dialog today and may become an alertdialog (accessibility work in parallel).
    const title = p.blockTitle(fay.name);
    const confirm = page
      .getByRole("dialog", { name: title })
      .or(page.getByRole("alertdialog", { name: title }));
    await expect(confirm).toContainText(p.blockBody);
    expect((await axe().include('[role="dialog"], [role="alertdialog"]').analyze()).violations).toEqual([]);
    await confirm.getByRole("button", { name: blockingTexts.block, exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(r.enteredBy(fay.name))).toHaveCount(0);

    // The block ended our friendship, Fay's only tie to me: her next class for me is refused.
    await enter(CLASSES[1]!, oliveId, 403);
    // With Cora riding, the horse's barn hears about it: Cora does, Olive no longer.
    await enter(CLASSES[2]!, cora.id);
    await page.reload();
    await expect(page.getByRole("heading", { name: r.title })).toBeVisible();
    await expect(page.getByText(r.enteredBy(fay.name))).toHaveCount(0);
    await page.goto("/notifications");
    await expect(
      page.getByRole("button", { name: new RegExp(escapeRegExp(message(CLASSES[0]!))) }),
    ).toBeVisible();
    for (const name of CLASSES.slice(1)) {
      await expect(page.getByRole("button", { name: new RegExp(escapeRegExp(message(name))) })).toHaveCount(
        0,
      );
    }
    const coraSees = (await (await cora.page.request.get("/api/notifications")).json()) as {
      notifications: { message: string }[];
    };
    expect(coraSees.notifications.map((n) => n.message)).toContain(message(CLASSES[2]!));

    await page.goto("/profile?tab=friends");
    const blocked = page.getByRole("region", { name: p.blockedPeople });
    await expect(blocked.getByText(fay.name)).toBeVisible();
    expect((await axe().analyze()).violations).toEqual([]);
    await blocked.getByRole("button", { name: p.unblockLabel(fay.name) }).click();
    await expect(page.getByRole("region", { name: p.blockedPeople })).toHaveCount(0);
    await cora.context.close();
    await fay.context.close();
  });

  test("the rider picker for a stranger: not listed, found by a search with their town, refused by name, nothing saved", async ({
    page,
    browser,
    baseURL,
    signUpAs,
    axe,
  }) => {
    for (const viewport of [PHONE, WIDE]) {
      await page.setViewportSize(viewport);
      await signUpAs({ name: uniqueName("Nell") });
      const stranger = await otherPerson(browser, baseURL!, "Stan", "Shelbyville");
      await stranger.context.close();
      const dialog = await openEntryDialog(page, CELINA, CLASSES[2]!);
      await dialog.getByRole("button", { name: "Friend is Showing", exact: true }).click();
      const tile = entryStatusTexts.statusLabels.FriendIsShowing;
      const riders = dialog.getByRole("combobox", {
        name: entriesTexts.chooserName(entriesTexts.rider, tile),
        exact: true,
      });
      // The list offers only the people Nell knows: nobody yet, and never every account in Ringside.
      await expect(riders.getByRole("option", { name: stranger.name })).toHaveCount(0);
      await dialog.getByRole("button", { name: peopleSearchTexts.findRider }).click();
      const search = dialog.getByRole("searchbox", { name: peopleSearchTexts.findRiderLabel(tile) });
      await search.fill(stranger.name.slice(0, 2));
      await expect(dialog.getByText(peopleSearchTexts.typeMore)).toBeVisible();
      await search.fill(stranger.name);
      const pick = dialog.getByRole("button", {
        name: `${peopleSearchTexts.choose(stranger.name)}, Shelbyville`,
      });
      await expect(pick).toBeVisible();
      expect((await axe().include('[role="dialog"]').analyze()).violations).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/rider-search-${viewport.width}.png` });
      await pick.click();
      await expect(riders.locator("option:checked")).toHaveText(stranger.name);
      await dialog.getByRole("button", { name: entriesTexts.save }).click();
      await expect(dialog.getByRole("alert")).toHaveText(
        `${entryStatusTexts.errors.saveFailed} ${consentTexts.noTieFor(stranger.name)}`,
      );
      // On a phone the reason scrolls into sight rather than sitting below the fold.
      await expect(dialog.getByRole("alert")).toBeInViewport({ ratio: 1 });
      expect((await axe().include('[role="dialog"]').analyze()).violations).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      const res = await page.request.get(`/api/shows/${showIdByName(CELINA)}/entries`);
      expect(((await res.json()) as { entries: unknown[] }).entries).toEqual([]);
      await page.context().clearCookies();
    }
  });
});

import type { APIRequestContext } from "@playwright/test";
import { authTexts } from "../../src/domain/texts/auth.ts";
import { errorsTexts } from "../../src/domain/texts/errors.ts";
import { peopleSearchTexts } from "../../src/domain/texts/people-search.ts";
import { profileTexts } from "../../src/domain/texts/profile.ts";
import { PHONE } from "./a11y-helpers.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { createHorse, expectModalClosesEveryWay, pngBytes, uniqueName } from "./horses-helpers.ts";
import { SHOTS, WIDE } from "./season-helpers.ts";

const t = profileTexts;

/** Signs up another person in `request`'s own session (the test's second person); returns their name. */
async function signUpOther(request: APIRequestContext, baseURL: string, first: string): Promise<string> {
  const name = uniqueName(first);
  const res = await request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL },
    data: { name, email: uniqueEmail(first.toLowerCase().replace(/\W/g, "")), password: "e2e-password-1" },
  });
  expect(res.status()).toBe(200);
  // Strangers find only people who let themselves be found (issue 34, item 7).
  const findable = await request.put("/api/profile/findability", {
    headers: { origin: baseURL },
    data: { findable: true, town: null },
  });
  expect(findable.status()).toBe(200);
  return name;
}

test("My Profile shows the person; Edit Profile validates, refuses a taken email and saves", async ({
  page,
  signUpAs,
  axe,
}) => {
  const me = await signUpAs({ name: uniqueName("Pia") });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
  await expect(page.getByText(me.name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Owner", { exact: true })).toBeVisible();
  await expect(page.getByText(me.email)).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);

  await page.getByRole("button", { name: t.editProfile }).click();
  const dialog = page.getByRole("dialog", { name: t.editProfileTitle });
  await dialog.getByLabel(t.name).fill("");
  await dialog.getByLabel(t.email).fill("not-an-email");
  await dialog.getByRole("button", { name: t.save, exact: true }).click();
  await expect(dialog.getByText("Name is required.")).toBeVisible();
  await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
  await expect(dialog.getByText("Date of birth is required.")).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: "test-results/screens/edit-profile-360.png" });
  await page.setViewportSize({ width: 390, height: 844 });

  const newName = uniqueName("Piper");
  await dialog.getByLabel(t.name).fill(newName);
  await dialog.getByLabel(t.email).fill("OWNER@ringside.demo");
  await dialog.getByLabel(t.dateOfBirth).fill("1990-07-04");
  await dialog.getByLabel(t.gender).selectOption("Other");
  await dialog.getByRole("button", { name: t.save, exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(errorsTexts.emailExists);

  const newEmail = uniqueEmail("piper");
  await dialog.getByLabel(t.email).fill(newEmail);
  await dialog.getByRole("button", { name: t.save, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(newEmail)).toBeVisible();
  await expect(page.getByText("Other", { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ years$/)).toBeVisible();
  await expect(page.getByRole("link", { name: newName })).toBeVisible();

  await expectModalClosesEveryWay(
    page,
    () => page.getByRole("button", { name: t.editProfile }),
    t.editProfileTitle,
  );
});

test("the profile photo uploads and shows; Sign Out goes to /auth", async ({ page, signUpAs }) => {
  const me = await signUpAs({ name: uniqueName("Phil") });
  await page.goto("/profile");
  await page.locator('input[type="file"]').setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await pngBytes(1600, 1200),
  });
  const photo = page.getByRole("img", { name: t.photoOf(me.name) });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1024);

  await page.getByRole("button", { name: authTexts.signOut }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("Add Show Record: required fields, past-show suggestions after 3 characters, class search, then the card", async ({
  page,
  signUpAs,
  baseURL,
}) => {
  const me = await signUpAs({ name: uniqueName("Rex") });
  const horse = await createHorse(page.request, baseURL!);
  await page.goto("/profile");
  await expect(page.getByText(t.noRecords)).toBeVisible();
  await page.getByRole("button", { name: t.addRecord }).click();
  const dialog = page.getByRole("dialog", { name: t.addRecordTitle });
  await dialog.getByRole("button", { name: t.saveRecord }).click();
  await expect(dialog.getByRole("alert")).toHaveText(errorsTexts.fillAllFields);

  const showName = dialog.getByRole("combobox", { name: t.showName });
  // The message answers one Save: it goes once the user starts filling the fields.
  await dialog.getByLabel(t.placing).selectOption("2");
  await expect(dialog.getByText(errorsTexts.fillAllFields)).toBeHidden();
  await dialog.getByRole("button", { name: t.saveRecord }).click();
  await expect(dialog.getByRole("alert")).toHaveText(errorsTexts.fillAllFields);
  await showName.fill("S");
  await expect(dialog.getByText(errorsTexts.fillAllFields)).toBeHidden();

  const suggestions = dialog
    .getByRole("listbox", { name: t.showSuggestions, includeHidden: true })
    .getByRole("option");
  const searched: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/records/past-shows") searched.push(url.searchParams.get("q") ?? "");
  });
  await showName.fill("Sp");
  await expect(suggestions).toHaveCount(0);
  // Only past shows are suggested: last year's Celina and Celebration, never this year's.
  await showName.fill("Cel");
  await expect(suggestions).toHaveCount(2);
  // Two characters asked the server nothing: the first search it saw was the third character's.
  expect(searched[0]).toBe("Cel");
  for (const text of await suggestions.allTextContents()) expect(text).toMatch(/\(\d+(st|nd|rd|th)\)/);
  await showName.fill("Spr");
  await expect(suggestions).toHaveCount(1);
  await expect(suggestions.first()).toContainText("Spring Pleasure Horse Jubilee");
  await suggestions.first().click();
  await expect(showName).toHaveValue("Spring Pleasure Horse Jubilee");
  const startDate = await (async () => {
    const res = await page.request.get("/api/records/past-shows?q=spring%20jubilee");
    return (await res.json()).shows[0].startDate as string;
  })();
  await expect(dialog.getByLabel(t.date)).toHaveValue(startDate);

  const classSelect = dialog.getByRole("combobox", { name: t.className });
  await expect.poll(() => classSelect.locator("option").count()).toBe(23);
  await dialog.getByLabel(t.searchClasses).fill("pleasure TRAIL");
  await expect.poll(() => classSelect.locator("option").count()).toBe(5);
  const options = await classSelect.locator("option").allTextContents();
  for (const option of options.slice(1)) expect(option).toMatch(/(?=.*trail)(?=.*pleasure)/i);
  const chosen = options[1]!.replace(/^\S+\. /, "");
  await classSelect.selectOption({ label: options[1]! });
  await dialog.getByLabel(t.placing).selectOption("Participated");
  await dialog.getByLabel(t.horse).selectOption(horse.id);
  await expect(dialog.getByLabel(t.rider).locator("option", { hasText: "Wade Harlan" })).toHaveCount(1);
  await dialog.getByLabel(t.rider).selectOption({ label: "Wade Harlan" });
  await dialog.getByRole("button", { name: t.saveRecord }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("listitem").filter({ hasText: "Spring Pleasure Horse Jubilee" });
  await expect(card).toContainText(chosen);
  await expect(card).toContainText(t.placingLine("Participated"));
  await expect(card).toContainText(t.riderLine("Wade Harlan"));
  await card.getByRole("link", { name: t.viewHorse(horse.name) }).click();
  await expect(page.getByRole("heading", { name: horse.name })).toBeVisible();
  await expect(page.getByText(chosen)).toBeVisible();
  expect(me.name).toBeTruthy();
});

test("Friends: count, add by name search ('No users found'), accepted request, remove behind the confirm, both ways", async ({
  page,
  request,
  signUpAs,
  baseURL,
  axe,
}) => {
  // A long walk through two people's flows; on a shared two-core machine it outgrows the default 30 s.
  test.setTimeout(60_000);
  const friendName = await signUpOther(request, baseURL!, "Fern");
  const me = await signUpAs({ name: uniqueName("Moe") });
  await page.goto("/profile");
  await page.getByRole("tab", { name: t.friendsCount(0) }).click();
  await expect(page.getByText(t.noFriends)).toBeVisible();

  await page.getByRole("button", { name: t.addFriend }).click();
  const dialog = page.getByRole("dialog", { name: t.addFriendsTitle });
  await dialog.getByRole("searchbox", { name: t.searchByName }).fill("zz-nobody-has-this-name");
  await expect(dialog.getByText(t.noUsers)).toBeVisible();
  await dialog.getByRole("searchbox", { name: t.searchByName }).fill(friendName.toUpperCase());
  await dialog.getByRole("button", { name: `${t.add} ${friendName}` }).click();
  await expect(dialog.getByText(t.requested, { exact: true })).toBeVisible();
  await dialog.getByRole("searchbox", { name: t.searchByName }).fill(me.name);
  await expect(dialog.getByText(t.noUsers)).toBeVisible();
  expect((await axe().include('[role="dialog"]').analyze()).violations).toEqual([]);
  await page.keyboard.press("Escape");
  // A request on its way: the sender sees whom it waits for, not "no friends yet".
  await expect(page.getByText(t.waitingFor(friendName))).toBeVisible();
  await expect(page.getByText(t.noFriends)).toBeHidden();

  // Friendship needs the other person's consent: they accept (their session is `request`).
  const meId = (await (await page.request.get("/api/me")).json()).id as string;
  const accepted = await request.post(`/api/friends/requests/${meId}/accept`, {
    headers: { origin: baseURL! },
  });
  expect(accepted.status()).toBe(200);
  await page.reload();
  await page.getByRole("tab", { name: t.friendsCount(1) }).click();

  await expect(page.getByRole("tab", { name: t.friendsCount(1) })).toBeVisible();
  await expect(page.getByText(friendName, { exact: true })).toBeVisible();
  const theirs = await (await request.get("/api/friends")).json();
  expect(theirs.friends.map((f: { name: string }) => f.name)).toEqual([me.name]);

  const remove = () => page.getByRole("button", { name: `${t.remove} ${friendName}` });
  await remove().click();
  const confirm = page.getByRole("alertdialog", { name: t.removeFriendTitle(friendName) });
  await expect(confirm).toHaveAccessibleDescription(t.removeFriendBody);
  await confirm.getByRole("button", { name: t.cancel }).click();
  await expect(confirm).toBeHidden();
  await expect(remove()).toBeFocused();
  await expectModalClosesEveryWay(page, remove, t.removeFriendTitle(friendName));
  await expect(page.getByText(friendName)).toBeVisible();

  await remove().click();
  await confirm.getByRole("button", { name: t.remove, exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(t.noFriends)).toBeVisible();
  await expect(page.getByRole("tab", { name: t.friendsCount(0) })).toBeVisible();
  expect((await (await request.get("/api/friends")).json()).friends).toEqual([]);
});

test("Friends: a sent request waits on the sender's tab until withdrawn; only then 'no friends yet' again", async ({
  page,
  request,
  signUpAs,
  baseURL,
  axe,
}) => {
  const benName = await signUpOther(request, baseURL!, "Ben Buddy");
  const benId = (await (await request.get("/api/me")).json()).id as string;
  await signUpAs({ name: uniqueName("Wendy") });
  const sent = await page.request.post("/api/friends", {
    headers: { origin: baseURL! },
    data: { friendId: benId },
  });
  expect(sent.status()).toBe(200);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/profile");
  await page.getByRole("tab", { name: t.friendsCount(0) }).click();
  await expect(page.getByRole("heading", { name: t.sentRequests(1) })).toBeVisible();
  await expect(page.getByText(t.waitingFor(benName))).toBeVisible();
  await expect(page.getByText(t.noFriends)).toBeHidden();
  expect((await axe().analyze()).violations).toEqual([]);
  await page.screenshot({ path: "test-results/screens/friends-sent-360.png", fullPage: true });

  await page.getByRole("button", { name: t.withdrawLabel(benName) }).click();
  await expect(page.getByText(t.waitingFor(benName))).toBeHidden();
  await expect(page.getByText(t.noFriends)).toBeVisible();
  // Ben no longer has a request to answer.
  expect((await (await request.get("/api/friends/requests")).json()).incoming).toEqual([]);
});

test("Who can find me: off for a new account, turned on with a town, kept after a reload", async ({
  page,
  signUpAs,
  axe,
}) => {
  const s = peopleSearchTexts.setting;
  await signUpAs({ name: uniqueName("Fay") });
  for (const viewport of [PHONE, WIDE]) {
    await page.setViewportSize(viewport);
    await page.goto("/profile");
    const section = page.getByRole("region", { name: s.title });
    await expect(section.getByRole("checkbox", { name: s.findable })).toBeEnabled();
    await section.screenshot({ path: `${SHOTS}/findability-${viewport.width}.png` });
  }
  const section = page.getByRole("region", { name: s.title });
  await expect(section.getByRole("checkbox", { name: s.findable })).not.toBeChecked();
  await section.getByRole("checkbox", { name: s.findable }).check();
  await section.getByLabel(s.town).fill("Wartrace");
  await section.getByRole("button", { name: s.save }).click();
  await expect(section.getByRole("status")).toHaveText(s.saved);
  expect((await axe().analyze()).violations).toEqual([]);
  await page.reload();
  await expect(section.getByRole("checkbox", { name: s.findable })).toBeChecked();
  await expect(section.getByLabel(s.town)).toHaveValue("Wartrace");
});

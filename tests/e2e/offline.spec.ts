import type { Browser, BrowserContext, Page } from "@playwright/test";
import ICAL from "ical.js";
import { calendarFeedTexts } from "../../src/domain/texts/calendar-feed.ts";
import { entriesTexts } from "../../src/domain/texts/entries.ts";
import { entryStatusTexts } from "../../src/domain/texts/entry-status.ts";
import { errorsTexts } from "../../src/domain/texts/errors.ts";
import { notificationsTexts } from "../../src/domain/texts/notifications.ts";
import { offlineTexts } from "../../src/domain/texts/offline.ts";
import { profileTexts } from "../../src/domain/texts/profile.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { texts } from "../../src/domain/texts/shell.ts";
import { CELINA, classButton, saveShowing, showIdByName } from "./entries-helpers.ts";
import { expect, openE2eDatabase, test, uniqueEmail } from "./fixtures.ts";
import { createHorse } from "./horses-helpers.ts";

const o = { ...texts.offline, ...offlineTexts };
const e = { ...entryStatusTexts, ...entriesTexts };
const PASSWORD = "e2e-password-1";

// The app's offline reading and queue rest on the service worker, which the suite blocks elsewhere.
test.use({ serviceWorkers: "allow" });

/** The query hashes the app has saved on the device (IndexedDB), as the offline cache holds them. */
const savedQueries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open("ringside");
        open.onupgradeneeded = () => open.result.createObjectStore("offline-cache");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("offline-cache")) return resolve([]);
          const get = db.transaction("offline-cache").objectStore("offline-cache").get("query-client");
          get.onsuccess = () => {
            const saved = get.result as
              | { client: { clientState: { queries: { queryHash: string }[] } } }
              | undefined;
            resolve(saved?.client.clientState.queries.map((q) => q.queryHash) ?? []);
          };
        };
      }),
  );

/** How many queued changes the device holds. */
const savedChanges = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("ringside");
        open.onsuccess = () => {
          const get = open.result
            .transaction("offline-cache")
            .objectStore("offline-cache")
            .get("query-client");
          get.onsuccess = () => resolve(get.result?.client.clientState.mutations.length ?? 0);
        };
      }),
  );

/**
 * Offline as a phone is: no request reaches the server. Chromium's offline emulation does not always
 * cover what a page sends through its service worker, so API requests are refused at the router too.
 */
async function setOffline(context: BrowserContext, offline: boolean) {
  await context.setOffline(offline);
  if (offline) await context.route("**/api/**", (route) => route.abort("internetdisconnected"));
  else await context.unroute("**/api/**");
}

/** Waits until the service worker controls the page and the device holds what `hashes` name. */
async function readyForOffline(page: Page, hashes: string[]) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(async () => {
      const saved = await savedQueries(page);
      return hashes.every((h) => saved.some((s) => s.includes(h)));
    })
    .toBe(true);
}

async function signUp(page: Page, baseURL: string, name: string) {
  await page.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
  const email = uniqueEmail("offline");
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password: PASSWORD, role: "Owner" },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).user.id as string;
}

function sql<T>(query: string, ...params: unknown[]): T[] {
  const db = openE2eDatabase();
  try {
    const statement = db.prepare(query);
    if (statement.reader) return statement.all(...params) as T[];
    statement.run(...params);
    return [];
  } finally {
    db.close();
  }
}

async function friendRoster(browser: Browser, baseURL: string, friendName: string) {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  const userId = await signUp(page, baseURL, friendName);
  return { context, page, userId };
}

const classEntryCount = (userId: string, showId: string, className: string) =>
  sql<{ n: number }>(
    `select count(*) as n from class_entry e join show_class c on c.show_id = e.show_id and c.id = e.class_id
     where e.user_id = ? and e.show_id = ? and c.name = ?`,
    userId,
    showId,
    className,
  )[0]!.n;

test.describe("at the show grounds", () => {
  test("what was seen shows offline; an entry saved offline waits through a reload, then reaches the server once and a friend's roster", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const name = `Offline Owner ${Date.now()}`;
    const me = await signUp(page, baseURL!, name);
    const horse = await createHorse(page.request, baseURL!, { name: `Barn Mare ${Date.now()}` });
    const friend = await friendRoster(browser, baseURL!, `Offline Friend ${Date.now()}`);
    sql(
      "insert into friendship (user_id, friend_id, created_at) values (?, ?, datetime()), (?, ?, datetime())",
      me,
      friend.userId,
      friend.userId,
      me,
    );
    const showId = showIdByName(CELINA);
    const watched = "Ladies Amateur Walking Specialty";
    const showing = "Country Pleasure Open";

    // Online: one entry through the dialog (the dialog's horse choices are now on the device too),
    // then the roster and the notifications.
    await page.goto(`/shows/${showId}`);
    await classButton(page, watched).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: e.statusLabels.WatchClass, exact: true }).click();
    await dialog.getByRole("button", { name: e.save }).click();
    await expect(dialog).toBeHidden();
    await page.goto("/notifications");
    await expect(page.getByRole("heading", { name: notificationsTexts.title })).toBeVisible();
    await page.goto("/roster");
    await expect(
      page.getByTestId("roster-entry").filter({ hasText: e.statusLabels.WatchClass }),
    ).toBeVisible();
    await readyForOffline(page, ['"roster"', `"show","${showId}"`, '"notifications"', '"choices"']);

    // Offline, and a reload: the roster, the class list and the notifications are still there.
    await setOffline(context, true);
    await page.reload();
    await expect(page.getByTestId("connection-status")).toContainText(/^Offline — showing what you saw at /);
    await expect(
      page.getByTestId("roster-entry").filter({ hasText: e.statusLabels.WatchClass }),
    ).toBeVisible();
    await page.getByRole("link", { name: texts.nav.notifications }).first().click();
    await expect(page.getByRole("heading", { name: notificationsTexts.title })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    // A screen never opened says it needs a connection, rather than failing.
    await page.goto("/horses");
    await expect(page.getByText(o.needsConnection)).toBeVisible();

    // An entry saved offline closes the dialog and waits, with a clock on its class row.
    await page.goto(`/shows/${showId}`);
    await expect(classButton(page, showing)).toBeVisible();
    await classButton(page, showing).click();
    await saveShowing(dialog, horse.name);
    const row = page
      .locator("div")
      .filter({ has: classButton(page, showing) })
      .last();
    await expect(row.getByTestId("pending-change")).toBeVisible();
    await expect(page.getByTestId("connection-status")).toContainText(o.waiting(1));

    // Still offline after a reload: still pending, nothing has reached the server.
    await expect.poll(() => savedChanges(page)).toBe(1);
    await page.reload();
    await expect(row.getByTestId("pending-change")).toBeVisible();
    expect(classEntryCount(me, showId, showing)).toBe(0);

    // Back online: it is sent once, and the friend sees it.
    await setOffline(context, false);
    await expect(page.getByTestId("connection-status")).toContainText(o.backOnline);
    await expect(row.getByTestId("pending-change")).toHaveCount(0);
    await expect(
      page.getByTestId(/^entry-icons-/).getByRole("button", { name: e.tooltips.imShowing(horse.name) }),
    ).toBeVisible();
    expect(classEntryCount(me, showId, showing)).toBe(1);
    expect(sql("select key from idempotency_key where user_id = ?", me)).toHaveLength(2);

    await friend.page.goto("/roster");
    const line = friend.page.getByTestId("roster-entry").filter({ hasText: rosterTexts.enteredBy(name) });
    await expect(line.getByText(e.statusLabels.FriendIsShowing, { exact: true })).toBeVisible();
    await expect(line).toContainText(horse.name);
    await friend.context.close();
  });

  test("a change that is not queued says offline that it could not reach the server, and is never sent later", async ({
    page,
    context,
    baseURL,
  }) => {
    const name = `Profile Owner ${Date.now()}`;
    const me = await signUp(page, baseURL!, name);
    await page.goto("/profile");
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();

    await setOffline(context, true);
    await page.getByRole("button", { name: profileTexts.editProfile }).click();
    const dialog = page.getByRole("dialog", { name: profileTexts.editProfileTitle });
    await dialog.getByLabel(profileTexts.name).fill("Renamed Offline");
    await dialog.getByLabel(profileTexts.dateOfBirth).fill("1990-07-04");
    await dialog.getByLabel(profileTexts.gender).selectOption("Other");
    await dialog.getByRole("button", { name: profileTexts.save, exact: true }).click();
    await expect(page.getByText(errorsTexts.network)).toBeVisible();

    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT" && new URL(r.url()).pathname === "/api/profile") sent.push(r.postData() ?? "");
    });
    await setOffline(context, false);
    // The app has seen the connection come back, with nothing waiting to go out ...
    await expect(page.getByTestId("connection-status")).toHaveText(o.backOnline);
    expect(sql<{ name: string }>("select name from user where id = ?", me)[0]?.name).toBe(name);
    // ... and a save made now goes out at once, alone: the failed one was never queued to go before it.
    await dialog.getByLabel(profileTexts.name).fill("Ola Online");
    await dialog.getByRole("button", { name: profileTexts.save, exact: true }).click();
    await expect(dialog).toBeHidden();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Ola Online");
    expect(sql<{ name: string }>("select name from user where id = ?", me)[0]?.name).toBe("Ola Online");
  });

  test("a queued change the server refuses is shown as failed with the reason, across a reload, until dismissed", async ({
    page,
    context,
    baseURL,
  }) => {
    await signUp(page, baseURL!, `Refused Owner ${Date.now()}`);
    const horse = await createHorse(page.request, baseURL!, { name: `Sold Mare ${Date.now()}` });
    const showId = showIdByName(CELINA);
    const className = "Country Pleasure Open";
    await page.goto(`/shows/${showId}`);
    await classButton(page, className).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: e.save })).toBeVisible();
    await page.keyboard.press("Escape");
    await readyForOffline(page, [`"show","${showId}"`, '"choices"']);

    await setOffline(context, true);
    await classButton(page, className).click();
    await dialog.getByRole("button", { name: e.statusLabels.ImShowing, exact: true }).click();
    await dialog
      .getByRole("combobox", { name: e.chooserName(e.horse, e.statusLabels.ImShowing) })
      .selectOption({ label: horse.name });
    await dialog.getByRole("button", { name: e.save }).click();
    await expect(dialog).toBeHidden();

    // Meanwhile the horse is sold: the owner no longer owns it, so the server refuses the entry.
    sql("delete from horse_owner where horse_id = ?", horse.id);
    await setOffline(context, false);
    const failed = page.getByTestId("failed-change");
    await expect(failed).toContainText(
      o.notSent(o.labels.saveEntries(className, CELINA), e.denials.notOwnHorse),
    );
    await page.reload();
    await expect(failed).toContainText(e.denials.notOwnHorse);
    await failed.getByRole("button", { name: o.dismiss }).click();
    await expect(failed).toHaveCount(0);
    await expect.poll(() => savedChanges(page)).toBe(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: CELINA })).toBeVisible();
    await expect(failed).toHaveCount(0);
  });

  test("the roster's calendar feed parses as iCalendar with the entries, and a new link retires the old", async ({
    page,
    baseURL,
  }) => {
    await signUp(page, baseURL!, `Feed Owner ${Date.now()}`);
    const showId = showIdByName(CELINA);
    const className = "Ladies Amateur Walking Specialty";
    const saved = await page.request.put(
      `/api/shows/${showId}/classes/${sql<{ id: string }>("select id from show_class where show_id = ? and name = ?", showId, className)[0]!.id}/entries`,
      {
        headers: { origin: baseURL! },
        data: { entries: [{ status: "WatchClass" }] },
      },
    );
    expect(saved.status()).toBe(200);
    await page.goto("/roster");
    await page.getByRole("button", { name: rosterTexts.subscribeCalendar }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: calendarFeedTexts.create }).click();
    const link = dialog.getByRole("textbox", { name: calendarFeedTexts.linkLabel });
    const url = await link.inputValue();
    await expect(dialog.getByRole("link", { name: calendarFeedTexts.subscribe })).toHaveAttribute(
      "href",
      url.replace(/^http:/, "webcal:"),
    );
    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    const events = new ICAL.Component(ICAL.parse(await feed.text()))
      .getAllSubcomponents("vevent")
      .map((v) => new ICAL.Event(v));
    expect(events.map((ev) => ev.summary)).toContain(CELINA);
    const cls = events.find((ev) => ev.summary.includes(className))!;
    expect(cls.description).toContain(e.statusLabels.WatchClass);
    expect(cls.startDate.isDate).toBe(true);

    await dialog.getByRole("button", { name: calendarFeedTexts.regenerate }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: calendarFeedTexts.regenerateConfirm }).click();
    await expect(page.getByRole("dialog").getByText(calendarFeedTexts.regenerated)).toBeVisible();
    const newUrl = await page
      .getByRole("dialog")
      .getByRole("textbox", { name: calendarFeedTexts.linkLabel })
      .inputValue();
    expect(newUrl).not.toBe(url);
    expect((await page.request.get(url)).status()).toBe(404);
    expect((await page.request.get(newUrl)).status()).toBe(200);
  });

  test("the app is installable: manifest, icons (maskable too) and service worker pass Chromium's checks", async ({
    page,
    signInAs,
  }) => {
    await signInAs("owner@ringside.demo", "/roster");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito profiles, where Chromium never installs; that is the browser's
    // state, not the app's. Anything else (manifest, icons, service worker, offline start) would show here.
    const errors = installabilityErrors.filter((error) => error.errorId !== "in-incognito");
    expect(errors, JSON.stringify(errors)).toEqual([]);
    const manifest = await (await page.request.get("/manifest.webmanifest")).json();
    expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === "maskable")).toBe(true);
  });
});

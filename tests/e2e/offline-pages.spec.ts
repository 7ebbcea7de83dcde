import type { BrowserContext, Page } from "@playwright/test";
import { BOOT_STATE_ID } from "../../src/domain/app/boot-state.ts";
import { authTexts } from "../../src/domain/texts/auth.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

/**
 * Issue 20 (ADR 019): pages are rendered per person by the server, and the service worker sends page
 * loads to the network, falling back to the cached page (which carries nobody's data) when there is
 * none. Two people on one browser never see each other's page, online or offline.
 */
test.use({ serviceWorkers: "allow" });

async function signUp(page: Page, baseURL: string, name: string) {
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email: uniqueEmail("pages"), password: "e2e-password-1", role: "Owner" },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function setOffline(context: BrowserContext, offline: boolean) {
  await context.setOffline(offline);
  if (offline) await context.route("**/api/**", (route) => route.abort("internetdisconnected"));
  else await context.unroute("**/api/**");
}

/** Whether the device holds a saved roster (the offline cache, IndexedDB). */
const rosterSaved = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("ringside");
        open.onupgradeneeded = () => open.result.createObjectStore("offline-cache");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("offline-cache")) return resolve(false);
          const get = db.transaction("offline-cache").objectStore("offline-cache").get("query-client");
          get.onsuccess = () =>
            resolve(
              !!(
                get.result as { client: { clientState: { queries: { queryHash: string }[] } } } | undefined
              )?.client.clientState.queries.some((q) => q.queryHash.includes('"roster"')),
            );
        };
      }),
  );

test("two people on one browser: offline, the cached page shows each only their own; nobody's rendered page is kept", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
  const ann = `Ann Pagekeeper ${Date.now()}`;
  const bob = `Bob Pagekeeper ${Date.now()}`;

  await signUp(page, baseURL!, ann);
  await page.goto("/roster");
  await expect(page.getByRole("link", { name: ann })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Now under the service worker's control: the page still comes from the server, rendered for Ann.
  const annPage = await page.reload();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  expect(await annPage!.text()).toContain(ann);
  await page.goto("/profile");
  await page.getByRole("button", { name: authTexts.signOut }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signUp(page, baseURL!, bob);
  const bobPage = await page.goto("/roster");
  const html = await bobPage!.text();
  expect(html).toContain(bob);
  expect(html).not.toContain(ann);
  await expect(page.getByRole("link", { name: bob })).toBeVisible();
  await expect.poll(() => rosterSaved(page), { timeout: 15_000 }).toBe(true);

  // Offline: the service worker answers the reload with the cached page, which holds nobody's data, and
  // the app shows Bob's roster from his device cache.
  await setOffline(context, true);
  const offline = await page.reload();
  const cached = await offline!.text();
  expect(cached).not.toContain(bob);
  expect(cached).not.toContain(ann);
  expect(cached).not.toContain(BOOT_STATE_ID);
  await expect(page.getByTestId("connection-status")).toContainText(/^Offline — showing what you saw at /);
  await expect(page.getByRole("heading", { level: 1, name: rosterTexts.title })).toBeVisible();
  await expect(page.getByRole("link", { name: bob })).toBeVisible();
  await expect(page.getByText(ann)).toHaveCount(0);

  // Back online, a page load is the server's again, for Bob.
  await setOffline(context, false);
  const online = await page.goto("/roster");
  expect(await online!.text()).toContain(bob);
  await expect(page.getByRole("link", { name: bob })).toBeVisible();
  await expect(page.getByText(ann)).toHaveCount(0);
});

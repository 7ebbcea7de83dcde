import { join } from "node:path";
import type { Page } from "@playwright/test";
import { formatShowDates } from "../../src/domain/dates/show-dates.ts";
import { normaliseHorseName } from "../../src/domain/results/horse-match.ts";
import { adminTexts } from "../../src/domain/texts/admin.ts";
import { errorsTexts } from "../../src/domain/texts/errors.ts";
import { horsesTexts } from "../../src/domain/texts/horses.ts";
import { notificationsTexts } from "../../src/domain/texts/notifications.ts";
import { plannerTexts } from "../../src/domain/texts/planner.ts";
import { prizeListTexts } from "../../src/domain/texts/prize-lists.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { texts } from "../../src/domain/texts/shell.ts";
import { DEMO, expect, openE2eDatabase, personIn, test, uniqueEmail } from "./fixtures.ts";
import { uniqueName } from "./horses-helpers.ts";

/**
 * Issue 14's "Done when" in Chromium. These tests change what everyone sees (users, shows, a whole
 * season calendar), so they run in their own Playwright project after every other spec (playwright.config.ts).
 */
const a = adminTexts;
const LONG_NAME =
  "Owner-Amateur Riders on Park Pleasure Walking Horses, Optional Tack, Mares and Geldings Four Years and Over";
const FIXTURES = join(import.meta.dirname, "..", "fixtures", "walking-horse");

const banner = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ }).first();
const dataPanel = (page: Page) => page.getByRole("region", { name: a.dataManagement });
const showsPanel = (page: Page) => page.getByRole("region", { name: a.shows.heading });

function sql<T>(query: string, ...params: unknown[]): T | undefined {
  const db = openE2eDatabase();
  try {
    return db.prepare(query).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}
function run(query: string, ...params: unknown[]): void {
  const db = openE2eDatabase();
  try {
    db.prepare(query).run(...params);
  } finally {
    db.close();
  }
}

async function addUser(page: Page, name: string, email: string, roles: string[] = ["Owner"]) {
  await dataPanel(page).getByRole("button", { name: a.addUser }).click();
  const dialog = page.getByRole("dialog", { name: a.addUser });
  await dialog.getByLabel(a.name).fill(name);
  await dialog.getByLabel(a.email).fill(email);
  for (const role of roles) await dialog.getByRole("checkbox", { name: role }).check();
  await dialog.getByRole("button", { name: a.save }).click();
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toHaveText(a.userAdded(email));
}

test.beforeEach(async ({ signInAs }) => {
  await signInAs(DEMO.admin, "/admin");
});

test("an admin adds a user, who signs in through the emailed link", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("added");
  await addUser(page, "Nell Newcomer", email, ["Owner", "Trainer"]);
  // The banner clears itself after a few seconds.
  await expect(banner(page)).toHaveCount(0, { timeout: 8_000 });

  const mail = sql<{ text: string }>(
    "select text from outbox where to_address = ? order by created_at desc",
    email,
  );
  const link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0];
  expect(link).toContain("/api/auth/magic-link/verify");
  const context = await browser.newContext({ baseURL });
  const newcomer = await context.newPage();
  await newcomer.goto(link!.replace(/^https?:\/\/[^/]+/, baseURL!));
  await expect(newcomer.getByRole("heading", { level: 1, name: rosterTexts.title })).toBeVisible();
  const me = await newcomer.request.get("/api/me");
  expect((await me.json()).email).toBe(email);
  await context.close();
});

test("an admin edits and deletes an owner: their entries leave other rosters, their horses lose them", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("owner");
  const name = uniqueName("Olive Owner");
  await addUser(page, name, email);
  const owner = sql<{ id: string }>("select id from user where email = ?", email)!;
  const casey = sql<{ id: string }>("select id from user where email = ?", DEMO.owner)!;
  const rider = sql<{ id: string }>("select id from user where email = ?", DEMO.rider)!;
  const horseName = uniqueName("Shared Horse");
  const horseId = `e2e-${Date.now().toString(36)}`;
  run(
    "insert into horse (id, name, name_key, gender, date_of_birth, canters, picture_id, created_at) values (?, ?, ?, 'Mare', '2018-01-01', 0, null, ?)",
    horseId,
    horseName,
    normaliseHorseName(horseName),
    new Date().toISOString(),
  );
  run(
    "insert into horse_owner (horse_id, user_id) values (?, ?), (?, ?)",
    horseId,
    owner.id,
    horseId,
    casey.id,
  );
  // The owner's Friend is Showing entry put an I'm Showing entry on Riley's roster ("Entered by …").
  const show = sql<{ show_id: string; id: string }>(
    "select c.show_id, c.id from show_class c join show s on s.id = c.show_id where s.start_date > date('now', '+10 day') order by s.start_date, c.position limit 1",
  )!;
  run(
    "insert into class_entry (id, user_id, show_id, class_id, status, horse_id, rider_id, placing, created_by, created_at) values (?, ?, ?, ?, 'ImShowing', null, ?, null, ?, ?)",
    `e2e-entry-${Date.now().toString(36)}`,
    rider.id,
    show.show_id,
    show.id,
    rider.id,
    owner.id,
    new Date().toISOString(),
  );
  const riley = await personIn(browser, baseURL!, DEMO.rider, { serviceWorkers: "allow" });
  await riley.page.goto("/roster");
  await expect(riley.page.getByText(rosterTexts.enteredBy(name)).first()).toBeVisible();

  const panel = dataPanel(page);
  await panel.getByRole("searchbox").fill(name);
  await panel.getByRole("button", { name: a.editLabel(name) }).click();
  const edit = page.getByRole("dialog", { name: a.editUser });
  const renamed = `${name} Jr`;
  await edit.getByLabel(a.name).fill(renamed);
  await edit.getByRole("button", { name: a.save }).click();
  await expect(banner(page)).toHaveText(a.userSaved(renamed));

  await panel.getByRole("button", { name: a.deleteLabel(renamed) }).click();
  const confirm = page.getByRole("alertdialog", { name: a.confirmDeleteTitle(renamed) });
  await expect(confirm).toHaveAccessibleDescription(a.confirmDeleteUser);
  await confirm.getByRole("button", { name: a.delete }).click();
  await expect(banner(page)).toHaveText(a.deleted(renamed));
  await expect(panel.getByText(renamed)).toHaveCount(0);

  await riley.page.reload();
  await expect(riley.page.getByRole("heading", { level: 1, name: rosterTexts.title })).toBeVisible();
  await expect(riley.page.getByText(rosterTexts.enteredBy(renamed))).toHaveCount(0);
  await riley.page.goto(`/horses/${horseId}`);
  await expect(riley.page.getByRole("heading", { name: horseName })).toBeVisible();
  await expect(riley.page.getByText("Casey Whitfield")).toBeVisible();
  await expect(riley.page.getByText(renamed)).toHaveCount(0);
  await riley.context.close();
});

test("deleting an admin shows the spec's alert and deletes nobody", async ({ page }) => {
  await dataPanel(page)
    .getByRole("button", { name: a.deleteLabel("Avery Morgan") })
    .click();
  const alert = page.getByRole("alertdialog", { name: errorsTexts.adminsCannotBeDeleted });
  await expect(alert).toBeVisible();
  await alert.getByRole("button", { name: texts.common.ok }).click();
  await expect(alert).toBeHidden();
  await expect(dataPanel(page).getByText(DEMO.admin)).toBeVisible();
});

test("an admin adds a horse and deletes it", async ({ page }) => {
  const name = uniqueName("Admin Horse");
  const panel = dataPanel(page);
  await panel.getByRole("tab", { name: a.horses }).click();
  await panel.getByRole("button", { name: a.addHorse }).click();
  const dialog = page.getByRole("dialog", { name: a.addHorse });
  await dialog.getByRole("button", { name: a.save }).click();
  await expect(dialog.getByText("Name is required.")).toBeVisible();
  await dialog.getByLabel(horsesTexts.name).fill(name);
  await dialog.getByLabel(horsesTexts.dateOfBirth).fill("2019-03-04");
  await dialog
    .getByRole("group", { name: horsesTexts.owners })
    .getByRole("checkbox", { name: "Casey Whitfield" })
    .check();
  await expect(dialog.getByRole("group", { name: horsesTexts.owners }).getByText("Avery Morgan")).toHaveCount(
    0,
  );
  await dialog
    .getByRole("group", { name: horsesTexts.trainers })
    .getByRole("checkbox", { name: "Wade Harlan" })
    .check();
  await dialog.getByRole("button", { name: a.save }).click();
  // A new horse is "added"; an edited one "saved".
  await expect(banner(page)).toHaveText(a.horseAdded(name));
  await panel.getByRole("searchbox").fill(name);
  const row = panel.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("Casey Whitfield");
  await expect(row).toContainText("Wade Harlan");

  await row.getByRole("button", { name: a.deleteLabel(name) }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: a.delete }).click();
  await expect(banner(page)).toHaveText(a.deleted(name));
  await expect(panel.getByText(name)).toHaveCount(0);
});

test("at 360 px: a refusal shows once in the form and clears when the field changes; dates and long names read like the rest", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const panel = dataPanel(page);
  await panel.getByRole("button", { name: a.addUser }).click();
  const dialog = page.getByRole("dialog", { name: a.addUser });
  await dialog.getByLabel(a.name).fill("Taken Email");
  await dialog.getByLabel(a.email).fill(DEMO.owner);
  await dialog.getByRole("button", { name: a.save }).click();
  await expect(dialog.getByRole("alert")).toHaveText(errorsTexts.emailExists);
  // Once: not again in the status banner.
  await expect(page.getByText(errorsTexts.emailExists)).toHaveCount(1);
  await expect(banner(page)).toHaveCount(0);
  await page.screenshot({ path: "test-results/screens/admin-refusal-360.png" });
  await dialog.getByLabel(a.email).fill(uniqueEmail("fresh"));
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: a.cancel }).click();

  // A long horse name wraps in the list instead of being cut off.
  const longName = uniqueName("Generator's Midnight Masterpiece of the Walking Horse Country Pleasure Ring");
  await panel.getByRole("tab", { name: a.horses }).click();
  await panel.getByRole("button", { name: a.addHorse }).click();
  const horseDialog = page.getByRole("dialog", { name: a.addHorse });
  await horseDialog.getByLabel(horsesTexts.name).fill(longName);
  await horseDialog.getByLabel(horsesTexts.dateOfBirth).fill("2018-05-06");
  await horseDialog.getByRole("button", { name: a.save }).click();
  await expect(banner(page)).toHaveText(a.horseAdded(longName));
  await panel.getByRole("searchbox").fill(longName);
  const nameLine = panel.getByRole("listitem").getByText(longName, { exact: true });
  await expect(nameLine).toBeVisible();
  const fits = await nameLine.evaluate(
    (el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 360,
  );
  expect(fits).toBe(true);
  await nameLine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/admin-horses-360.png" });

  // Show dates as everywhere else in the app ("Dec 5 – 6, 2026"), not as stored.
  const show = sql<{ name: string; start_date: string; end_date: string }>(
    "select name, start_date, end_date from show where name = ?",
    "Celebration Spring Fun Show",
  )!;
  // Other specs' shows come before it on the first page of upcoming shows, so it is found as an admin would.
  await showsPanel(page).getByRole("searchbox").fill(show.name);
  const row = showsPanel(page).getByRole("listitem").filter({ hasText: show.name }).first();
  await expect(row).toContainText(formatShowDates(show.start_date, show.end_date));
  await expect(row).not.toContainText(show.start_date);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/admin-shows-360.png" });

  // A long class name wraps in the show editor instead of hiding past the field's edge.
  await showsPanel(page).getByRole("button", { name: a.shows.newShow }).click();
  const editor = page.getByRole("dialog", { name: a.shows.newShow });
  await editor
    .getByLabel(a.editor.paste)
    .fill("12 Owner-Amateur Novice Western Trail Pleasure World Championship");
  await editor.getByRole("button", { name: a.editor.addPasted }).click();
  const className = editor.getByLabel(a.editor.nameOf(1), { exact: true });
  await expect(className).toHaveValue("Owner-Amateur Novice Western Trail Pleasure World Championship");
  const wraps = await className.evaluate(
    (el) => el.scrollHeight <= el.clientHeight + 1 && el.clientHeight > 60,
  );
  expect(wraps).toBe(true);
  await className.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/admin-show-editor-360.png" });
});

test("an admin creates a show with pasted classes, moves its dates (entrants hear of it) and deletes it", async ({
  page,
  browser,
  baseURL,
}) => {
  // One journey through create, paste, reorder, two widths, a second person, a date move and delete: about 30 s on a loaded CI machine.
  test.setTimeout(90_000);
  const name = uniqueName("Admin Test Show");
  await showsPanel(page).getByRole("button", { name: a.shows.newShow }).click();
  const editor = page.getByRole("dialog", { name: a.shows.newShow });
  await editor.getByLabel(a.editor.name).fill(name);
  await editor.getByLabel(a.editor.startDate).fill("2030-06-12");
  await editor.getByLabel(a.editor.endDate).fill("2030-06-13");
  await editor.getByLabel(a.editor.location).fill("Shelbyville, TN");
  await editor.getByLabel(a.editor.judges).fill("Jimmy McConnell");
  await editor
    .getByLabel(a.editor.paste)
    .fill(
      "Wednesday Night (Jun 12)\n12 Two Year Old Walking Colts\nClass 36A Amateur Country Pleasure\n37 Youth 12-17 Trail Pleasure",
    );
  await editor.getByRole("button", { name: a.editor.addPasted }).click();
  await expect(editor.getByText(a.editor.pasted(3, 0, 0))).toBeVisible();
  await expect(editor.getByRole("group", { name: a.editor.classes(3) })).toBeVisible();
  // Reorder with the keyboard: Youth moves above Amateur, and focus stays on the button that moved it.
  const up = editor.getByRole("button", { name: a.editor.moveUp("Youth 12-17 Trail Pleasure") });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(editor.getByLabel(a.editor.nameOf(2), { exact: true })).toHaveValue(
    "Youth 12-17 Trail Pleasure",
  );
  await expect(
    editor.getByRole("button", { name: a.editor.moveUp("Youth 12-17 Trail Pleasure") }),
  ).toBeFocused();
  await editor.getByRole("button", { name: a.editor.saveShow }).click();
  await expect(banner(page)).toHaveText(a.showSaved(name));
  await expect(editor).toBeHidden();

  const showId = sql<{ id: string }>("select id from show where name = ?", name)!.id;
  await page.goto(`/shows/${showId}`);
  await expect(page.getByRole("button", { name: "12 Two Year Old Walking Colts" })).toBeVisible();
  await expect(page.getByRole("button", { name: "36A Amateur Country Pleasure" })).toBeVisible();
  // The pasted heading became the show's session (show day).
  await expect(page.getByRole("heading", { level: 4, name: "Wednesday Night · Main Ring" })).toBeVisible();
  // Found by name: a show in 2030 is past the first page once other specs' shows are upcoming.
  await page.goto(`/planner?name=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();

  // Riley enters a class; moving the show's dates tells Riley (ShowUpdate).
  const riley = await personIn(browser, baseURL!, DEMO.rider, { serviceWorkers: "allow" });
  const entered = await riley.context.request.put(`/api/shows/${showId}/classes/class-12/entries`, {
    headers: { origin: baseURL! },
    data: { entries: [{ status: "Interested", horseId: null, riderId: null }] },
  });
  expect(entered.status(), await entered.text()).toBe(200);

  await page.goto("/admin");
  const panel = showsPanel(page);
  await panel.getByRole("searchbox").fill(name);
  await panel.getByRole("button", { name: a.editLabel(name) }).click();
  const edit = page.getByRole("dialog", { name: a.shows.editShow });
  await expect(edit.getByLabel(a.editor.nameOf(1), { exact: true })).toHaveValue(
    "Two Year Old Walking Colts",
  );
  // Long class names are shown whole (the field wraps and grows); a desktop gives the editor its width.
  await edit.getByLabel(a.editor.nameOf(2), { exact: true }).fill(LONG_NAME);
  for (const [width, height] of [
    [360, 740],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    // From 1024 px the classes are a list with the chosen class's form beside it (ADR 048).
    if (width === 1280)
      await edit.getByRole("listbox", { name: a.editor.classList }).getByRole("option").nth(1).click();
    const field = edit.getByLabel(a.editor.nameOf(2), { exact: true });
    const box = await field.boundingBox();
    expect(await field.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    if (width === 1280) expect((await edit.boundingBox())!.width).toBeGreaterThan(900);
    else expect(box!.height).toBeGreaterThan(60);
    await page.screenshot({ path: `test-results/show-editor-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await edit.getByLabel(a.editor.nameOf(2), { exact: true }).fill("Youth 12-17 Trail Pleasure");
  await edit.getByLabel(a.editor.endDate).fill("2030-06-14");
  // A class dated outside the show's days is refused before it is sent, naming the class (issue 23).
  await edit.getByLabel(a.editor.dateOf(1), { exact: true }).fill("2030-06-20");
  await edit.getByRole("button", { name: a.editor.saveShow }).click();
  await expect(
    edit.getByText(prizeListTexts.outsideDates("12", "2030-06-20", "2030-06-12", "2030-06-14")),
  ).toBeVisible();
  await edit.getByLabel(a.editor.dateOf(1), { exact: true }).fill("2030-06-14");
  await edit.getByRole("button", { name: a.editor.saveShow }).click();
  await expect(banner(page)).toHaveText(a.showSaved(name));
  await riley.page.goto("/notifications");
  await expect(
    riley.page.getByText(
      notificationsTexts.showUpdate(name, [notificationsTexts.changedDates("2030-06-12", "2030-06-14")]),
    ),
  ).toBeVisible();
  await riley.context.close();
  expect(
    sql<{ date: string }>("select date from show_class where show_id = ? and id = 'class-12'", showId)?.date,
  ).toBe("2030-06-14");

  await panel.getByRole("button", { name: a.deleteLabel(name) }).click();
  const confirm = page.getByRole("alertdialog", { name: a.confirmDeleteTitle(name) });
  await confirm.getByRole("button", { name: a.delete }).click();
  await expect(banner(page)).toHaveText(a.deleted(name));
  await page.goto("/planner");
  await expect(page.getByRole("heading", { level: 1, name: plannerTexts.title })).toBeVisible();
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
});

test("an admin imports the shared calendar CSV and the same calendar as .ics, never twice", async ({
  page,
}) => {
  const cal = a.calendar;
  const section = page.getByRole("region", { name: cal.heading });
  const rows = 32;
  await section.getByLabel(cal.file).setInputFiles(join(FIXTURES, "shows-calendar.csv"));
  await section.getByRole("button", { name: cal.previewFile }).click();
  // On a phone the preview is a list of cards (a table from 640 px).
  await expect(section.getByRole("list", { name: cal.newShows(rows) })).toBeVisible();
  await expect(section.getByText(cal.problems(0))).toHaveCount(0);
  await section.getByRole("button", { name: cal.import(rows) }).click();
  const summary = section.getByRole("region", { name: cal.summaryTitle });
  await expect(summary.getByText(cal.summaryNew(rows), { exact: true })).toBeVisible();
  await summary.getByRole("button", { name: cal.dismiss }).click();
  await expect(summary).toHaveCount(0);

  for (const file of ["shows-calendar.ics", "shows-calendar.csv"]) {
    await section.getByLabel(cal.file).setInputFiles(join(FIXTURES, file));
    await section.getByRole("button", { name: cal.previewFile }).click();
    await expect(section.getByRole("list", { name: cal.existing(rows) })).toBeVisible();
    await expect(section.getByRole("list", { name: /^New shows/ })).toHaveCount(0);
    await expect(section.getByText(cal.nothing)).toBeVisible();
  }
  expect(sql<{ n: number }>("select count(*) as n from show where name = 'Money Tree Classic'")?.n).toBe(1);
});

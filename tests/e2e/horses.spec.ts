import { barnTexts } from "../../src/domain/texts/barn.ts";
import { errorsTexts } from "../../src/domain/texts/errors.ts";
import { horsesTexts } from "../../src/domain/texts/horses.ts";
import { profileTexts } from "../../src/domain/texts/profile.ts";
import { DEMO, expect, openE2eDatabase, test } from "./fixtures.ts";
import {
  createHorse,
  expectModalClosesEveryWay,
  horseIdByName,
  pngBytes,
  uniqueName,
} from "./horses-helpers.ts";

const t = horsesTexts;

test("Your Horses: empty state, Add New Horse with validation, then the new horse's detail and card", async ({
  page,
  signUpAs,
  axe,
}) => {
  const me = await signUpAs({ name: uniqueName("Hal") });
  await page.goto("/horses");
  await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
  await expect(page.getByText(t.empty)).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);

  await page.getByRole("button", { name: t.addHorse }).click();
  const dialog = page.getByRole("dialog", { name: t.addTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: t.saveHorse }).click();
  await expect(dialog.getByText("Name is required.")).toBeVisible();
  await expect(dialog.getByText("Date of birth is required.")).toBeVisible();
  await expect(dialog.getByRole("radio", { name: t.no })).toBeChecked();
  // The one horse form (issue 24): owners with their hint, trainers; each field labelled, its error tied to it.
  await expect(dialog.getByLabel(t.name)).toHaveAccessibleDescription("Name is required.");
  await expect(dialog.getByRole("group", { name: t.owners })).toHaveAccessibleDescription(t.creatorIsOwner);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: "test-results/screens/horse-form-360.png" });
  await page.setViewportSize({ width: 390, height: 844 });

  const name = uniqueName("Velvet");
  await dialog.getByLabel(t.name).fill(name);
  await dialog.getByLabel(t.dateOfBirth).fill("2019-04-18");
  await dialog.getByLabel(t.gender).selectOption("Filly");
  await dialog.getByText(t.yes, { exact: true }).click();
  await dialog.getByRole("checkbox", { name: "Youth" }).check();
  await dialog.getByRole("checkbox", { name: "Trail Pleasure" }).check();
  const trainers = dialog.getByRole("group", { name: t.trainers });
  await trainers.getByRole("checkbox", { name: "Wade Harlan" }).check();
  const owners = dialog.getByRole("group", { name: t.owners });
  await expect(owners.getByRole("checkbox", { name: "Avery Morgan" })).toHaveCount(0);
  await expect(owners.getByRole("checkbox", { name: me.name })).toHaveCount(0);
  await dialog.getByRole("button", { name: t.saveHorse }).click();

  await expect(page).toHaveURL(/\/horses\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("Filly")).toBeVisible();
  await expect(page.getByText(/^\d+ years? \(born Apr 18, 2019\)$/)).toBeVisible();
  await expect(page.getByText("Youth", { exact: true })).toBeVisible();
  await expect(page.getByText("Trail Pleasure", { exact: true })).toBeVisible();
  const ownerPanel = page.locator("section", { has: page.getByRole("heading", { name: t.owners }) });
  await expect(ownerPanel.getByText(me.name)).toBeVisible();
  const trainerPanel = page.locator("section", { has: page.getByRole("heading", { name: t.trainers }) });
  await expect(trainerPanel.getByText("Wade Harlan")).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);

  await page.getByRole("link", { name: t.title }).click();
  const card = page.getByRole("link", { name: new RegExp(name) });
  await expect(card).toContainText("Filly");
  await card.click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
});

test("owner edits details, changes the picture (bad files refused) and edits ownership", async ({
  page,
  signUpAs,
  baseURL,
}) => {
  const me = await signUpAs({ name: uniqueName("Ona") });
  const horse = await createHorse(page.request, baseURL!);
  await page.goto(`/horses/${horse.id}`);
  await expect(page.getByRole("heading", { name: horse.name })).toBeVisible();

  await page.getByRole("button", { name: t.editDetails }).click();
  const edit = page.getByRole("dialog", { name: t.editTitle });
  const renamed = uniqueName("Renamed");
  await edit.getByLabel(t.name).fill(renamed);
  await edit.getByText(t.yes, { exact: true }).click();
  await edit.getByRole("button", { name: t.save, exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("heading", { name: renamed })).toBeVisible();

  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await expect(page.getByRole("alert")).toContainText("That file is not a picture.");
  await fileInput.setInputFiles({ name: "horse.png", mimeType: "image/png", buffer: await pngBytes() });
  const img = page.getByRole("img", { name: t.pictureOf(renamed) });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(640);

  await page.getByRole("button", { name: t.editOwnership }).click();
  const ownership = page.getByRole("dialog", { name: t.editOwnership });
  const owners = ownership.getByRole("group", { name: t.owners });
  const save = ownership.getByRole("button", { name: t.save, exact: true });
  await expect(save).toBeEnabled();
  await expect(ownership.getByText(t.needOwner)).toBeHidden();
  // With no owner ticked, Save is disabled and says why (visibly, and as the button's description).
  await owners.getByRole("checkbox", { name: me.name }).uncheck();
  await expect(save).toBeDisabled();
  await expect(ownership.getByText(t.needOwner)).toBeVisible();
  await expect(save).toHaveAccessibleDescription(t.needOwner);
  await owners.getByRole("checkbox", { name: me.name }).check();
  await expect(ownership.getByText(t.needOwner)).toBeHidden();
  await ownership
    .getByRole("group", { name: t.owners })
    .getByRole("checkbox", { name: "Riley Dunn" })
    .check();
  await ownership
    .getByRole("group", { name: t.trainers })
    .getByRole("checkbox", { name: "Wade Harlan" })
    .check();
  await ownership.getByRole("button", { name: t.save, exact: true }).click();
  await expect(ownership).toBeHidden();
  const ownerPanel = page.locator("section", { has: page.getByRole("heading", { name: t.owners }) });
  await expect(ownerPanel.getByText("Riley Dunn")).toBeVisible();
  const trainerPanel = page.locator("section", { has: page.getByRole("heading", { name: t.trainers }) });
  await expect(trainerPanel.getByText("Wade Harlan")).toBeVisible();
});

test("what each person may do: a stranger only shares and records; a trainer edits but not ownership", async ({
  page,
  signInAs,
}) => {
  const midnight = horseIdByName("Midnight Masterpiece");
  await signInAs(DEMO.rider, `/horses/${midnight}`);
  await expect(page.getByRole("heading", { name: "Midnight Masterpiece" })).toBeVisible();
  await expect(page.getByRole("button", { name: t.shareSchedule })).toBeVisible();
  await expect(page.getByRole("button", { name: t.addRecord })).toBeVisible();
  await expect(page.getByRole("button", { name: t.changePicture })).toHaveCount(0);
  await expect(page.getByRole("button", { name: t.editDetails })).toHaveCount(0);
  await expect(page.getByRole("button", { name: t.editOwnership })).toHaveCount(0);
  const denied = await page.request.put(`/api/horses/${midnight}/ownership`, {
    headers: { origin: new URL(page.url()).origin },
    data: { ownerIds: ["x"], trainerIds: [] },
  });
  expect(denied.status()).toBe(403);

  await signInAs(DEMO.trainer, `/horses/${midnight}`);
  await page.reload();
  await expect(page.getByRole("button", { name: t.editDetails })).toBeVisible();
  await expect(page.getByRole("button", { name: t.changePicture })).toBeVisible();
  await expect(page.getByRole("button", { name: t.editOwnership })).toHaveCount(0);
});

test("an unknown horse shows 'Horse not found' and leads back to Your Horses", async ({ page, signInAs }) => {
  await signInAs(DEMO.owner, "/horses/no-such-horse");
  await expect(page.getByText(errorsTexts.horseNotFound)).toBeVisible();
  await page.getByRole("link", { name: t.backToHorses }).click();
  await expect(page).toHaveURL(/\/horses$/);
  await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
});

test("Share Schedule shows upcoming showings as text, copies it, and closes every way", async ({
  page,
  context,
  signUpAs,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpAs({ name: uniqueName("Sky") });
  const horse = await createHorse(page.request, baseURL!);
  const me = await (await page.request.get("/api/me")).json();
  const db = openE2eDatabase();
  const cls = db
    .prepare(
      "select s.id as showId, c.id as classId, c.name as className from show s join show_class c on c.show_id = s.id where s.name = ? order by c.position limit 1",
    )
    .get("Celina Lions Club Horse Show") as { showId: string; classId: string; className: string };
  db.prepare(
    "insert into class_entry (id, user_id, show_id, class_id, status, horse_id, rider_id, placing, created_by, created_at) values (?, ?, ?, ?, 'HorseIsShowing', ?, null, null, ?, ?)",
  ).run(crypto.randomUUID(), me.id, cls.showId, cls.classId, horse.id, me.id, new Date().toISOString());
  db.close();

  await page.goto(`/horses/${horse.id}`);
  const open = () => page.getByRole("button", { name: t.shareSchedule });
  await open().click();
  const dialog = page.getByRole("dialog", { name: t.scheduleTitle(horse.name) });
  const text = dialog.getByRole("textbox", { name: t.scheduleLabel });
  await expect(text).toHaveValue(
    new RegExp(`Celina Lions Club Horse Show[\\s\\S]*${cls.className.replace(/[()]/g, ".")}`),
  );
  await expect(text).toHaveAttribute("readonly", "");
  await dialog.getByRole("button", { name: t.copyToClipboard }).click();
  await expect(dialog.getByRole("button", { name: barnTexts.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("Celina Lions Club Horse Show");
  await expect(dialog.getByRole("button", { name: t.copyToClipboard })).toBeVisible({ timeout: 4000 });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await expectModalClosesEveryWay(page, open, t.scheduleTitle(horse.name));
});

test("Add Record on a horse: all fields required, then the record and the champion badge appear", async ({
  page,
  signUpAs,
  baseURL,
}) => {
  const me = await signUpAs({ name: uniqueName("Cam") });
  const horse = await createHorse(page.request, baseURL!);
  await page.goto(`/horses/${horse.id}`);
  await expect(page.getByText(profileTexts.noRecords)).toBeVisible();
  await page.getByRole("button", { name: t.addRecord }).click();
  const dialog = page.getByRole("dialog", { name: profileTexts.addRecordTitle });
  await expect(dialog.getByText(profileTexts.addRecordSubtitle)).toBeVisible();
  await expect(dialog.getByLabel(profileTexts.horse)).toHaveValue(horse.id);
  await dialog.getByRole("button", { name: profileTexts.saveRecord }).click();
  await expect(dialog.getByRole("alert")).toHaveText(errorsTexts.fillAllFields);

  await dialog.getByRole("combobox", { name: profileTexts.showName }).fill("87th National Celebration");
  await dialog.getByLabel(profileTexts.className).fill("Walking Horse World Grand Championship");
  await dialog.getByLabel(profileTexts.date).fill("2025-08-30");
  await dialog.getByLabel(profileTexts.placing).selectOption("1");
  await dialog.getByLabel(profileTexts.rider).selectOption({ label: me.name });
  await dialog.getByRole("button", { name: profileTexts.saveRecord }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Walking Horse World Grand Championship")).toBeVisible();
  await expect(page.getByText(profileTexts.placingLine("1st"))).toBeVisible();
  await expect(page.getByText("World Grand Champion", { exact: true })).toBeVisible();
});

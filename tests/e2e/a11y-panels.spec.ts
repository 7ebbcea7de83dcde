import { adminTexts } from "../../src/domain/texts/admin.ts";
import { adminAiTexts } from "../../src/domain/texts/admin-ai.ts";
import { errorsTexts } from "../../src/domain/texts/errors.ts";
import { scheduleEditorTexts } from "../../src/domain/texts/schedule-editor.ts";
import { showDayTexts } from "../../src/domain/texts/show-day.ts";
import { renderPrizeListPdf } from "../support/class-list-images.ts";
import { fixtureShows, layoutPrizeList } from "../support/prize-list.ts";
import {
  closeDialog,
  dialog,
  expectAccessibleDialog,
  expectAccessibleScreen,
  expectNoAxeViolations,
  h1,
  PHONE,
} from "./a11y-helpers.ts";
import { CELEBRATION, showIdByName } from "./entries-helpers.ts";
import { DEMO, expect, test } from "./fixtures.ts";

/**
 * The Admin Panel's and show day's screens and dialogs at 360 px, as a11y.spec.ts checks the others: their
 * own document title, 0 axe violations, dialogs with a name and a real description or none.
 */
test.use({ viewport: PHONE });
// Each test runs axe a handful of times (a few seconds each on a loaded machine); the time limit, not the
// behaviour, is what the 30 s default would test.
test.describe.configure({ timeout: 120_000 });

/** The demo's show on today, its session running (src/server/db/seed/demo-show-day.ts). */
const RUNNING_SHOW = { name: "Eagleville Lions Club Horse Show" };

test("admin panel: the screen, the user dialogs, the delete confirmation and the admin alert", async ({
  page,
  signInAs,
}) => {
  const a = adminTexts;
  await signInAs(DEMO.admin, "/admin");
  await expectAccessibleScreen(page, { title: a.title, ready: page.getByText("Avery Morgan").first() });
  await page.getByRole("button", { name: a.addUser }).click();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: a.addUser });
  await closeDialog(page);
  await page.getByRole("button", { name: a.editLabel("Casey Whitfield") }).click();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: a.editUser });
  await closeDialog(page);
  await page.getByRole("button", { name: a.deleteLabel("Casey Whitfield") }).click();
  await expectAccessibleDialog(page.getByRole("alertdialog"), {
    name: a.confirmDeleteTitle("Casey Whitfield"),
  });
  await closeDialog(page);
  await page.getByRole("button", { name: a.deleteLabel("Avery Morgan") }).click();
  await expectAccessibleDialog(page.getByRole("alertdialog"), { name: errorsTexts.adminsCannotBeDeleted });
  await closeDialog(page);
});

test("admin panel: the Horses tab, its dialog, and the show editor (new, with pasted classes, and edit)", async ({
  page,
  signInAs,
}) => {
  const a = adminTexts;
  await signInAs(DEMO.admin, "/admin");
  await expect(h1(page, a.title)).toBeVisible();
  await page.getByRole("tab", { name: a.horses }).click();
  await expect(page.getByRole("tabpanel").getByRole("listitem").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: a.addHorse }).click();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: a.addHorse });
  await closeDialog(page);

  await page.getByRole("button", { name: a.shows.newShow }).click();
  const editor = page.getByRole("dialog");
  await editor
    .getByLabel(a.editor.paste)
    .fill("12 Two Year Old Walking Colts\nClass 36A Amateur Country Pleasure");
  await editor.getByRole("button", { name: a.editor.addPasted }).click();
  await expectAccessibleDialog(editor, { name: a.shows.newShow });
  await closeDialog(page);
  await page
    .getByRole("button", { name: a.editLabel(CELEBRATION) })
    .first()
    .click();
  await expect(page.getByRole("dialog").getByLabel(a.editor.nameOf(1), { exact: true })).toBeVisible();
  await expectAccessibleDialog(page.getByRole("dialog"), { name: a.shows.editShow });
  await closeDialog(page);
});

test("the admin AI cards: their errors, a predicted show's preview and a class-list preview", async ({
  page,
  signInAs,
}) => {
  const t = adminAiTexts;
  const pdf = await renderPrizeListPdf(
    layoutPrizeList(fixtureShows().find((s) => s.title.startsWith("46th Celina"))!),
  );
  await signInAs(DEMO.admin, "/admin");
  const prediction = page.getByRole("region", { name: t.predictionTitle });
  const importer = page.getByRole("region", { name: t.importTitle });
  await prediction.getByRole("button", { name: t.predict }).click();
  await importer.getByRole("button", { name: t.readList }).click();
  await expect(importer.getByRole("alert")).toHaveText(errorsTexts.selectImageFirst);
  await expectAccessibleScreen(page, { title: adminTexts.title, ready: prediction.getByRole("alert") });

  await prediction.getByLabel(t.findShow).fill("Celina Lions");
  const option = prediction.getByRole("option", { name: /^Celina Lions Club Horse Show —/ });
  await expect(option).toHaveCount(1);
  await prediction.getByLabel(t.show, { exact: true }).selectOption((await option.getAttribute("value"))!);
  await prediction.getByRole("button", { name: t.predict }).click();
  await expectAccessibleDialog(page.getByRole("dialog", { name: t.previewTitle }), { name: t.previewTitle });
  await closeDialog(page);

  await importer
    .getByLabel(t.file)
    .setInputFiles({ name: "list.pdf", mimeType: "application/pdf", buffer: pdf });
  await importer.getByRole("button", { name: t.readList }).click();
  await expect(importer.getByLabel(t.showName)).toBeVisible({ timeout: 60_000 });
  await importer.getByRole("button", { name: t.addToShow }).click();
  await expectNoAxeViolations(page);
});

test("show day: Ring control and its scratch dialog, the live ring bar, and the session editor", async ({
  page,
  signInAs,
}) => {
  const r = showDayTexts.ring;
  const running = showIdByName(RUNNING_SHOW.name);
  await signInAs(DEMO.admin, `/shows/${running}/ring`);
  await expectAccessibleScreen(page, { title: r.title, ready: h1(page, r.title) });
  await page
    .getByRole("button", { name: /^Scratch class / })
    .first()
    .click();
  await expectAccessibleDialog(dialog(page), { name: /^Scratch class / });
  await closeDialog(page);

  await page.goto(`/shows/${running}`);
  await expect(page.getByTestId("live-ring-bar")).toContainText(showDayTexts.live.inRing);
  await expect(page.getByRole("link", { name: r.open })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/admin");
  await page.getByRole("button", { name: scheduleEditorTexts.openLabel(RUNNING_SHOW.name) }).click();
  await expect(dialog(page).getByRole("combobox", { name: scheduleEditorTexts.timeZone })).toBeVisible();
  await expectAccessibleDialog(dialog(page), { name: scheduleEditorTexts.title(RUNNING_SHOW.name) });
  await closeDialog(page);
});

import { readFile } from "node:fs/promises";
import { CALENDAR_SAMPLE_CSV } from "../../src/domain/imports/calendar-import.ts";
import { adminTexts } from "../../src/domain/texts/admin.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, test } from "./fixtures.ts";

/**
 * Issue 23, item 6: a calendar import an admin can follow — what it reads (with a sample CSV), what
 * differs for a show already present, a summary that stays until dismissed, cards on a phone.
 */

const cal = adminTexts.calendar;

test("the calendar import says what it reads, what differs, and what it did until dismissed", async ({
  signInAs,
  page,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const csv = (org: string) =>
    [
      "name,start_date,end_date,city,state,sanctioning_org",
      `Calendar Card Show ${tag},2031-04-16,2031-04-17,Columbia,TN,WHOA`,
      `"Long Named Spring Jubilee and Celebration Preview Horse Show ${tag}",2031-04-23,2031-04-24,Lewisburg,TN,${org}`,
      `No Date Show ${tag},,,Lewisburg,TN,`,
      "",
    ].join("\n");
  const file = (text: string) => ({ name: "season.csv", mimeType: "text/csv", buffer: Buffer.from(text) });

  await page.setViewportSize(PHONE);
  await signInAs(DEMO.admin, "/admin");
  const section = page.getByRole("region", { name: cal.heading });

  // What it reads, and a sample to start from.
  await section.getByText(cal.readsTitle).click();
  await expect(section.getByText(cal.csvColumns)).toBeVisible();
  await expect(section.getByText(cal.icsFields)).toBeVisible();
  const download = page.waitForEvent("download");
  await section.getByRole("link", { name: cal.sample }).click();
  const sample = await download;
  expect(sample.suggestedFilename()).toBe(cal.sampleFile);
  expect(await readFile((await sample.path())!, "utf8")).toBe(CALENDAR_SAMPLE_CSV);

  // At 360 px the preview is a list of cards: nothing scrolls sideways.
  await section.getByLabel(cal.file).setInputFiles(file(csv("WHOA")));
  await section.getByRole("button", { name: cal.previewFile }).click();
  const fresh = section.getByRole("list", { name: cal.newShows(2) });
  await expect(fresh).toBeVisible();
  await expect(section.getByRole("table")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/calendar-import-360-preview.png", fullPage: true });

  // The result stays as a summary, with the unreadable row and why, until dismissed.
  await section.getByRole("button", { name: cal.import(2) }).click();
  const summary = section.getByRole("region", { name: cal.summaryTitle });
  await expect(summary.getByText(cal.summaryNew(2), { exact: true })).toBeVisible();
  await expect(summary.getByText(cal.summaryUpdated(0), { exact: true })).toBeVisible();
  await expect(summary.getByText(cal.summarySkipped(0), { exact: true })).toBeVisible();
  await expect(summary.getByText(cal.summaryUnreadable(1), { exact: true })).toBeVisible();
  await expect(summary.getByText("No start date.", { exact: false })).toBeVisible();
  await page.waitForTimeout(5_000);
  await expect(summary).toBeVisible();
  await page.screenshot({ path: "test-results/calendar-import-360-summary.png", fullPage: true });
  await summary.getByRole("button", { name: cal.dismiss }).click();
  await expect(summary).toHaveCount(0);

  // The same calendar with a new org: "Differs" says what differs, and the update takes it.
  await section.getByLabel(cal.file).setInputFiles(file(csv("TWHBEA")));
  await section.getByRole("button", { name: cal.previewFile }).click();
  const present = section.getByRole("list", { name: cal.existing(2) });
  await expect(
    present.getByText(cal.differs(cal.difference(cal.field.sanctioningOrg, "WHOA", "TWHBEA"))),
  ).toBeVisible();
  await expect(present.getByText(cal.same)).toHaveCount(1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(section.getByRole("table", { name: cal.existing(2) })).toBeVisible();
  await page.screenshot({ path: "test-results/calendar-import-1280-preview.png", fullPage: true });
  await section.getByRole("radio", { name: cal.update }).check();
  await section.getByRole("button", { name: cal.import(1) }).click();
  await expect(summary.getByText(cal.summaryUpdated(1), { exact: true })).toBeVisible();
  await expect(summary.getByText(cal.summarySkipped(1), { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "section[aria-labelledby='admin-calendar']");
});

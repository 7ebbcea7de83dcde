import type { Locator, Page } from "@playwright/test";
import { entriesTexts } from "../../src/domain/texts/entries.ts";
import { entryStatusTexts } from "../../src/domain/texts/entry-status.ts";
import { showTexts } from "../../src/domain/texts/show.ts";
import { expect, openE2eDatabase, untilShown } from "./fixtures.ts";

/** The id of a demo show, by its name. */
export function showIdByName(name: string): string {
  const db = openE2eDatabase();
  try {
    return (db.prepare("select id from show where name = ?").get(name) as { id: string }).id;
  } finally {
    db.close();
  }
}

export const CELEBRATION = "Tennessee Walking Horse National Celebration";
export const CELINA = "Celina Lions Club Horse Show";

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A class row's button: its accessible name is the class number followed by the class name (and, for a
 * class in a session with a time, its planned start: "≈ 7:14 PM").
 */
export const classButton = (page: Page, className: string) =>
  page.getByRole("button", { name: new RegExp(`^\\S+ ${escapeRegExp(className)}( ≈ .+)?$`) });

/** Opens a show's detail and the entry dialog of the class whose name matches. */
export async function openEntryDialog(page: Page, showName: string, className: string) {
  await page.goto(`/shows/${showIdByName(showName)}`);
  // Pages of other browser contexts than the test's own do not wait by themselves (fixtures.ts).
  await untilShown(page);
  await page.getByRole("searchbox", { name: showTexts.searchLabel }).fill(className);
  await classButton(page, className).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

/** In an open entry dialog: I'm Showing with `horseName`, saved; the dialog closes (online or queued offline). */
export async function saveShowing(dialog: Locator, horseName: string) {
  const e = { ...entryStatusTexts, ...entriesTexts };
  await dialog.getByRole("button", { name: e.statusLabels.ImShowing, exact: true }).click();
  await dialog
    .getByRole("combobox", { name: e.chooserName(e.horse, e.statusLabels.ImShowing) })
    .selectOption({ label: horseName });
  await dialog.getByRole("button", { name: e.save }).click();
  await expect(dialog).toBeHidden();
}

import type { Locator, Page } from "@playwright/test";
import { adminAiTexts } from "../../src/domain/texts/admin-ai.ts";
import { prizeListTexts } from "../../src/domain/texts/prize-lists.ts";

/** The import preview's rows (0-based) marked "Check this line", read from each row's described note. */
export async function flaggedRows(page: Page, card: Locator, rows: number): Promise<number[]> {
  const flagged: number[] = [];
  for (let i = 0; i < rows; i++) {
    const described = await card
      .getByLabel(adminAiTexts.classNumber(i + 1), { exact: true })
      .getAttribute("aria-describedby");
    const note = described ? await page.locator(`[id="${described}"]`).textContent() : null;
    if (note?.includes(prizeListTexts.checkLine)) flagged.push(i);
  }
  return flagged;
}

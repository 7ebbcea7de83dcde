import { format } from "date-fns";
import { resolveDateWithoutYear } from "../../src/domain/imports/dates-without-year.ts";
import { previewSessionHeading } from "../../src/domain/imports/preview-words.ts";
import { adminAiTexts } from "../../src/domain/texts/admin-ai.ts";
import { prizeListTexts } from "../../src/domain/texts/prize-lists.ts";
import {
  corpusSheets,
  normaliseName,
  normaliseNumber,
  type TruthClass,
} from "../support/prize-list-corpus.ts";
import { expectNoAxeViolations } from "./a11y-helpers.ts";
import { DEMO, expect, openE2eDatabase, test } from "./fixtures.ts";
import { flaggedRows } from "./prize-list-helpers.ts";
import { expectSideBySide } from "./wide-helpers.ts";

/**
 * Issue 37, "done when": a phone photo from the independent corpus (s02: a one-column list on a table,
 * turned −3.2°, keystone, window light, JPEG q68; tests/fixtures/prize-lists) is read in the browser, the
 * preview says how surely, the admin fixes only the lines it marks, and the show saved is the printed
 * list, class for class. Screenshots of the preview at 360 and 1280 px go to test-results/.
 */

const t = adminAiTexts;
const p = prizeListTexts;
const sheet = corpusSheets(undefined, ["s02"])[0]!;
const same = (c: TruthClass, number: string, name: string) =>
  normaliseNumber(c.number) === normaliseNumber(number) && normaliseName(c.name) === normaliseName(name);

for (const width of [360, 1280]) {
  test(`a photographed prize list from the corpus becomes its show, fixing only the marked lines (${width} px)`, async ({
    signInAs,
    page,
  }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(DEMO.admin, "/#/admin");
    const card = page.getByRole("region", { name: t.importTitle });
    await card
      .getByLabel(t.file)
      .setInputFiles({ name: sheet.truth.image, mimeType: "image/jpeg", buffer: sheet.bytes });
    await card.getByRole("button", { name: t.readList }).click();
    const numbers = card.getByLabel(/^Number of class \d+$/);
    await expect(numbers.first()).toBeVisible({ timeout: 300_000 });

    const rows = await numbers.count();
    const flagged = await flaggedRows(page, card, rows);
    // The preview says how surely the whole list was read, in the catalogue's words.
    await expect(card.getByText(p.readSurely(rows - flagged.length, rows, flagged.length))).toBeVisible();
    const friday = resolveDateWithoutYear(
      { month: 6, day: 12, weekday: 5 },
      format(new Date(), "yyyy-MM-dd"),
    );
    await expect(
      card.getByRole("heading", { name: previewSessionHeading("FRIDAY NIGHT", friday.date, null) }),
    ).toBeVisible();
    // From 1024 px the photographed page stays beside the preview (issue 36, ADR 048); a phone shows the preview alone.
    const photo = card.getByRole("img", { name: t.sourceImage });
    if (width >= 1024) await expectSideBySide(photo, card.getByLabel(t.showName));
    else await expect(photo).toBeHidden();
    await page.screenshot({ path: `test-results/prize-list-corpus-${width}-preview.png`, fullPage: true });
    if (width === 360) await expectNoAxeViolations(page);

    // Every line the preview left unmarked is exactly as printed; the marked ones are fixed from the page.
    const left = [...sheet.truth.classes];
    for (let i = 0; i < rows; i++) {
      const numberField = card.getByLabel(t.classNumber(i + 1), { exact: true });
      const nameField = card.getByLabel(t.className(i + 1), { exact: true });
      const number = await numberField.inputValue();
      const name = await nameField.inputValue();
      if (!flagged.includes(i)) {
        const truth = left.find((c) => same(c, number, name));
        expect(truth, `unmarked line ${number} ${name}`).toBeDefined();
        left.splice(left.indexOf(truth!), 1);
        continue;
      }
      const truth = left.find((c) => normaliseNumber(c.number) === normaliseNumber(number))!;
      left.splice(left.indexOf(truth), 1);
      if (same(truth, number, name)) {
        // Right as read (its doubt was the line under it, or an unsure but right reading): confirmed.
        await card.getByRole("button", { name: p.looksRightLabel(i + 1) }).click();
      } else {
        await numberField.fill(truth.number);
        await nameField.fill(truth.name);
      }
    }
    expect(left, "classes the preview did not hold").toEqual([]);
    await expect(card.getByText(p.nothingToCheck, { exact: false })).toBeVisible();

    const name = `Smith County ${width} ${Date.now().toString(36)}`;
    await card.getByLabel(t.showName).fill(name);
    await card.getByRole("button", { name: t.createShow }).click();
    await expect(card.getByText(t.created(name, sheet.truth.classes.length))).toBeVisible();
    const db = openE2eDatabase();
    try {
      const show = db.prepare("select id, start_date from show where name = ?").get(name) as {
        id: string;
        start_date: string;
      };
      expect(show.start_date).toBe(friday.date);
      const saved = db
        .prepare("select number, name from show_class where show_id = ? order by position")
        .all(show.id) as { number: string; name: string }[];
      expect(saved.map((c) => `${c.number} ${normaliseName(c.name)}`)).toEqual(
        sheet.truth.classes.map((c) => `${c.number} ${normaliseName(c.name)}`),
      );
    } finally {
      db.close();
    }
  });
}

import type { Page } from "@playwright/test";
import { addDays, addMonths } from "date-fns";
import { seasonTexts } from "../../src/domain/texts/season.ts";
import { openPdf } from "../support/pdf-read.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test, untilShown } from "./fixtures.ts";
import { createHorse, horseIdByName, uniqueName } from "./horses-helpers.ts";
import { createShow, enter, SHOTS, WIDE, ymd } from "./season-helpers.ts";

/**
 * The printed barn schedule (issue 25): print preview, the server's PDF, Large type, a trainer's whole
 * barn. Each test makes its own shows through the admin's API, in months no other spec uses.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const doc = await openPdf(bytes);
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
  }
  const pages = doc.numPages;
  await doc.destroy();
  // The font draws "fi", "fl" and "ff" as one glyph, which pdf.js gives as a text item of its own: "Whit fi eld",
  // and a show named "…92fiiayr" read "…92 fi iayr" (CI's run of a70b613). Joined back where both sides are
  // letters of the same word.
  const text = parts
    .join(" ")
    .replace(/(\S) (ffi|ffl|ff|fi|fl) (?=\S)/g, "$1$2")
    .replace(/\s+/g, " ");
  return { text, pages };
}

test("print preview of the barn schedule has the sheet and no navigation; the PDF downloads", async ({
  browser,
  baseURL,
}) => {
  const admin = await personIn(browser, baseURL!, DEMO.admin, { viewport: WIDE });
  const start = ymd(addDays(new Date(), 220));
  const name = uniqueName("Print Show");
  const showId = await createShow(admin.page, baseURL!, {
    name,
    startDate: start,
    endDate: start,
    classes: 4,
  });
  for (const viewport of [PHONE, WIDE]) {
    const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport });
    const page = owner.page;
    if (viewport === PHONE) {
      for (const classId of ["class-1", "class-3"])
        await enter(page, baseURL!, { showId, classId, horseId: horseIdByName("Midnight Masterpiece") });
    }
    await page.goto(`/shows/${showId}`);
    await page.getByRole("link", { name: "Print schedule" }).click();
    await expect(page).toHaveURL(new RegExp(`/shows/${showId}/print`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("print-line")).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/season-print-${viewport.width}.png`, fullPage: true });

    if (viewport === WIDE) {
      await page.emulateMedia({ media: "print" });
      const { text, pages } = await pdfText(await page.pdf({ format: "Letter", printBackground: true }));
      expect(pages).toBe(1);
      expect(text).toContain(name);
      expect(text).toMatch(/1 Class 1 Walking Horses Midnight Masterpiece/);
      expect(text).toMatch(/3 Class 3 Walking Horses Midnight Masterpiece/);
      expect(text.indexOf("Class 1 Walking")).toBeLessThan(text.indexOf("Class 3 Walking"));
      for (const chrome of [
        "Roster",
        "Planner",
        "Notifications",
        "Download PDF",
        "Large type",
        seasonTexts.print.back,
      ])
        expect(text, chrome).not.toContain(chrome);
      await page.emulateMedia({ media: "screen" });

      const href = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
      const res = await page.request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      const server = await pdfText(await res.body());
      expect(server.text).toContain(name);
      expect(server.text).toContain("Midnight Masterpiece");
    }
    await owner.context.close();
  }

  // Someone with no entries there is told so, with a way back.
  const other = await personIn(browser, baseURL!, DEMO.rider, { viewport: PHONE });
  await other.page.goto(`/shows/${showId}/print`);
  await expect(other.page.getByTestId("print-empty")).toHaveText(seasonTexts.print.noEntries);
  await other.page.getByRole("link", { name: seasonTexts.print.back }).click();
  await expect(other.page).toHaveURL(new RegExp(`/shows/${showId}$`));
  await other.context.close();
  await admin.context.close();
});

const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);
/** The sheet's elements whose right edge is past the viewport's (a scrolling box inside the page hides them). */
const pastRightEdge = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="print-sheet"] *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName} ${el.textContent?.slice(0, 30)}`),
  );

/** A line's Horse, Rider, Owner and time on screen, each with its column's name (issue 34 item 8). */
async function columnsOnScreen(page: Page) {
  const c = seasonTexts.print.columns;
  const line = page.getByTestId("print-line").first();
  for (const label of [c.horse, c.rider, c.owner, c.time]) {
    const cell = line.locator(`td[data-label="${label}"]`);
    // A phone's card leaves an empty cell out: a class with no session yet has no estimated time.
    if (label === c.time && !(await cell.textContent())?.trim()) continue;
    await expect(cell, label).toBeVisible();
    // Within the screen's width, by the page's own scroll alone (no sideways-scrolling box hides it).
    const box = (await cell.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(width + 0.5);
  }
  await expect(line.locator(`td[data-label="${c.horse}"]`)).toContainText("Midnight Masterpiece");
}

test("the printed schedule's Large type makes the sheet's text larger, fits a 360 px phone, and stays in the address", async ({
  browser,
  baseURL,
}) => {
  const admin = await personIn(browser, baseURL!, DEMO.admin, { viewport: WIDE });
  const start = ymd(addMonths(new Date(), 16));
  const name = uniqueName("Large Type Championship Horse Show of Middle Tennessee");
  // A 200-character class name must wrap, not push the page sideways.
  const long =
    `Amateur Owner Amateur Rider Country Pleasure Lite Shod Walking Horse Specialty ${"Championship ".repeat(10)}`
      .slice(0, 200)
      .trim();
  const showId = await createShow(admin.page, baseURL!, {
    name,
    startDate: start,
    endDate: start,
    classes: 2,
    classNames: [long],
  });
  await admin.context.close();
  const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport: PHONE });
  const page = owner.page;
  // Every column filled, the rider too (an empty cell is left out of a phone's card).
  const me = (await (await page.request.get("/api/me")).json()) as { id: string };
  for (const classId of ["class-1", "class-2"])
    await enter(page, baseURL!, {
      showId,
      classId,
      horseId: horseIdByName("Midnight Masterpiece"),
      riderId: me.id,
    });

  await page.goto(`/shows/${showId}/print`);
  // A lazy screen and its sheet: on a loaded machine that can take a while.
  await expect(page.getByTestId("print-line")).toHaveCount(2, { timeout: 30_000 });
  const line = '[data-testid="print-line"] td';
  const small = { line: await fontSize(page, line), title: await fontSize(page, "h1") };
  expect(await overflowsSideways(page)).toBe(false);
  expect(await pastRightEdge(page)).toEqual([]);
  await columnsOnScreen(page);
  await page.screenshot({ path: `${SHOTS}/season-print-small-360.png`, fullPage: true });

  const large = page.getByRole("checkbox", { name: seasonTexts.print.large });
  await expect(large).not.toBeChecked();
  // A click, then the state, as for unticking below: check() looks at once, and on CI's loaded machine met
  // the box not yet ticked while the address changed in its transition.
  await large.click();
  await expect(large).toBeChecked();
  await expect(page).toHaveURL(/[?&]large=1/);
  await expect.poll(() => fontSize(page, line)).toBeGreaterThan(small.line);
  expect(await fontSize(page, "h1")).toBeGreaterThan(small.title);
  expect(await overflowsSideways(page)).toBe(false);
  expect(await pastRightEdge(page)).toEqual([]);
  await columnsOnScreen(page);
  // On a phone the QR code goes under the title, which keeps the whole width for its large words.
  const title = await page.locator("h1").boundingBox();
  const qr = await page.getByRole("img", { name: seasonTexts.print.scan }).boundingBox();
  expect(qr!.y).toBeGreaterThanOrEqual(title!.y + title!.height);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/season-print-large-360.png`, fullPage: true });
  // The server's PDF is asked for in the same type.
  await expect(page.getByRole("link", { name: seasonTexts.print.download })).toHaveAttribute(
    "href",
    /[?&]large=1/,
  );

  // The choice is in the address: a reload (or the link shared) keeps it.
  await page.reload();
  await untilShown(page);
  await expect(page.getByRole("checkbox", { name: seasonTexts.print.large })).toBeChecked();
  expect(await fontSize(page, line)).toBeGreaterThan(small.line);
  expect(await overflowsSideways(page)).toBe(false);

  // A click, then the state: the address changes in a transition, and the box shows the new state when it
  // commits (uncheck() looks at once, and on a loaded machine met the box still ticked).
  await page.getByRole("checkbox", { name: seasonTexts.print.large }).click();
  await expect(page.getByRole("checkbox", { name: seasonTexts.print.large })).not.toBeChecked();
  await expect(page).not.toHaveURL(/large=/);
  await expect.poll(() => fontSize(page, line)).toBe(small.line);

  // From 640 px, and on paper, the sheet is a table whose column headings show.
  for (const width of [640, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const label of Object.values(seasonTexts.print.columns))
      await expect(page.getByRole("columnheader", { name: label, exact: true }).first()).toBeVisible();
    await columnsOnScreen(page);
  }
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/season-print-1280.png`, fullPage: true });
  await owner.context.close();
});

test("a trainer's printed schedule: Whole barn adds the barn's horses' entries, My entries only the trainer's; the address keeps it", async ({
  browser,
  baseURL,
}) => {
  const admin = await personIn(browser, baseURL!, DEMO.admin, { viewport: WIDE });
  const start = ymd(addMonths(new Date(), 18));
  const name = uniqueName("Barn Sheet Show");
  const showId = await createShow(admin.page, baseURL!, {
    name,
    startDate: start,
    endDate: start,
    classes: 4,
  });
  await admin.context.close();

  // The trainer's own entry; two of the barn's horses entered by their owners; a horse the trainer does not train.
  const trainer = await personIn(browser, baseURL!, DEMO.trainer, { viewport: PHONE });
  await enter(trainer.page, baseURL!, {
    showId,
    classId: "class-1",
    horseId: horseIdByName("Gold Rush Delight"),
    status: "ImShowing",
  });
  const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport: PHONE });
  await enter(owner.page, baseURL!, {
    showId,
    classId: "class-2",
    horseId: horseIdByName("Midnight Masterpiece"),
  });
  await owner.context.close();
  const rider = await personIn(browser, baseURL!, DEMO.rider, { viewport: PHONE });
  await enter(rider.page, baseURL!, {
    showId,
    classId: "class-3",
    horseId: horseIdByName("Sundance Jubilee"),
  });
  const stranger = await createHorse(rider.page.request, baseURL!);
  await enter(rider.page, baseURL!, { showId, classId: "class-4", horseId: stranger.id });
  await rider.context.close();

  const page = trainer.page;
  const trainerId = (await (await page.request.get("/api/me")).json()).id as string;
  await page.goto(`/shows/${showId}/print`);
  const lines = page.getByTestId("print-line");
  const mine = page.getByRole("button", { name: seasonTexts.print.mine });
  const barn = page.getByRole("button", { name: seasonTexts.print.barn });
  await expect(mine).toHaveAttribute("aria-pressed", "true");
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText("Gold Rush Delight");

  const barnSheet = async () => {
    await expect(barn).toHaveAttribute("aria-pressed", "true");
    await expect(lines).toHaveCount(3);
    const text = (await lines.allTextContents()).join(" | ");
    for (const horse of ["Gold Rush Delight", "Midnight Masterpiece", "Sundance Jubilee"])
      expect(text).toContain(horse);
    expect(text).not.toContain(stranger.name);
  };
  await barn.click();
  await expect(page).toHaveURL(new RegExp(`[?&]barn=${trainerId}`));
  await barnSheet();
  await expect(page.getByRole("link", { name: seasonTexts.print.download })).toHaveAttribute(
    "href",
    new RegExp(`[?&]barn=${trainerId}`),
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/season-print-barn-360.png`, fullPage: true });

  // The address keeps the choice: a reload shows the barn again.
  await page.reload();
  await barnSheet();

  await page.getByRole("button", { name: seasonTexts.print.mine }).click();
  await expect(page).not.toHaveURL(/barn=/);
  await expect(mine).toHaveAttribute("aria-pressed", "true");
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText("Gold Rush Delight");
  await trainer.context.close();
});

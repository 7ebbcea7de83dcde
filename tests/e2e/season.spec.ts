import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { addDays, addMonths, format, startOfMonth } from "date-fns";
import { seasonTexts } from "../../src/domain/texts/season.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test } from "./fixtures.ts";
import { createHorse, horseIdByName, uniqueName } from "./horses-helpers.ts";

/**
 * The season at a glance (issue 25): the month calendar on the planner and the roster, conflict
 * warnings on both entries, and the printed barn schedule. Each test makes its own shows through the
 * admin's API, in months no other spec uses.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const WIDE = { width: 1280, height: 800 };
const SHOTS = process.env.E2E_OUTPUT_DIR ?? "test-results/e2e";

async function createShow(
  admin: Page,
  baseURL: string,
  input: { name: string; startDate: string; endDate: string; classes?: number; classNames?: string[] },
): Promise<string> {
  const { classes = 3, classNames = [], ...show } = input;
  const res = await admin.request.post("/api/shows", {
    headers: { origin: baseURL },
    data: {
      ...show,
      location: "Shelbyville, TN",
      judges: ["Larry Wheelon"],
      classes: Array.from({ length: classes }, (_, i) => ({
        id: `class-${i + 1}`,
        name: classNames[i] ?? `Class ${i + 1} Walking Horses`,
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** Enters `horse` in a class of the show as whoever `page` is signed in as, through the real API. */
async function enter(
  page: Page,
  baseURL: string,
  at: { showId: string; classId: string; horseId: string; status?: string },
) {
  const res = await page.request.put(`/api/shows/${at.showId}/classes/${at.classId}/entries`, {
    headers: { origin: baseURL },
    data: { entries: [{ status: at.status ?? "HorseIsShowing", horseId: at.horseId }] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const ymd = (d: Date) => format(d, "yyyy-MM-dd");

test("the planner's calendar: switch to it, move a month, open a show from a day; axe at 360 and 1280", async ({
  browser,
  baseURL,
}) => {
  const admin = await personIn(browser, baseURL!, DEMO.admin, { viewport: WIDE });
  // Eleven months ahead: a month no demo data and no other spec fills.
  const month = addMonths(new Date(), 11);
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const name = uniqueName("Calendar Show");
  const showId = await createShow(admin.page, baseURL!, {
    name,
    startDate: ymd(addDays(first, 9)),
    endDate: ymd(addDays(first, 11)),
  });
  const before = addMonths(first, -1);

  for (const viewport of [WIDE, PHONE]) {
    const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport });
    const page = owner.page;
    await page.goto("/planner");
    // A tap in the instant before the app takes over the server's page is lost: tap again, like a person.
    await expect(async () => {
      await page.getByRole("button", { name: "Calendar" }).click();
      await expect(page).toHaveURL(/view=calendar/, { timeout: 1000 });
    }).toPass();
    const heading = page.getByTestId("calendar-month");
    await expect(heading).toHaveText(format(new Date(), "MMMM yyyy"));
    // The month is kept in the URL: a link (or a reload) opens the same month.
    await page.goto(`/planner?view=calendar&month=${format(before, "yyyy-MM")}`);
    await expect(heading).toHaveText(format(before, "MMMM yyyy"));
    await page.getByRole("button", { name: seasonTexts.calendar.next }).click();
    await expect(heading).toHaveText(format(first, "MMMM yyyy"));
    await expect(page).toHaveURL(new RegExp(`month=${format(first, "yyyy-MM")}`));

    // The show's second day announces it; arrow keys move by day.
    const day = ymd(addDays(first, 10));
    const cell = page.locator(`[role="gridcell"][data-day="${day}"]`);
    await expect(cell).toHaveAttribute("aria-label", new RegExp(`1 show: ${name}`));
    await cell.click({ position: { x: 16, y: 12 } });
    await page.keyboard.press("ArrowRight");
    await expect(page.locator(`[role="gridcell"][data-day="${ymd(addDays(first, 11))}"]`)).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(cell).toBeFocused();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/season-calendar-${viewport.width}.png`, fullPage: true });

    if (viewport === WIDE) {
      await page.getByTestId("calendar-bar").filter({ hasText: name }).first().click();
    } else {
      await page
        .getByTestId("calendar-agenda")
        .getByRole("link", { name: new RegExp(name) })
        .click();
    }
    await expect(page).toHaveURL(new RegExp(`/shows/${showId}`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await owner.context.close();
  }
  await admin.context.close();
});

test("a conflicting entry shows its warning on both entries, on the roster and show detail", async ({
  browser,
  baseURL,
}) => {
  const admin = await personIn(browser, baseURL!, DEMO.admin, { viewport: WIDE });
  const start = ymd(addDays(new Date(), 200));
  const name = uniqueName("Conflict Show");
  const showId = await createShow(admin.page, baseURL!, { name, startDate: start, endDate: start });
  const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport: PHONE });
  const page = owner.page;
  for (const classId of ["class-1", "class-2"])
    await enter(page, baseURL!, { showId, classId, horseId: horseIdByName("Midnight Masterpiece") });

  await page.goto("/roster");
  const card = page.getByRole("article").filter({ hasText: name });
  const warnings = card.getByTestId("entry-warning");
  await expect(warnings).toHaveCount(2);
  await expect(warnings.nth(0)).toHaveText(
    "Conflict: Midnight Masterpiece is also in class 2 Class 2 Walking Horses, the class after this one in the same session: no time to change tack.",
  );
  await expect(warnings.nth(1)).toContainText(
    "also in class 1 Class 1 Walking Horses, the class before this one",
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/season-conflict-roster-360.png`, fullPage: true });

  // The roster's calendar holds only my shows, starred, on their days.
  await page.goto(`/roster?view=calendar&month=${start.slice(0, 7)}&day=${start}`);
  await expect(page.locator(`[role="gridcell"][data-day="${start}"]`)).toHaveAttribute(
    "aria-label",
    new RegExp(`${name} \\(your entries\\)`),
  );
  await expect(
    page.getByTestId("calendar-agenda").getByRole("link", { name: new RegExp(name) }),
  ).toContainText(seasonTexts.calendar.mine);
  await expectNoAxeViolations(page);

  await page.goto(`/shows/${showId}`);
  const icons = page.getByTestId("entry-conflict");
  await expect(icons).toHaveCount(2);
  await icons.first().click();
  await expect(page.getByRole("tooltip")).toContainText("also in class 2 Class 2 Walking Horses");
  await page.screenshot({ path: `${SHOTS}/season-conflict-show-360.png` });
  await owner.context.close();
  await admin.context.close();
});

/** The text of a PDF, read back with pdfjs (the project's PDF reader). */
async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const root = fileURLToPath(new URL("../../node_modules/pdfjs-dist/", import.meta.url));
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl: `${root}standard_fonts/`,
    verbosity: 0,
  }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { text: parts.join(" ").replace(/\s+/g, " "), pages };
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

test("the wide calendar's \"+N more\" counts a day's shows past three lanes and opens the day, by pointer and by keyboard", async ({
  browser,
  baseURL,
}) => {
  const admin = await personIn(browser, baseURL!, DEMO.admin, { viewport: WIDE });
  // Fourteen months ahead: a month no demo data and no other spec fills, so these are its only shows.
  const first = startOfMonth(addMonths(new Date(), 14));
  const day = ymd(addDays(first, 14));
  // One show spans the day before to the day after (its bar takes the first lane, maybe in two weeks);
  // four more are on the day alone.
  const names: string[] = [];
  for (const letter of ["A", "B", "C", "D", "E"]) {
    const name = uniqueName(`Crowded ${letter}`);
    names.push(name);
    const long = letter === "A";
    await createShow(admin.page, baseURL!, {
      name,
      startDate: long ? ymd(addDays(first, 13)) : day,
      endDate: long ? ymd(addDays(first, 15)) : day,
      classes: 1,
    });
  }
  await admin.context.close();

  const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport: WIDE });
  const page = owner.page;
  await page.goto(`/planner?view=calendar&month=${format(first, "yyyy-MM")}`);
  const cell = page.locator(`[role="gridcell"][data-day="${day}"]`);
  await expect(cell).toHaveAttribute("aria-label", new RegExp(`5 shows: ${names.join(", ")}`));
  // The day's week holds three lanes of bars, then the count of the rest; the days either side hold one
  // show each and no count.
  const bars = page.locator('[role="row"]').filter({ has: cell }).getByTestId("calendar-bar");
  await expect(bars).toHaveCount(3);
  const more = page.getByTestId("calendar-more");
  await expect(more).toHaveCount(1);
  await expect(more).toHaveText(seasonTexts.calendar.more(2));
  const shown = await bars.allTextContents();
  expect(shown).toContain(names[0]);
  const hidden = names.filter((n) => !shown.includes(n));
  expect(hidden).toHaveLength(2);

  const agenda = page.getByTestId("calendar-agenda");
  await more.click();
  await expect(page).toHaveURL(new RegExp(`day=${day}`));
  await expect(agenda.getByRole("heading", { level: 3 })).toBeFocused();
  await expect(agenda.getByRole("link")).toHaveCount(5);
  for (const name of hidden) await expect(agenda.getByRole("link", { name: new RegExp(name) })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/season-calendar-more-1280.png`, fullPage: true });

  // A keyboard reaches the same list: the bars and "+N more" are pointer shortcuts (ADR 025), the day
  // cell is the focus target and Enter opens its agenda.
  // The grid tells a keyboard user so, since "+N more" itself is not in the tab order.
  await expect(page.getByRole("grid")).toHaveAccessibleDescription(/\bEnter\b.*day's shows/);
  await page
    .locator(`[role="gridcell"][data-day="${ymd(addDays(first, 13))}"]`)
    .click({ position: { x: 16, y: 12 } });
  await expect(agenda.getByRole("link")).toHaveCount(1);
  await page.keyboard.press("ArrowRight");
  await expect(cell).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(agenda.getByRole("heading", { level: 3 })).toBeFocused();
  await expect(agenda.getByRole("link")).toHaveCount(5);
  await owner.context.close();
});

/** The computed font size (px) of the first element `selector` finds. */
const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

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
  for (const classId of ["class-1", "class-2"])
    await enter(page, baseURL!, { showId, classId, horseId: horseIdByName("Midnight Masterpiece") });

  await page.goto(`/shows/${showId}/print`);
  await expect(page.getByTestId("print-line")).toHaveCount(2);
  const line = '[data-testid="print-line"] td';
  const small = { line: await fontSize(page, line), title: await fontSize(page, "h1") };
  expect(await overflowsSideways(page)).toBe(false);

  const large = page.getByRole("checkbox", { name: seasonTexts.print.large });
  await expect(large).not.toBeChecked();
  await large.check();
  await expect(page).toHaveURL(/[?&]large=1/);
  await expect.poll(() => fontSize(page, line)).toBeGreaterThan(small.line);
  expect(await fontSize(page, "h1")).toBeGreaterThan(small.title);
  expect(await overflowsSideways(page)).toBe(false);
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
  await expect(page.getByRole("checkbox", { name: seasonTexts.print.large })).toBeChecked();
  expect(await fontSize(page, line)).toBeGreaterThan(small.line);
  expect(await overflowsSideways(page)).toBe(false);

  await page.getByRole("checkbox", { name: seasonTexts.print.large }).uncheck();
  await expect(page).not.toHaveURL(/large=/);
  await expect.poll(() => fontSize(page, line)).toBe(small.line);
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

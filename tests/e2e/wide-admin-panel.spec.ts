import { copyFileSync, mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { adminTexts } from "../../src/domain/texts/admin.ts";
import { scheduleEditorTexts } from "../../src/domain/texts/schedule-editor.ts";
import { expectNoAxeViolations } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test } from "./fixtures.ts";
import { uniqueName } from "./horses-helpers.ts";
import { postShow, putSchedule } from "./show-day-helpers.ts";
import { expectNoHorizontalScroll, expectSideBySide, FIVE_WIDTHS } from "./wide-helpers.ts";

/**
 * Issue 36 item 4 at the five widths (ADR 048): from 1024 px the Admin Panel's users, horses and shows are
 * tables (sorted on the server by a header button, aria-sort following), a row's form
 * opens in a pane at the right (from 1280 beside the table, not modal, after the table in the keyboard's
 * order), and the show and schedule editors are a list with the chosen class's or session's form beside it;
 * below, the phone's lists and editors. It reads the demo's rows (found by searching, never by their place,
 * as other specs add more) and edits only a show of its own, made through the API at each width.
 */
const a = adminTexts;
const WIDE = 1024;
const BESIDE = 1280;
const SCREENSHOTS = new Set([360, 1280, 1920]);
const e = scheduleEditorTexts;

const dataPanel = (page: Page) => page.getByRole("region", { name: a.dataManagement });
const showsPanel = (page: Page) => page.getByRole("region", { name: a.shows.heading });
const header = (table: Locator, name: string) => table.getByRole("columnheader", { name });
/** A column's cells, in the table's order (the header counts as row 0). */
const column = async (table: Locator, index: number) =>
  (await table.locator(`tbody tr td:nth-child(${index})`).allInnerTexts()).map((s) => s.trim());
const ascending = (values: string[]) => [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));

/** Presses Enter on a header's button, from the keyboard, and waits for the server's page in `sort`. */
async function sortBy(table: Locator, name: string, sort: string, focus = true) {
  const page = table.page();
  if (focus) await header(table, name).getByRole("button").focus();
  const asked = page.waitForResponse((res) => new URL(res.url()).searchParams.get("sort") === sort);
  await page.keyboard.press("Enter");
  expect((await asked).status()).toBe(200);
}

for (const { width, height } of FIVE_WIDTHS) {
  test(`at ${width} × ${height}: the Admin Panel's tables, side pane and master–detail show and schedule editors`, async ({
    browser,
    baseURL,
  }, info) => {
    // Five screens and three axe scans at one width: on the shared two-core machine this takes minutes.
    test.setTimeout(240_000);
    const wide = width >= WIDE;
    // From 1024 px a desk's browser (no touch, one pixel a pixel); below, the project's phone.
    const desk = wide ? { isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {};
    const { page } = await personIn(browser, baseURL!, DEMO.admin, { viewport: { width, height }, ...desk });
    await page.goto("/admin");
    const data = dataPanel(page);
    // A lazy screen: on a loaded machine its first paint can take a while.
    await expect(data.getByRole("tab", { name: a.users })).toBeVisible({ timeout: 20_000 });
    const shot = async (name: string) => {
      if (!SCREENSHOTS.has(width)) return;
      const path = info.outputPath(`${name}-${width}.png`);
      await page.screenshot({ path });
      mkdirSync("/tmp/admin36-shots", { recursive: true });
      copyFileSync(path, `/tmp/admin36-shots/${name}-${width}.png`);
    };

    await test.step("users: a table from 1024 px, sorted on the server by email from the keyboard", async () => {
      await data.getByRole("searchbox", { name: a.searchUsers }).fill("ringside.demo");
      const table = data.getByRole("table", { name: a.users });
      const list = data.getByRole("list", { name: a.users });
      if (!wide) {
        await expect(list.getByRole("listitem").filter({ hasText: DEMO.admin })).toBeVisible();
        await expect(table).toBeHidden();
        await expectNoHorizontalScroll(page);
        return;
      }
      await expect(table.getByRole("row").filter({ hasText: DEMO.rider })).toBeVisible();
      await expect(list).toBeHidden();
      await expect(header(table, a.name)).toHaveAttribute("aria-sort", "ascending");
      await sortBy(table, a.email, "email");
      await expect(header(table, a.email)).toHaveAttribute("aria-sort", "ascending");
      await expect(header(table, a.name)).not.toHaveAttribute("aria-sort");
      await expect(table.locator("tbody tr").first()).toContainText(DEMO.admin);
      const emails = await column(table, 2);
      expect(emails).toEqual(ascending(emails));
      await sortBy(table, a.email, "-email", false);
      await expect(header(table, a.email)).toHaveAttribute("aria-sort", "descending");
      await expect(table.locator("tbody tr").first()).toContainText(DEMO.trainer);
      const back = await column(table, 2);
      expect(back).toEqual(ascending(back).reverse());
      await expectNoHorizontalScroll(page);
    });

    await test.step("a row's form in a pane at the right, beside the table from 1280 px", async () => {
      const rows = wide
        ? data.getByRole("table", { name: a.users }).getByRole("row")
        : data.getByRole("list", { name: a.users }).getByRole("listitem");
      const row = rows.filter({ hasText: DEMO.owner });
      await row.getByRole("button", { name: /^Edit / }).click();
      const pane = page.getByRole("dialog", { name: a.editUser });
      await expect(pane.getByLabel(a.email)).toHaveValue(DEMO.owner);
      if (wide) {
        const box = (await pane.boundingBox())!;
        expect(Math.round(box.x + box.width)).toBe(width);
        expect(box.y).toBe(0);
        if (width >= BESIDE) await expectSideBySide(page.locator(`table[aria-label="${a.users}"]`), pane);
      }
      await shot("admin-user-pane");
      if (width >= BESIDE) {
        // Not modal beside the table: another row's Edit shows that row in the pane.
        const other = rows.filter({ hasText: DEMO.trainer });
        await other.getByRole("button", { name: /^Edit / }).click();
        await expect(pane.getByLabel(a.email)).toHaveValue(DEMO.trainer);
        // With a change typed, choosing another row asks first: kept, then discarded.
        const name = pane.getByLabel(a.name, { exact: true });
        await name.fill("Changed In The Pane");
        await row.getByRole("button", { name: /^Edit / }).click();
        const ask = page.getByRole("alertdialog", { name: a.switchRow.title });
        await ask.getByRole("button", { name: a.switchRow.keep }).click();
        await expect(ask).toBeHidden();
        await expect(pane.getByLabel(a.email)).toHaveValue(DEMO.trainer);
        await expect(name).toHaveValue("Changed In The Pane");
        await row.getByRole("button", { name: /^Edit / }).click();
        await ask.getByRole("button", { name: a.switchRow.discard }).click();
        await expect(pane.getByLabel(a.email)).toHaveValue(DEMO.owner);
        // The open row is the tinted one.
        await expect(page.locator(`table[aria-label="${a.users}"] tr.bg-brand-50`)).toContainText(DEMO.owner);
        await expectNoAxeViolations(page);
        await shot("admin-user-pane-switched");
        // The pane follows the table in the keyboard's order: Tab from the table's last button enters it.
        await rows.last().getByRole("button").last().focus();
        await page.keyboard.press("Tab");
        await expect(pane.getByRole("button", { name: "Close" })).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(pane.getByLabel(a.name, { exact: true })).toBeFocused();
      }
      await page.keyboard.press("Escape");
      await expect(pane).toBeHidden();
      // Back on the Edit that first opened the pane (the owner's, before the trainer's and again the owner's).
      await expect(row.getByRole("button", { name: /^Edit / })).toBeFocused();
    });

    await test.step("from 1280 px, a tab switch with changes in the pane asks first", async () => {
      if (width < BESIDE) return;
      const row = data.getByRole("table", { name: a.users }).getByRole("row").filter({ hasText: DEMO.owner });
      await row.getByRole("button", { name: /^Edit / }).click();
      const pane = page.getByRole("dialog", { name: a.editUser });
      const name = pane.getByLabel(a.name, { exact: true });
      await name.fill("Typed Before The Tab");
      const horsesTab = data.getByRole("tab", { name: a.horses });
      await horsesTab.click();
      const ask = page.getByRole("alertdialog", { name: a.switchRow.title });
      await expect(ask).toBeVisible();
      await ask.getByRole("button", { name: a.switchRow.keep }).click();
      await expect(ask).toBeHidden();
      await expect(data.getByRole("tab", { name: a.users })).toHaveAttribute("aria-selected", "true");
      await expect(name).toHaveValue("Typed Before The Tab");
      await horsesTab.click();
      await ask.getByRole("button", { name: a.switchRow.discard }).click();
      await expect(horsesTab).toHaveAttribute("aria-selected", "true");
      await expect(pane).toBeHidden();
      // Nothing was saved: the owner's name is as it was.
      await data.getByRole("tab", { name: a.users }).click();
      await expect(data.getByRole("table", { name: a.users })).not.toContainText("Typed Before The Tab");
      // With nothing typed the switch asks nothing.
      await row.getByRole("button", { name: /^Edit / }).click();
      await expect(pane.getByLabel(a.email)).toHaveValue(DEMO.owner);
      await horsesTab.click();
      await expect(horsesTab).toHaveAttribute("aria-selected", "true");
      await expect(ask).toBeHidden();
      await expect(pane).toBeHidden();
    });

    await test.step("horses: sorted by date of birth over the whole list", async () => {
      await data.getByRole("tab", { name: a.horses }).click();
      const table = data.getByRole("table", { name: a.horses });
      if (!wide) {
        await expect(data.getByRole("list", { name: a.horses }).getByRole("listitem").first()).toBeVisible();
        await expect(table).toBeHidden();
        return;
      }
      await expect(table.locator("tbody tr").first()).toBeVisible();
      await sortBy(table, a.dateOfBirth, "dateOfBirth");
      await expect(header(table, a.dateOfBirth)).toHaveAttribute("aria-sort", "ascending");
      await expect(async () => {
        const dates = await column(table, 2);
        expect(dates.length).toBeGreaterThan(1);
        expect(dates).toEqual(ascending(dates));
      }).toPass();
      await sortBy(table, a.dateOfBirth, "-dateOfBirth", false);
      await expect(header(table, a.dateOfBirth)).toHaveAttribute("aria-sort", "descending");
      await expect(async () => {
        const dates = await column(table, 2);
        expect(dates).toEqual(ascending(dates).reverse());
      }).toPass();
      await shot("admin-horses");
      await expectNoHorizontalScroll(page);
    });

    await test.step("shows: a table sorted on the server by place and name", async () => {
      const shows = showsPanel(page);
      const table = shows.getByRole("table", { name: a.shows.heading });
      const sortedBy = (index: number, descending = false) =>
        expect
          .poll(async () => {
            const values = (await column(table, index)).map((v) => v.split("\n")[0]!);
            const order = ascending(values);
            return values.length > 1 && `${values}` === `${descending ? order.reverse() : order}`;
          })
          .toBe(true);
      if (wide) {
        // The period's date order first; then every upcoming show by place, and by name Z to A.
        await expect(header(table, a.shows.dates)).toHaveAttribute("aria-sort", "ascending");
        await sortBy(table, a.shows.location, "location");
        await expect(header(table, a.shows.location)).toHaveAttribute("aria-sort", "ascending");
        await expect(header(table, a.shows.dates)).not.toHaveAttribute("aria-sort");
        await sortedBy(3);
        await sortBy(table, a.shows.name, "name");
        await sortBy(table, a.shows.name, "-name", false);
        await expect(header(table, a.shows.name)).toHaveAttribute("aria-sort", "descending");
        await sortedBy(1, true);
        await shot("admin-shows-sorted");
      }
    });

    await test.step("the show editor: its classes a list, the chosen class's form beside it from 1024 px", async () => {
      const shows = showsPanel(page);
      const table = shows.getByRole("table", { name: a.shows.heading });
      const name = uniqueName(`Wide Editors ${width}`);
      const titles = [
        "Walking Yearling",
        "Two Year Old Walking Colts",
        "Amateur Country Pleasure",
        "Park Pleasure",
      ];
      const classes = titles.map((title, i) => ({ id: `class-${i + 1}`, name: title }));
      const numbered = (i: number) => ({ ...classes[i]!, number: String(i + 1) });
      const showId = await postShow(page.request, baseURL!, name, classes);
      await putSchedule(page.request, baseURL!, showId, {
        sessions: [
          {
            name: "Morning",
            date: "2031-09-05",
            startTime: "08:00",
            ring: "Main Ring",
            classes: [0, 1].map(numbered),
          },
          {
            name: "Evening",
            date: "2031-09-05",
            startTime: "19:00",
            ring: "Main Ring",
            classes: [numbered(2)],
          },
        ],
        unscheduled: [numbered(3)],
      });
      const readShow = async () => (await page.request.get(`/api/shows/${showId}`)).json();

      // The search's answer, not the last list dimmed while it is asked.
      const searched = page.waitForResponse(
        (res) => new URL(res.url()).pathname === "/api/admin/shows" && res.url().includes("q="),
      );
      await shows.getByRole("searchbox", { name: a.shows.searchShows }).fill(name);
      await searched;
      const rows = wide
        ? table.getByRole("row")
        : shows.getByRole("list", { name: a.shows.heading }).getByRole("listitem");
      const row = rows.filter({ hasText: name }).first();
      await expect(row).toBeVisible();
      if (!wide) await expect(table).toBeHidden();
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await row.getByRole("button", { name: a.editLabel(name) }).click();
      const editor = page.getByRole("dialog", { name: a.shows.editShow });
      await expect(editor.getByLabel(a.editor.name)).toHaveValue(name);
      const field = (of: (i: number) => string, i: number) => editor.getByLabel(of(i), { exact: true });
      const list = editor.getByRole("listbox", { name: a.editor.classList });
      const option = (n: number) => list.getByRole("option", { name: new RegExp(`^${n} `) });
      if (wide) {
        await expectSideBySide(list, editor.getByTestId("show-editor-class-form"));
        const details = (await editor.getByTestId("show-editor-details").boundingBox())!;
        expect(details.y + details.height).toBeLessThanOrEqual((await list.boundingBox())!.y);
        // The first class chosen; only its form is shown.
        await expect(option(1)).toHaveAttribute("aria-selected", "true");
        await expect(field(a.editor.nameOf, 1)).toBeVisible();
        await expect(field(a.editor.nameOf, 3)).toBeHidden();
        // By keyboard: the arrows choose, Tab goes on past Add Class to the chosen class's fields.
        await option(1).focus();
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("ArrowDown");
        await expect(option(3)).toHaveAttribute("aria-selected", "true");
        await expect(option(3)).toBeFocused();
        await expect(option(1)).toHaveAttribute("aria-selected", "false");
        await expect(field(a.editor.nameOf, 1)).toBeHidden();
        await page.keyboard.press("Tab");
        await expect(editor.getByRole("button", { name: a.editor.addClass })).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(field(a.editor.numberOf, 3)).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(field(a.editor.nameOf, 3)).toBeFocused();
      } else {
        await expect(list).toBeHidden();
        // The phone's column: every class's fields in place.
        for (const i of [1, 2, 3, 4]) await expect(field(a.editor.nameOf, i)).toBeVisible();
      }
      await field(a.editor.nameOf, 3).fill("Amateur Country Pleasure Championship");
      if (wide) {
        await expect(option(3)).toContainText("Championship");
        // A refused class is chosen on Save, so its form is in view: class 4 without a name.
        await option(4).click();
        await field(a.editor.nameOf, 4).fill("");
        await option(1).click();
        await editor.getByRole("button", { name: a.editor.saveShow }).click();
        await expect(option(4)).toHaveAttribute("aria-selected", "true");
        await expect(option(4)).toContainText(a.editor.rowProblem);
        await expect(field(a.editor.nameOf, 4)).toBeVisible();
        await field(a.editor.nameOf, 4).fill("Park Pleasure");
        await option(3).click();
      }
      await expectNoHorizontalScroll(page);
      await shot("admin-show-editor");
      await expectNoAxeViolations(page);
      await editor.getByRole("button", { name: a.editor.saveShow }).click();
      await expect(editor).toBeHidden();
      const saved = await readShow();
      expect((saved.classes as { id: string; name: string }[]).map((c) => [c.id, c.name])).toEqual([
        ["class-1", "Walking Yearling"],
        ["class-2", "Two Year Old Walking Colts"],
        ["class-3", "Amateur Country Pleasure Championship"],
        ["class-4", "Park Pleasure"],
      ]);

      await row.getByRole("button", { name: e.openLabel(name) }).click();
      const schedule = page.getByRole("dialog", { name: e.title(name) });
      await expect(schedule.getByRole("button", { name: e.saveSchedule })).toBeVisible({ timeout: 15_000 });
      const sessions = schedule.getByRole("listbox", { name: e.sessions });
      const session = (n: string) => sessions.getByRole("option", { name: new RegExp(`^${n}`) });
      if (wide) {
        await expectSideBySide(sessions, schedule.getByTestId("schedule-side"));
        await expect(session("Morning")).toHaveAttribute("aria-selected", "true");
        await expect(schedule.getByRole("group", { name: "Evening" })).toBeHidden();
        // By keyboard: the arrow chooses Evening; Tab goes past Add session to its name.
        await session("Morning").focus();
        await page.keyboard.press("ArrowDown");
        await expect(session("Evening")).toHaveAttribute("aria-selected", "true");
        await expect(schedule.getByRole("group", { name: "Morning" })).toBeHidden();
        await page.keyboard.press("Tab");
        await expect(schedule.getByRole("button", { name: e.addSession })).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(
          schedule.getByRole("group", { name: "Evening" }).getByLabel(e.sessionName),
        ).toBeFocused();
      } else {
        await expect(sessions).toBeHidden();
        await expect(schedule.getByRole("group", { name: "Morning" })).toBeVisible();
      }
      const evening = schedule.getByRole("group", { name: "Evening" });
      await evening.getByLabel(e.sessionName).fill("Evening Performance");
      await evening.getByLabel(e.sessionTime).fill("18:30");
      if (wide) await expect(session("Evening Performance")).toContainText("6:30 PM");
      // Class 4, in no session, to the chosen session.
      await schedule.getByRole("checkbox", { name: "4 Park Pleasure", exact: true }).check();
      await schedule.getByRole("combobox", { name: e.moveTo }).selectOption({ label: "Evening Performance" });
      await schedule.getByRole("button", { name: e.moveButton(1) }).click();
      await expect(evening.getByRole("checkbox", { name: "4 Park Pleasure", exact: true })).toBeVisible();
      await expect(schedule.getByText(e.everyClassScheduled)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await shot("admin-schedule-editor");
      await expectNoAxeViolations(page);
      await schedule.getByRole("button", { name: e.saveSchedule }).click();
      await expect(schedule).toBeHidden();
      const placed = await readShow();
      const evenings = (placed.sessions as { id: string; name: string; startTime: string | null }[]).filter(
        (s) => s.name === "Evening Performance",
      );
      expect(evenings).toHaveLength(1);
      expect(evenings[0]!.startTime).toBe("18:30");
      const inEvening = (placed.classes as { id: string; sessionId: string | null }[])
        .filter((c) => c.sessionId === evenings[0]!.id)
        .map((c) => c.id);
      expect(inEvening).toEqual(["class-3", "class-4"]);
    });
  });
}

import { adminTexts } from "../../src/domain/texts/admin.ts";
import { scheduleEditorTexts } from "../../src/domain/texts/schedule-editor.ts";
import { dialog, expectAccessibleDialog } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test } from "./fixtures.ts";
import { uniqueName } from "./horses-helpers.ts";
import { postShow, putSchedule, SCREENS } from "./show-day-helpers.ts";

/** The Sessions editor moves several ticked classes to a session at once, by keyboard too (issue 34 item 9). */
const e = scheduleEditorTexts;
test.describe.configure({ mode: "serial", timeout: 150_000 });

for (const [label, viewport] of SCREENS) {
  test(`ticked classes move to a session together (${label})`, async ({ browser, baseURL }, testInfo) => {
    const admin = await personIn(browser, baseURL!, DEMO.admin, { viewport });
    const page = admin.page;
    const name = uniqueName(`Sessions Editor ${label}`);
    const classes = Array.from({ length: 6 }, (_, i) => ({
      id: `class-${i + 1}`,
      name: `Class ${i + 1} Walking Horses`,
    }));
    const showId = await postShow(page.request, baseURL!, name, classes);
    const number = (c: (typeof classes)[number], i: number, from: number) => ({
      ...c,
      number: String(i + from),
    });
    await putSchedule(page.request, baseURL!, showId, {
      sessions: [
        {
          name: "Morning",
          date: "2031-09-05",
          startTime: "08:00",
          ring: "Main Ring",
          classes: classes.slice(0, 4).map((c, i) => number(c, i, 1)),
        },
        { name: "Evening", date: "2031-09-05", startTime: "19:00", ring: "Main Ring", classes: [] },
      ],
      unscheduled: classes.slice(4).map((c, i) => number(c, i, 5)),
    });

    await page.goto("/admin");
    await page.getByRole("searchbox", { name: adminTexts.shows.searchShows }).fill(name);
    await page.getByRole("button", { name: e.openLabel(name) }).click();
    const editor = dialog(page);
    const pick = (n: number) =>
      editor.getByRole("checkbox", { name: `${n} Class ${n} Walking Horses`, exact: true });
    await expect(pick(1)).toBeVisible({ timeout: 30_000 });
    // No select per class any more: one "Move to" for the ticked classes.
    await expect(editor.getByRole("combobox", { name: /^Session of class/ })).toHaveCount(0);
    const move = editor.getByRole("button", { name: /^Move / });
    await expect(move).toBeDisabled();

    // By keyboard: tick class 2 and 3 with Space, choose Evening, move.
    await pick(2).focus();
    await page.keyboard.press("Space");
    await pick(3).focus();
    await page.keyboard.press("Space");
    await pick(6).check();
    await expect(editor.getByRole("button", { name: e.moveButton(3) })).toBeEnabled();
    await editor.getByRole("combobox", { name: e.moveTo }).selectOption({ label: "Evening" });
    await editor.getByRole("button", { name: e.moveButton(3) }).focus();
    await page.keyboard.press("Enter");
    await expect(editor.getByRole("status").filter({ hasText: e.moved(3, "Evening") })).toBeVisible();
    // On a desktop the sessions are a list with the chosen one's form beside it (ADR 048): choose to see one.
    const choose = async (session: string) => {
      if (label === "desktop")
        await editor
          .getByRole("listbox", { name: e.sessions })
          .getByRole("option", { name: new RegExp(`^${session}`) })
          .click();
    };
    await choose("Evening");
    const evening = editor.getByRole("group", { name: "Evening" });
    for (const n of [2, 3, 6])
      await expect(
        evening.getByRole("checkbox", { name: `${n} Class ${n} Walking Horses` }),
      ).not.toBeChecked();
    await expect(evening.getByRole("listitem")).toHaveCount(3);
    await choose("Morning");
    await expect(editor.getByRole("group", { name: "Morning" }).getByRole("listitem")).toHaveCount(2);
    await choose("Evening");
    await expect(move).toBeDisabled();
    // "Select every class" ticks a whole session's list.
    await editor.getByRole("checkbox", { name: e.selectAll("Evening") }).check();
    await expect(editor.getByRole("button", { name: e.moveButton(3) })).toBeEnabled();
    await editor.getByRole("checkbox", { name: e.selectAll("Evening") }).uncheck();
    await expectAccessibleDialog(editor, { name: e.title(name) });
    await page.screenshot({ path: testInfo.outputPath(`sessions-editor-${label}.png`), fullPage: true });

    await editor.getByRole("button", { name: e.saveSchedule }).click();
    await expect(editor).toHaveCount(0);
    const show = await (await page.request.get(`/api/shows/${showId}`)).json();
    const sessionOf = Object.fromEntries(
      (show.sessions as { id: string; name: string }[]).map((s) => [s.id, s.name]),
    );
    const placed = Object.fromEntries(
      (show.classes as { id: string; sessionId: string | null }[]).map((c) => [
        c.id,
        c.sessionId ? sessionOf[c.sessionId] : null,
      ]),
    );
    expect(placed).toEqual({
      "class-1": "Morning",
      "class-2": "Evening",
      "class-3": "Evening",
      "class-4": "Morning",
      "class-5": null,
      "class-6": "Evening",
    });
    await admin.context.close();
  });
}

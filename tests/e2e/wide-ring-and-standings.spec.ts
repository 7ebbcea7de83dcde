import type { APIRequestContext, Browser } from "@playwright/test";
import { RING_SHORTCUTS } from "../../src/domain/show-day/ring-shortcuts.ts";
import { showToday } from "../../src/domain/show-day/show-time.ts";
import { resultsTexts } from "../../src/domain/texts/results.ts";
import { showDayTexts } from "../../src/domain/texts/show-day.ts";
import { expectNoAxeViolations } from "./a11y-helpers.ts";
import { DEMO, expect, openE2eDatabase, personIn, test, untilShown } from "./fixtures.ts";
import { runningShow, ZONE } from "./show-day-helpers.ts";
import { expectNoHorizontalScroll, expectSideBySide, FIVE_WIDTHS } from "./wide-helpers.ts";

/**
 * Issue 36 items 5 and 6 at the five widths. Ring control on a tablet in landscape (ADR 045): from 1024 px
 * the current class and its actions beside the session's classes, larger targets, and the keyboard
 * shortcuts listed; below, the phone's one column. At every width each shortcut drives the ring as its
 * button does. Each width runs a show of its own (made through the admin's API), so the demo's ring and
 * other specs are left alone. Standings: from 1024 px every column, a header that sticks; sortable.
 */
const r = showDayTexts.ring;
const WIDE = 1024;
const WIDTHS = FIVE_WIDTHS;
const SCREENSHOTS = new Set([360, 1024, 1280, 1920]);
const key = (action: string) => RING_SHORTCUTS.find((s) => s.action === action)!.key.toLowerCase();

/** The admin as steward in a window of `viewport`, with a show of its own running today (runningShow). */
async function stewardOfNewShow(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  name: string,
) {
  const steward = await personIn(browser, baseURL, DEMO.admin, { viewport, timezoneId: ZONE });
  const owner = await personIn(browser, baseURL, DEMO.owner, { timezoneId: ZONE });
  const { showId } = await runningShow(steward.page.request, owner.page.request, baseURL, name);
  return { steward, owner, showId };
}

const ringActions = (showId: string) => {
  const db = openE2eDatabase();
  try {
    return (
      db.prepare("select kind, class_id from ring_action where show_id = ? order by seq").all(showId) as {
        kind: string;
        class_id: string | null;
      }[]
    ).map((a) => (a.class_id ? `${a.kind} ${a.class_id}` : a.kind));
  } finally {
    db.close();
  }
};

for (const { width, height } of WIDTHS) {
  test(`at ${width} × ${height}: ring control's layout, and its shortcuts drive the ring`, async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(90_000);
    const { steward, owner, showId } = await stewardOfNewShow(
      browser,
      baseURL!,
      { width, height },
      `Wide Ring E2E ${width}`,
    );
    const page = steward.page;
    await page.goto(`/shows/${showId}/ring`);
    // A lazy screen: on a loaded machine its first paint can take a while.
    await expect(page.getByTestId("ring-current")).toContainText(r.inRing("1"), { timeout: 20_000 });
    const classes = page.getByRole("region", { name: r.classList });
    const row = (n: number) => classes.getByRole("listitem").filter({ hasText: `Class ${n} Walking Horses` });
    const shortcuts = page.getByRole("region", { name: r.shortcutsTitle });
    // Reachable for a screen reader at every width; seen from 1024 px.
    await expect(shortcuts.getByRole("heading", { name: r.shortcutsTitle })).toHaveCount(1);
    for (const s of RING_SHORTCUTS) await expect(shortcuts).toContainText(r.shortcuts[s.action]);
    const next = page.getByRole("button", { name: new RegExp(`^${r.callNext("2")}`) });
    await expect(next).toHaveAttribute("aria-keyshortcuts", "N");

    await expectNoHorizontalScroll(page);
    if (width >= WIDE) {
      await expectSideBySide(page.getByTestId("ring-control-pane"), page.getByTestId("ring-classes-pane"));
      expect((await shortcuts.boundingBox())!.width).toBeGreaterThan(100);
      expect((await next.boundingBox())!.height).toBeGreaterThanOrEqual(72);
    } else {
      // The phone's single column: the actions above the classes, the list of keys only for screen readers.
      const control = (await page.getByRole("region", { name: r.title, exact: true }).boundingBox())!;
      expect(control.y + control.height).toBeLessThanOrEqual((await classes.boundingBox())!.y);
      expect((await shortcuts.boundingBox())!.width).toBeLessThanOrEqual(1);
    }
    await expectNoAxeViolations(page);
    if (SCREENSHOTS.has(width)) await page.screenshot({ path: info.outputPath(`ring-control-${width}.png`) });

    // Keys pressed while choosing a session do nothing.
    await page.getByRole("combobox", { name: r.pickSession }).focus();
    await page.keyboard.press(key("next"));
    await expect(page.getByTestId("ring-current")).toContainText(r.inRing("1"));
    await page.getByRole("combobox", { name: r.pickSession }).blur();

    // Next class: class 2 in the ring.
    await page.keyboard.press(key("next"));
    await expect(page.getByTestId("ring-current")).toContainText(r.inRing("2"));
    await expect(row(2)).toContainText(r.statusWord["in-ring"]);
    await expect(row(1)).toContainText(r.statusWord.done);
    const undo = page.getByRole("button", { name: r.undo, exact: true });
    await expect(undo).toBeEnabled();

    // Done: class 2 done, nothing in the ring.
    await page.keyboard.press(key("done"));
    await expect(row(2)).toContainText(r.statusWord.done);
    await expect(page.getByText(r.nothingInRing)).toBeVisible();
    await expect(undo).toBeEnabled();

    // Undo: class 2 back in the ring.
    await page.keyboard.press(key("undo"));
    await expect(page.getByTestId("ring-current")).toContainText(r.inRing("2"));
    await expect(undo).toBeEnabled();

    // Scratch: the next class's confirmation, where the keys type and a reason is needed.
    await page.keyboard.press(key("scratch"));
    const dialog = page.getByRole("dialog", { name: r.scratchTitle("3") });
    await expect(dialog).toBeVisible();
    // In the dialog the shortcuts rest: the next-class key neither calls a class nor leaves the dialog.
    await page.keyboard.press(key("next"));
    await expect(dialog).toBeVisible();
    const reason = dialog.getByLabel(r.scratchReason);
    await reason.click();
    await page.keyboard.type("no entries");
    await expect(reason).toHaveValue("no entries");
    await expect(page.getByTestId("ring-current")).toContainText(r.inRing("2"));
    await dialog.getByRole("button", { name: r.scratchConfirm }).click();
    await expect(dialog).toBeHidden();
    await expect(row(3)).toContainText(r.statusWord.scratched);
    await expect(undo).toBeEnabled();

    // Undo again: class 3 waits once more.
    await page.keyboard.press(key("undo"));
    await expect(row(3)).toContainText(r.statusWord.waiting);
    await expect(undo).toBeEnabled();
    expect(ringActions(showId)).toEqual([
      "start-session",
      "in-ring class-1",
      "in-ring class-2",
      "done class-2",
      "undo",
      "scratch class-3",
      "undo",
    ]);
    await steward.context.close();
    await owner.context.close();
  });
}

const st = resultsTexts.standings;
/** More horses than a page of standings holds (50), so a sort must reach page 2. */
const FIELD = 56;

/**
 * A division of its own with a field of FIELD horses, published through the admin's API: a show of today
 * under an organisation named for the width (so the widths and other specs leave each other's tables alone)
 * and one class placed 1st to FIELDth. Returns the standings' address.
 */
async function bigStandings(admin: APIRequestContext, baseURL: string, width: number) {
  const headers = { origin: baseURL };
  const org = `Wide Sort ${width} ${Date.now().toString(36)}`;
  const today = showToday(Date.now(), ZONE);
  const created = await admin.post("/api/shows", {
    headers,
    data: {
      name: `Wide Standings E2E ${width}`,
      startDate: today,
      endDate: today,
      location: "Shelbyville, TN",
      judges: ["Larry Wheelon"],
      sanctioningOrg: org,
      classes: [{ id: "class-1", name: "Trail Pleasure Open" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const showId = (await created.json()).id as string;
  const lines = Array.from({ length: FIELD }, (_, i) => ({
    lineNo: i + 1,
    placing: i + 1,
    horse: `Sorter ${String(i + 1).padStart(2, "0")}`,
    rider: "Kim Ott",
    // The last horse's owner was not printed: by owner it is last.
    owner: i === FIELD - 1 ? "" : `${["Smith", "Acme", "Bell"][i % 3]} Stables`,
    horseId: null,
  }));
  const published = await admin.post(`/api/shows/${showId}/classes/class-1/results`, {
    headers,
    data: { lines, gapsIntended: false },
  });
  expect(published.status(), await published.text()).toBe(200);
  const { groups } = (await (await admin.get("/api/standings")).json()) as {
    groups: { year: number; org: string; division: string; horses: number }[];
  };
  const group = groups.find((g) => g.org === org && g.horses === FIELD)!;
  expect(group).toBeTruthy();
  return new URLSearchParams({ year: String(group.year), org, division: group.division }).toString();
}

for (const { width, height } of WIDTHS) {
  test(`at ${width} × ${height}: standings' table, sorted by the server over every page`, async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(90_000);
    const { context, page } = await personIn(browser, baseURL!, DEMO.admin, { viewport: { width, height } });
    const query = await bigStandings(page.request, baseURL!, width);
    await page.goto(`/standings?${query}`);
    await untilShown(page);
    const table = page.getByRole("table");
    const body = table.locator("tbody tr");
    await expect(body).toHaveCount(50, { timeout: 20_000 });
    const owner = table.getByRole("columnheader", { name: st.columns.owner });
    await expectNoHorizontalScroll(page);
    if (width >= WIDE) {
      await expect(owner).toBeVisible();
      for (const c of Object.values(st.columns))
        await expect(table.getByRole("columnheader", { name: c })).toBeVisible();
      await expect(table.locator("th").first()).toHaveCSS("position", "sticky");
    } else {
      await expect(owner).toBeHidden();
    }
    await expectNoAxeViolations(page);
    if (SCREENSHOTS.has(width)) await page.screenshot({ path: info.outputPath(`standings-${width}.png`) });

    const header = (name: string) => table.getByRole("columnheader", { name });
    const sortBy = (name: string) => header(name).getByRole("button", { name });
    const cells = (column: number) => body.locator(`td:nth-child(${column})`).allInnerTexts();
    const horses = async () => (await cells(2)).map((h) => h.split("\n")[0]!.replace(st.yours, "").trim());
    const points = async () => (await cells(width >= WIDE ? 4 : 3)).map(Number);
    await expect(header(st.columns.rank)).toHaveAttribute("aria-sort", "ascending");
    const ranked = await horses();
    const rankedPoints = await points();
    expect(rankedPoints).toEqual([...rankedPoints].sort((a, b) => b - a));
    // The last-placed horse is on page 2 in rank order.
    const last = `Sorter ${FIELD}`;
    expect(ranked).not.toContain(last);

    // Points: most first (the ranks' order), then fewest first, which brings page 2's last horse to the top.
    await sortBy(st.columns.points).click();
    await expect(header(st.columns.points)).toHaveAttribute("aria-sort", "descending");
    await expect(header(st.columns.rank)).not.toHaveAttribute("aria-sort");
    await expect.poll(horses).toEqual(ranked);
    await sortBy(st.columns.points).click();
    await expect(header(st.columns.points)).toHaveAttribute("aria-sort", "ascending");
    await expect.poll(async () => (await horses())[0]).toBe(last);
    expect(await points()).toEqual([...(await points())].sort((a, b) => a - b));
    expect(new URL(page.url()).searchParams.get("sort")).toBe("points");
    if (SCREENSHOTS.has(width))
      await page.screenshot({ path: info.outputPath(`standings-fewest-points-${width}.png`) });

    // Page 2 of that sort, then horse from the keyboard: a new sort starts again at page one, A to Z.
    await page.getByRole("button", { name: st.next }).click();
    await expect.poll(async () => (await horses()).length).toBe(FIELD - 50);
    await sortBy(st.columns.horse).focus();
    await page.keyboard.press("Enter");
    await expect(header(st.columns.horse)).toHaveAttribute("aria-sort", "ascending");
    await expect(header(st.columns.points)).not.toHaveAttribute("aria-sort");
    await expect.poll(async () => (await horses())[0]).toBe("Sorter 01");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    await sortBy(st.columns.horse).click();
    await expect.poll(async () => (await horses())[0]).toBe(last);
    await expect(page.getByText(st.page(1, 2))).toBeVisible();

    if (width === 1280) {
      // Offline, a sort not read before waits for the connection: the marks stay with the rows shown, and it
      // says so. (Every horse has shown once: by shows, the ranks' order breaks the tie.)
      const shown = await horses();
      await context.setOffline(true);
      await sortBy(st.columns.shows).click();
      await expect(page.getByRole("status").filter({ hasText: st.waitingOffline })).toBeVisible();
      await expect(header(st.columns.horse)).toHaveAttribute("aria-sort", "descending");
      await expect(header(st.columns.shows)).not.toHaveAttribute("aria-sort");
      expect(await horses()).toEqual(shown);
      await page.screenshot({ path: info.outputPath("standings-offline-sort-1280.png") });
      await context.setOffline(false);
      await expect(header(st.columns.shows)).toHaveAttribute("aria-sort", /ascending|descending/);
      await expect.poll(horses).toEqual(ranked);
      await expect(page.getByText(st.waitingOffline)).toBeHidden();
    }

    if (width >= WIDE) {
      // By owner over the whole division: A to Z, ties in rank order, the one not printed on the last page.
      const owners = async () => (await cells(3)).map((o) => o.trim());
      await sortBy(st.columns.owner).click();
      await expect(header(st.columns.owner)).toHaveAttribute("aria-sort", "ascending");
      await expect.poll(async () => (await horses())[0]).toBe("Sorter 02");
      expect(await owners()).toEqual([
        ...Array(18).fill("Acme Stables"),
        ...Array(18).fill("Bell Stables"),
        ...Array(14).fill("Smith Stables"),
      ]);
      expect((await horses()).slice(0, 3)).toEqual(["Sorter 02", "Sorter 05", "Sorter 08"]);
      expect(new URL(page.url()).searchParams.get("sort")).toBe("owner");
      if (width === 1280)
        await page.screenshot({ path: info.outputPath("standings-owner-1280.png"), fullPage: true });
      await page.getByRole("button", { name: st.next }).click();
      await expect.poll(async () => (await horses()).at(-1)).toBe(last);
      expect(await owners()).toEqual([...Array(5).fill("Smith Stables"), ""]);
      if (width === 1280) await page.screenshot({ path: info.outputPath("standings-owner-page-2-1280.png") });
      // Z to A from the keyboard: a new direction starts again at page one; the one not printed stays last.
      await sortBy(st.columns.owner).focus();
      await page.keyboard.press("Enter");
      await expect(header(st.columns.owner)).toHaveAttribute("aria-sort", "descending");
      await expect.poll(async () => (await horses())[0]).toBe("Sorter 01");
      expect(await owners()).toEqual([
        ...Array(19).fill("Smith Stables"),
        ...Array(18).fill("Bell Stables"),
        ...Array(13).fill("Acme Stables"),
      ]);
      expect(new URL(page.url()).searchParams.get("sort")).toBe("-owner");
    }
    await context.close();
  });
}

const post = resultsTexts.post;

for (const { width, height } of WIDTHS) {
  test(`at ${width} × ${height}: Post results' sheet beside its matched lines`, async ({
    browser,
    baseURL,
  }, info) => {
    // A show made through the API, the preview read on the server and an axe scan: the shared machine is slow.
    test.setTimeout(90_000);
    const { steward, owner, showId } = await stewardOfNewShow(
      browser,
      baseURL!,
      { width, height },
      `Wide Post E2E ${width}`,
    );
    const page = steward.page;
    await page.goto(`/shows/${showId}/results?class=class-5`);
    await untilShown(page);
    await page
      .getByLabel(post.linesLabel)
      .fill("1 Midnight Masterpiece — Jane Doe (rider) — Smith Farms\n2 Unknown Runner — Kim Ott");
    await page.getByRole("button", { name: post.preview }).click();
    await expect(page.getByText(post.exact("Midnight Masterpiece"))).toBeVisible({ timeout: 15_000 });
    await expectNoHorizontalScroll(page);
    const source = page.getByTestId("post-source");
    const preview = page.getByTestId("post-preview");
    if (width >= WIDE) await expectSideBySide(source, preview);
    else {
      // The phone's column: the lines typed above what was matched.
      const lines = (await page.getByLabel(post.linesLabel).boundingBox())!;
      expect(lines.y + lines.height).toBeLessThanOrEqual((await preview.boundingBox())!.y);
    }
    await expectNoAxeViolations(page);
    if (SCREENSHOTS.has(width)) await page.screenshot({ path: info.outputPath(`post-results-${width}.png`) });
    await steward.context.close();
    await owner.context.close();
  });
}

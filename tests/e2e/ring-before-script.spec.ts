import type { Locator } from "@playwright/test";
import { RING_STREAM_PATH } from "../../src/domain/show-day/ring-stream.ts";
import { showDayTexts } from "../../src/domain/texts/show-day.ts";
import { DEMO, expect, openE2eDatabase, openHeld, personIn, test } from "./fixtures.ts";
import { runningShow } from "./show-day-helpers.ts";

/**
 * Issue 33: Ring control comes from the server with the ring in it (ADR 040), so a steward on a slow phone
 * sees the class in the ring before the script runs. Its controls are disabled until the screen has
 * hydrated (a tap then would vanish); after that a tap runs the ring. Hydration asks for no day, leaves
 * nothing where it was, and React reports no mismatch.
 */
const r = showDayTexts.ring;
// Scripts come from the network only, where the test holds them.
test.use({ serviceWorkers: "block" });

const box = async (locator: Locator) => {
  const b = (await locator.boundingBox())!;
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
};

for (const width of [360, 1280]) {
  test(`at ${width} px, a steward sees the ring in the server's page, its buttons not ready until hydrated, then a tap runs it`, async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(90_000);
    const desk = width >= 1024 ? { isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {};
    const admin = await personIn(browser, baseURL!, DEMO.admin);
    const owner = await personIn(browser, baseURL!, DEMO.owner);
    const steward = await personIn(browser, baseURL!, DEMO.trainer, {
      viewport: { width, height: width >= 1024 ? 900 : 780 },
      ...desk,
    });
    const { showId } = await runningShow(
      admin.page.request,
      owner.page.request,
      baseURL!,
      `Ring Before Script ${width} ${Date.now()}`,
    );
    const stewardId = (await (await steward.page.request.get("/api/me")).json()).id as string;
    const named = await admin.page.request.put(`/api/shows/${showId}/stewards`, {
      headers: { origin: baseURL! },
      data: { userIds: [stewardId] },
    });
    expect(named.status(), await named.text()).toBe(200);
    await admin.context.close();
    await owner.context.close();

    const page = steward.page;
    const problems: string[] = [];
    // React's word for a page that did not hydrate as rendered (the service worker, blocked here, logs its own).
    page.on("console", (m) => {
      if (/hydrat|did not match|server rendered|Minified React error/i.test(m.text()))
        problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    // The day's reads and the ring stream's start, in order.
    const asked: string[] = [];
    page.on("request", (req) => {
      const path = new URL(req.url()).pathname;
      if (path === `/api/shows/${showId}/day`) asked.push("day");
      else if (path === RING_STREAM_PATH) asked.push("stream");
    });

    const release = await openHeld(page, `/shows/${showId}/ring`);
    const current = page.getByTestId("ring-current");
    await expect(current).toContainText(r.inRing("1"));
    await expect(current).toContainText("Class 1 Walking Horses");
    const next = page.getByRole("button", { name: new RegExp(`^${r.callNext("2")}`) });
    const controls = [
      page.getByRole("combobox", { name: r.pickSession }),
      next,
      page.getByRole("button", { name: r.doneLabel("1") }),
      page.getByRole("button", { name: r.undo, exact: true }),
      page.getByRole("button", { name: r.late }),
      page.getByRole("button", { name: r.scratchLabel("3") }),
      page.getByRole("button", { name: r.finishSession }),
    ];
    for (const control of controls) await expect(control).toBeDisabled();
    await expect(next).toHaveClass(/opacity-60/);
    // The page's starter preloads the screen's own chunk, which its route loads lazily.
    await expect(page.locator("script[data-modules]")).toHaveAttribute(
      "data-modules",
      /ring-control-screen-/,
    );
    // The script is still held: the page is the server's alone.
    expect(await page.evaluate(() => performance.getEntriesByName("ringside:first-screen").length)).toBe(0);
    const held = { current: await box(current), next: await box(next), finish: await box(controls[6]!) };
    await page.screenshot({ path: info.outputPath(`ring-held-${width}.png`) });

    release();
    await page.waitForFunction(() => performance.getEntriesByName("ringside:first-screen").length > 0);
    // Hydrated from the day in the page: not asked for before the ring stream opens (which reads it again
    // once, for a tap made since the page was rendered).
    expect(asked.slice(0, asked.indexOf("stream") + 1 || undefined)).not.toContain("day");
    for (const control of controls) await expect(control).toBeEnabled();
    await expect(next).not.toHaveClass(/opacity-60/);
    await page.evaluate(() => document.fonts.ready);
    // Nothing moved when the script took the page over.
    expect({ current: await box(current), next: await box(next), finish: await box(controls[6]!) }).toEqual(
      held,
    );
    await page.screenshot({ path: info.outputPath(`ring-hydrated-${width}.png`) });

    await next.click();
    await expect(current).toContainText(r.inRing("2"));
    await expect
      .poll(() => {
        const db = openE2eDatabase();
        try {
          return db
            .prepare("select kind, class_id from ring_action where show_id = ? order by seq desc limit 1")
            .get(showId);
        } finally {
          db.close();
        }
      })
      .toEqual({ kind: "in-ring", class_id: "class-2" });
    expect(problems).toEqual([]);
    await steward.context.close();
  });
}

test("a tap made while the page's script was on its way shows once the ring stream is ready, without a reload", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await personIn(browser, baseURL!, DEMO.admin);
  const owner = await personIn(browser, baseURL!, DEMO.owner);
  const { showId, sessionId } = await runningShow(
    admin.page.request,
    owner.page.request,
    baseURL!,
    `Ring Tap Meanwhile ${Date.now()}`,
  );
  await owner.context.close();
  const page = admin.page;
  const release = await openHeld(page, `/shows/${showId}/ring`);
  const current = page.getByTestId("ring-current");
  await expect(current).toContainText(r.inRing("1"));
  // Another steward's phone puts class 2 in the ring while this page's script is still on its way.
  const tap = await page.request.post(`/api/shows/${showId}/ring/actions`, {
    headers: { origin: baseURL! },
    data: { kind: "in-ring", sessionId, classId: "class-2", expectedInRing: "class-1" },
  });
  expect(tap.status(), await tap.text()).toBe(200);
  release();
  await page.waitForFunction(() => performance.getEntriesByName("ringside:first-screen").length > 0);
  // Well before the minute's poll: the stream's first "ready" reads the day held from before it again.
  await expect(current).toContainText(r.inRing("2"), { timeout: 15_000 });
  await admin.context.close();
});

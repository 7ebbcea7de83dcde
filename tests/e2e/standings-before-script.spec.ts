import { resultsTexts } from "../../src/domain/texts/results.ts";
import { DEMO, expect, openHeld, personIn, test, untilShown } from "./fixtures.ts";

/**
 * Issue 33: Standings comes from the server with its table in it (ADR 040), so a phone on a slow line reads
 * the standings before the script runs. Its controls (the year, organisation and division, "mine only",
 * the sortable headers) are disabled until the screen has hydrated; after that they work. Hydration asks
 * the server for nothing, and React reports no mismatch.
 */
const st = resultsTexts.standings;
test.use({ serviceWorkers: "block" });

test("the standings are in the server's page, its controls not ready until hydrated, then a header sorts", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { context, page } = await personIn(browser, baseURL!, DEMO.owner, {
    viewport: { width: 360, height: 740 },
  });
  const { groups } = (await (await page.request.get("/api/standings")).json()) as {
    groups: { year: number; org: string; division: string; horses: number }[];
  };
  const group = groups.reduce((a, b) => (b.horses > a.horses ? b : a));
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/standings")) asked.push(r.url());
  });

  const release = await openHeld(
    page,
    `/standings?${new URLSearchParams({ year: String(group.year), org: group.org, division: group.division })}`,
  );
  const table = page.getByRole("table");
  const rows = table.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBe(Math.min(group.horses, 50));
  const sortByHorse = table.getByRole("button", { name: st.columns.horse });
  await expect(sortByHorse).toBeDisabled();
  await expect(page.getByLabel(st.division)).toBeDisabled();
  await expect(page.getByRole("checkbox", { name: st.mineOnly })).toBeDisabled();

  release();
  await untilShown(page);
  await expect(sortByHorse).toBeEnabled();
  await expect(page.getByLabel(st.division)).toBeEnabled();
  expect(asked).toEqual([]);
  await sortByHorse.click();
  await expect(table.getByRole("columnheader", { name: st.columns.horse })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page).toHaveURL(/[?&]sort=horse/);
  expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
  await context.close();
});

import { resultsTexts } from "../../src/domain/texts/results.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, test } from "./fixtures.ts";

/**
 * Issue 22: the admin edits a sanctioning organisation's points scale in the Admin Panel. In the admin
 * project (after every other spec, see playwright.config.ts); its own organisation, so no standings move.
 */
const t = resultsTexts.scales;

test("an admin chooses an organisation on a show, loads its points scale, is told what is wrong, and saves it", async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize(PHONE);
  await signInAs(DEMO.admin, "/admin");
  const card = page.getByRole("region", { name: t.title });
  const org = `E2E Scale Club ${Date.now().toString(36)}`;
  // The organisation is written on a show (issue 34: the card offers those, and nothing typed).
  const made = await page.request.post("/api/shows", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      name: `${org} Show`,
      startDate: "2031-06-01",
      endDate: "2031-06-01",
      location: "Shelbyville, TN",
      judges: ["Larry Wheelon"],
      sanctioningOrg: org,
      classes: [{ id: "class-1", name: "Class 1 Walking Horses" }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.reload();
  const choose = card.getByRole("combobox", { name: t.org });

  // Nothing chosen: the organisation field says so.
  await card.getByRole("button", { name: t.save }).click();
  await expect(card.getByText(t.errors.orgRequired)).toBeVisible();

  // An organisation not written on any show is not offered, and the server refuses it by name.
  await expect(choose.getByRole("option", { name: "WHOAA", exact: true })).toHaveCount(0);
  const unknown = await page.request.get(`/api/admin/points-scales/${encodeURIComponent(`${org}X`)}`);
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error.message).toBe(t.errors.unknownOrg(`${org}X`));

  // An organisation without its own scale starts from the default.
  await choose.selectOption(org);
  await expect(card.getByLabel(t.placings)).toHaveValue("7, 6, 5, 4, 3, 2");
  await expect(card.getByLabel(t.shown)).toHaveValue("1");

  // A scale that rises is refused, naming the field, and nothing is saved.
  await card.getByLabel(t.placings).fill("5, 6, 4");
  await card.getByRole("button", { name: t.save }).click();
  await expect(card.getByLabel(t.placings)).toHaveAccessibleDescription(
    new RegExp(t.errors.notDescending.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  );
  const before = await page.request.get(`/api/admin/points-scales/${encodeURIComponent(org)}`);
  expect((await before.json()).placings).toEqual([7, 6, 5, 4, 3, 2]);

  await card.getByLabel(t.placings).fill("10, 8, 6, 4, 2");
  await card.getByLabel(t.shown).fill("0");
  await card.getByLabel(t.scaleBySize).check();
  await card.getByRole("button", { name: t.save }).click();
  await expect(card.getByRole("status")).toHaveText(t.saved(org));
  await expectNoAxeViolations(page, 'section[aria-labelledby="admin-points-scales"]');
  await card.screenshot({ path: "test-results/points-scales-360.png" });

  const after = await page.request.get(`/api/admin/points-scales/${encodeURIComponent(org)}`);
  expect(await after.json()).toEqual({ placings: [10, 8, 6, 4, 2], shown: 0, scaleBySize: true });

  // Loaded again after a reload, the saved scale is what the form shows.
  await page.reload();
  await card.getByRole("combobox", { name: t.org }).selectOption(org);
  await expect(card.getByLabel(t.placings)).toHaveValue("10, 8, 6, 4, 2");
  await expect(card.getByLabel(t.scaleBySize)).toBeChecked();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page, 'section[aria-labelledby="admin-points-scales"]');
  await card.screenshot({ path: "test-results/points-scales-1280.png" });
});

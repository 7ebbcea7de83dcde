import type { Browser, BrowserContext, Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { KEEP_NAME } from "../../src/domain/results/preview-choices.ts";
import { entryStatusTexts } from "../../src/domain/texts/entry-status.ts";
import { resultsTexts } from "../../src/domain/texts/results.ts";
import { expectAccessibleScreen, expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test, untilShown } from "./fixtures.ts";
import { createHorse, horseIdByName } from "./horses-helpers.ts";

/**
 * Results (issue 22): a steward pastes a class's placings on a phone; the owner's roster, horse detail,
 * Show Records and Standings show them, and the notification arrives. Its own show and organisation,
 * so the demo's standings and other specs are left alone.
 */
const p = resultsTexts.post;
const HORSE = "Midnight Masterpiece";
test.describe.configure({ mode: "serial", timeout: 90_000 });

/** A show of one day with one class, in an organisation of its own (the demo's standings stay as they are). */
async function createOneClassShow(page: Page, baseURL: string, name: string, day: string, classId: string) {
  const created = await page.request.post("/api/shows", {
    headers: { origin: baseURL },
    data: {
      name,
      startDate: day,
      endDate: day,
      location: "Shelbyville, TN",
      sanctioningOrg: `E2E Club ${name}`,
      judges: [],
      classes: [{ id: classId, name: "Lite Shod Walking Horse" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id as string;
}

/** A new owner (signed in on `page`) with a horse of their own, and the admin as steward beside them. */
async function newOwnerWithHorse(
  browser: Browser,
  baseURL: string,
  page: Page,
  signUpAs: (opts: { role: "Owner" }) => Promise<unknown>,
) {
  await signUpAs({ role: "Owner" });
  const horse = await createHorse(page.request, baseURL);
  const steward = await personIn(browser, baseURL, DEMO.admin, { viewport: PHONE });
  return { horse, steward, stamp: Date.now().toString(36), headers: { origin: baseURL } };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await untilShown(page);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/results-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/results-${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

test("a steward pastes a class's results; roster, horse detail, Show Records and Standings show them and the owner is told", async ({
  browser,
  baseURL,
}) => {
  const contexts: BrowserContext[] = [];
  const steward = await personIn(browser, baseURL!, DEMO.admin, { viewport: PHONE });
  const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport: PHONE });
  contexts.push(steward.context, owner.context);
  const stamp = Date.now().toString(36);
  const showName = `Results E2E Classic ${stamp}`;
  const org = `E2E Club ${stamp}`;
  const day = format(addDays(new Date(), -2), "yyyy-MM-dd");
  const year = day.slice(0, 4);
  const created = await steward.page.request.post("/api/shows", {
    headers: { origin: baseURL! },
    data: {
      name: showName,
      startDate: day,
      endDate: day,
      location: "Shelbyville, TN",
      sanctioningOrg: org,
      judges: ["Larry Wheelon"],
      classes: [
        { id: "class-32", name: "Lite Shod Walking Horse" },
        { id: "class-33", name: "Lite Shod Walking Horse Amateur" },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const showId = (await created.json()).id as string;

  // The owner had entered the horse in Class 32: its entry shows the placing once published.
  const o = owner.page;
  const entered = await o.request.put(`/api/shows/${showId}/classes/class-32/entries`, {
    headers: { origin: baseURL! },
    data: { entries: [{ status: "HorseIsShowing", horseId: horseIdByName(HORSE), riderId: null }] },
  });
  expect(entered.status(), await entered.text()).toBe(200);

  // The steward (an admin here) pastes the placings, checks the horses and publishes.
  const s = steward.page;
  await open(s, `/shows/${showId}/results?class=class-32`);
  await expectAccessibleScreen(s, {
    title: p.title,
    ready: s.getByRole("heading", { level: 1, name: p.title }),
  });
  await s
    .getByLabel(p.linesLabel)
    .fill(
      `1 ${HORSE} — Jane Doe (rider) — Smith Farms\n2 Midnite Masterpeice — Al Moe — Moe Farm\n3 Unknown Runner — Kim Ott`,
    );
  await s.getByRole("button", { name: p.preview }).click();
  await expect(s.getByText(p.exact(HORSE))).toBeVisible();
  // Close only to the horse line 1 already is: it starts on the name as printed (issue 34).
  const close = s.getByLabel(p.chooseLabel(2));
  await expect(close).toHaveValue(KEEP_NAME);
  await expect(s.getByText(p.takenMatch("Midnite Masterpeice"))).toBeVisible();
  await expect(s.getByText(p.none)).toBeVisible();
  await expectNoAxeViolations(s);
  await shoot(s, "post");
  await s.getByRole("button", { name: p.publish }).click();
  await expect(s.getByRole("status").filter({ hasText: p.published })).toBeVisible();

  // The owner: the notification, the roster, horse detail, Show Records, show detail, Standings.
  const message = `${HORSE} placed 1st in Class 32 at ${showName}`;
  await open(o, "/notifications");
  await expect(o.getByText(message)).toBeVisible();

  await open(o, "/roster");
  const mine = o.getByRole("region", { name: resultsTexts.roster.title });
  await expect(mine.getByText(`1st · ${HORSE}`).first()).toBeVisible();
  await expect(mine.getByRole("link", { name: showName })).toBeVisible();

  await open(o, `/horses/${horseIdByName(HORSE)}`);
  await expect(o.getByText(resultsTexts.standingLine(1, 3, "Lite Shod", 7))).toBeVisible();
  const record = o.getByRole("listitem").filter({ hasText: showName });
  await expect(record.getByText(resultsTexts.fromResults)).toBeVisible();

  await open(o, "/profile");
  const profileRecord = o.getByRole("listitem").filter({ hasText: showName });
  await expect(profileRecord.getByText(resultsTexts.fromResults)).toBeVisible();
  await expect(profileRecord.getByRole("button", { name: /^Hide/ })).toBeVisible();

  await open(o, `/shows/${showId}`);
  // Each posted class's placings are listed under its row of the schedule.
  await expect(o.getByRole("region", { name: resultsTexts.show.title })).toContainText(
    resultsTexts.show.underClasses,
  );
  const class32 = o.getByRole("list", { name: resultsTexts.show.classResults("32") });
  await expect(class32.getByText(`1st ${HORSE} — Jane Doe — Smith Farms`)).toBeVisible();
  await expect(class32.getByText("3rd Unknown Runner — Kim Ott")).toBeVisible();
  await expect(o.getByRole("list", { name: resultsTexts.show.classResults("33") })).toHaveCount(0);
  // The class's entry icons carry the placing, and so does the entry dialog.
  const badge = o.getByTestId("entry-icons-class-32").getByRole("img", {
    name: entryStatusTexts.placed("1st", HORSE),
  });
  await expect(badge).toHaveText("1st");
  await o.getByRole("button", { name: /Lite Shod Walking Horse$/ }).click();
  await expect(
    o.getByRole("dialog").getByRole("img", { name: entryStatusTexts.placed("1st", HORSE) }),
  ).toBeVisible();
  await expectNoAxeViolations(o);
  await shoot(o, "entry-placing");
  await o.keyboard.press("Escape");

  const query = new URLSearchParams({ year, org, division: "lite-shod" }).toString();
  await open(o, `/standings?${query}`);
  const st = resultsTexts.standings;
  await expectAccessibleScreen(o, {
    title: st.title,
    ready: o.getByRole("heading", { level: 1, name: st.title }),
  });
  const rows = o.getByRole("row");
  await expect(rows.nth(1)).toContainText(HORSE);
  await expect(rows.nth(1)).toContainText(st.yours);
  await expect(rows).toHaveCount(4);
  // A phone has no room for the Shows and Placings columns: the row says them under the name.
  await expect(rows.nth(1)).toContainText(st.compact(1, st.placings(1, 0, 0, 1)));
  await shoot(o, "standings");
  // The choice lives in the address; the box shows it once the screen has moved there.
  await o.getByLabel(st.mineOnly).click();
  await expect(o.getByLabel(st.mineOnly)).toBeChecked();
  await expect(rows).toHaveCount(2);
  const csv = await o.request.get(`/api/standings.csv?${query}`);
  expect((await csv.text()).split("\r\n")[1]).toBe(`1,${HORSE},7,1,1,1,0,0`);

  for (const c of contexts) await c.close();
});

test("results posted while the show is on put the placing on the owner's roster line of that class", async ({
  browser,
  baseURL,
  page,
  signUpAs,
}) => {
  // A new owner with a horse of their own: no one else's roster (friends, riders) gains today's show.
  const { horse, steward, stamp, headers } = await newOwnerWithHorse(browser, baseURL!, page, signUpAs);
  const today = format(new Date(), "yyyy-MM-dd");
  const showId = await createOneClassShow(steward.page, baseURL!, `Results Today ${stamp}`, today, "class-7");
  const entered = await page.request.put(`/api/shows/${showId}/classes/class-7/entries`, {
    headers,
    data: { entries: [{ status: "HorseIsShowing", horseId: horse.id, riderId: null }] },
  });
  expect(entered.status(), await entered.text()).toBe(200);
  const published = await steward.page.request.post(`/api/shows/${showId}/classes/class-7/results`, {
    headers,
    data: {
      lines: [
        { lineNo: 1, placing: 1, horse: "Someone Else", rider: "", owner: "", horseId: null },
        { lineNo: 2, placing: 2, horse: horse.name, rider: "", owner: "", horseId: horse.id },
      ],
    },
  });
  expect(published.status(), await published.text()).toBe(200);
  await steward.context.close();

  await page.setViewportSize(PHONE);
  await open(page, "/roster");
  const line = page
    .getByTestId("roster-today")
    .getByRole("article")
    .filter({ hasText: `Results Today ${stamp}` })
    .getByTestId("roster-entry");
  await expect(line.getByRole("img", { name: entryStatusTexts.placed("2nd", horse.name) })).toHaveText("2nd");
  await expectNoAxeViolations(page);
  await shoot(page, "roster-placing");
});

test("a newcomer sees the demo's posted results: standings, horse detail, show detail", async ({
  page,
  signInAs,
}) => {
  await signInAs(DEMO.owner, "/roster");
  const all = await (await page.request.get("/api/standings")).json();
  const demo = (all.groups as { year: number; org: string; division: string }[]).find(
    (g) => !g.org.startsWith("E2E Club"),
  );
  expect(demo).toBeTruthy();
  await open(
    page,
    `/standings?${new URLSearchParams({ year: String(demo!.year), org: demo!.org }).toString()}`,
  );
  const st = resultsTexts.standings;
  await expectAccessibleScreen(page, {
    title: st.title,
    ready: page.getByRole("heading", { level: 1, name: st.title }),
  });
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await shoot(page, "demo-standings");

  await open(page, `/horses/${horseIdByName(HORSE)}`);
  await expect(page.getByRole("heading", { name: resultsTexts.horse.standingsTitle })).toBeVisible();
  await expect(page.getByText(resultsTexts.fromResults).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "horse");

  const past = (await (await page.request.get("/api/results/mine")).json()).results as { showId: string }[];
  const demoShow = past.find((r) => r.showId)!;
  const get = async (path: string) => (await page.request.get(path)).json();
  const postedId = (await get(`/api/shows/${demoShow.showId}/results`)).classes[0].classId as string;
  const shown = (await get(`/api/shows/${demoShow.showId}`)).classes as { id: string; number: string }[];
  const posted = shown.find((c) => c.id === postedId)!;
  // The class in view (as a class alert's link brings it), its placings under its row.
  await open(page, `/shows/${demoShow.showId}?class=${encodeURIComponent(posted.id)}`);
  const placings = page.getByRole("list", { name: resultsTexts.show.classResults(posted.number) });
  await expect(placings.getByRole("listitem").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "show");

  await open(page, "/roster");
  await expect(page.getByRole("region", { name: resultsTexts.roster.title })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "roster");
});

test("a name the steward confirmed shows on horse detail, and the owner can forget it", async ({
  browser,
  baseURL,
  page,
  signUpAs,
}) => {
  const { horse, steward, stamp, headers } = await newOwnerWithHorse(browser, baseURL!, page, signUpAs);
  const yesterday = format(addDays(new Date(), -1), "yyyy-MM-dd");
  const showId = await createOneClassShow(
    steward.page,
    baseURL!,
    `Printed Names ${stamp}`,
    yesterday,
    "class-9",
  );
  const printed = `${horse.name} ${stamp}`;
  const published = await steward.page.request.post(`/api/shows/${showId}/classes/class-9/results`, {
    headers,
    data: {
      lines: [
        { lineNo: 1, placing: 1, horse: printed, rider: "", owner: "", horseId: horse.id, confirmed: true },
      ],
    },
  });
  expect(published.status(), await published.text()).toBe(200);
  await steward.context.close();

  const t = resultsTexts.horse;
  await page.setViewportSize(PHONE);
  await open(page, `/horses/${horse.id}`);
  await expect(page.getByText(t.alsoPrintedAs)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: printed })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "printed-names");
  await page.getByRole("button", { name: t.forgetLabel(printed, horse.name) }).click();
  await expect(page.getByText(t.alsoPrintedAs)).toHaveCount(0);
});

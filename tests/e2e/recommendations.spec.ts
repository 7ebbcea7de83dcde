import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import { authTexts } from "../../src/domain/texts/auth.ts";
import { entriesTexts } from "../../src/domain/texts/entries.ts";
import { entryStatusTexts } from "../../src/domain/texts/entry-status.ts";
import { errorsTexts } from "../../src/domain/texts/errors.ts";
import { plannerTexts } from "../../src/domain/texts/planner.ts";
import { recommendationsTexts } from "../../src/domain/texts/recommendations.ts";
import { showTexts } from "../../src/domain/texts/show.ts";
import { type FakeLlm, offeredClasses, pickOffered, startFakeLlm } from "../support/fake-llm.ts";
import { CELEBRATION, CELINA, showIdByName } from "./entries-helpers.ts";
import { DEMO, DEMO_PASSWORD, expect, openE2eDatabase, test } from "./fixtures.ts";

const t = recommendationsTexts;
const horsePicker = (page: Page) => page.getByRole("combobox", { name: t.horseLabel });
const getRecommendations = (page: Page) =>
  page.getByRole("button", { name: plannerTexts.getRecommendations });

/** Unfolds the AI row where it starts folded (show detail on a phone); elsewhere it is open. */
async function unfoldAiRow(page: Page) {
  const fold = page.getByRole("button", { name: showTexts.aiRowTitle, exact: true, expanded: false });
  await fold.or(horsePicker(page)).first().waitFor();
  if (await fold.isVisible()) await fold.click();
}

/** Chooses a horse in the AI row. */
async function pickHorse(page: Page, label: string) {
  await unfoldAiRow(page);
  await horsePicker(page).selectOption({ label });
}

function classNamesOf(db: SQLite.Database, showName: string): string[] {
  return (
    db
      .prepare("select c.name from show_class c join show s on s.id = c.show_id where s.name = ?")
      .all(showName) as { name: string }[]
  ).map((r) => r.name);
}

test.describe("with the rules engine", () => {
  test("an owner gets 3 to 5 Celebration classes for her horse, with reasons, and enters one", async ({
    signInAs,
    page,
    axe,
  }) => {
    await signInAs(DEMO.owner, `/shows/${showIdByName(CELEBRATION)}`);
    // Hold the answer back until the working state has been seen.
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route("**/recommendations?*", async (route) => {
      await held;
      await route.continue();
    });
    await unfoldAiRow(page);
    await expect(getRecommendations(page)).toBeDisabled();
    await pickHorse(page, "Midnight Masterpiece");
    await getRecommendations(page).click();

    const dialog = page.getByRole("dialog", { name: t.dialogTitle("Midnight Masterpiece") });
    await expect(dialog.getByText(t.analyzing("Midnight Masterpiece"))).toBeVisible();
    await expect(dialog.getByText(t.thinking)).toBeVisible();
    answer();
    const items = dialog.getByRole("listitem");
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(5);

    const db = openE2eDatabase();
    const celebration = classNamesOf(db, CELEBRATION);
    db.close();
    const buttons = dialog.getByRole("listitem").getByRole("button");
    for (let i = 0; i < count; i++) {
      const text = (await buttons.nth(i).textContent()) ?? "";
      expect(
        celebration.some((name) => text.includes(name)),
        text,
      ).toBe(true);
      expect(text).toMatch(/qualified in Park Pleasure/);
    }
    expect((await axe().analyze()).violations).toEqual([]);

    const first = (await buttons.first().textContent()) ?? "";
    const className = celebration.find((name) => first.includes(name))!;
    await buttons.first().click();
    const entry = page.getByRole("dialog", { name: className });
    await expect(entry.getByText(entriesTexts.prompt)).toBeVisible();
    await entry.getByRole("button", { name: entryStatusTexts.statusLabels.Interested }).click();
    await entry.getByRole("button", { name: entriesTexts.save }).click();
    await expect(entry).toBeHidden();

    const check = openE2eDatabase();
    const saved = check
      .prepare(
        `select e.status from class_entry e join "user" u on u.id = e.user_id join show_class c
           on c.show_id = e.show_id and c.id = e.class_id where u.email = ? and c.name = ?`,
      )
      .all(DEMO.owner, className) as { status: string }[];
    check.close();
    expect(saved.map((s) => s.status)).toContain("Interested");
  });

  test("a trainer's season plan covers the upcoming shows with links to each", async ({
    signInAs,
    page,
    axe,
  }) => {
    await signInAs(DEMO.trainer, "/planner");
    await expect(page.getByRole("heading", { name: t.aiPlanner })).toBeVisible();
    // Other specs may add horses to the demo trainer's barn; the demo horses are all there, prompt first.
    await expect(horsePicker(page).locator("option").first()).toHaveText(plannerTexts.aiHorsePrompt);
    for (const name of ["Gold Rush Delight", "Midnight Masterpiece", "Sundance Jubilee"]) {
      await expect(horsePicker(page).locator("option", { hasText: name })).toHaveCount(1);
    }
    await pickHorse(page, "Gold Rush Delight");
    await getRecommendations(page).click();

    const plan = page.getByRole("dialog", { name: t.seasonPlanTitle });
    const celina = plan.getByRole("region", { name: CELINA });
    await expect(celina).toBeVisible();
    for (const name of ["Jackson County Horse Show", "Celebration Spring Fun Show", CELEBRATION]) {
      await expect(plan.getByRole("region", { name })).toBeVisible();
    }
    await expect(plan.getByRole("region", { name: "Spring Pleasure Horse Jubilee" })).toHaveCount(0);
    const count = await celina.getByRole("listitem").count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(5);
    await expect(celina.getByRole("listitem").first()).toContainText("Performance (Padded)");
    expect((await axe().analyze()).violations).toEqual([]);

    await celina.getByRole("link", { name: new RegExp(`^${t.viewShow}\\s*: ${CELINA}$`) }).click();
    await expect(page.getByRole("heading", { level: 1, name: CELINA })).toBeVisible();
    await expect(plan).toBeHidden();
    expect(page.url()).toContain(`/shows/${showIdByName(CELINA)}`);
  });

  test("Done closes the season plan", async ({ signInAs, page }) => {
    await signInAs(DEMO.owner, "/planner");
    await pickHorse(page, "Midnight Masterpiece");
    await getRecommendations(page).click();
    const plan = page.getByRole("dialog", { name: t.seasonPlanTitle });
    await expect(plan.getByRole("region", { name: CELEBRATION }).getByRole("listitem")).toHaveCount(5);
    await plan.getByRole("button", { name: t.done }).click();
    await expect(plan).toBeHidden();
  });

  test("a show with nothing open to the pair says so; a user without horses is told to add one", async ({
    signUpAs,
    page,
    baseURL,
    axe,
  }) => {
    await signUpAs();
    await page.goto("/planner");
    await expect(page.getByText(t.noHorses)).toBeVisible();
    await expect(page.getByRole("link", { name: t.yourHorses })).toHaveAttribute("href", "/horses");

    const created = await page.request.post("/api/horses", {
      data: {
        name: "Harness Only",
        dateOfBirth: "2014-05-01",
        gender: null,
        canters: false,
        divisions: ["fine-harness"],
      },
      headers: { origin: baseURL! },
    });
    expect(created.status(), await created.text()).toBe(201);
    // Created behind the UI's back, so start a fresh page rather than wait out the client cache.
    await page.goto(`/shows/${showIdByName(CELINA)}`);
    await page.reload();
    await pickHorse(page, "Harness Only");
    await getRecommendations(page).click();
    const dialog = page.getByRole("dialog", { name: t.dialogTitle("Harness Only") });
    await expect(dialog.getByText(t.noSuitableTitle)).toBeVisible();
    await expect(dialog.getByText(t.noSuitableShow("Harness Only"))).toBeVisible();
    expect((await axe().analyze()).violations).toEqual([]);
    await dialog.getByRole("button", { name: t.done }).click();
    await expect(dialog).toBeHidden();
  });

  test("when fewer than three classes fit, the dialog says whom the others are for", async ({
    signUpAs,
    page,
    baseURL,
  }) => {
    await signUpAs();
    const created = await page.request.post("/api/horses", {
      data: {
        name: "Light Shod Only",
        dateOfBirth: "2014-05-01",
        gender: "Mare",
        canters: false,
        divisions: ["lite-shod"],
      },
      headers: { origin: baseURL! },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto(`/shows/${showIdByName(CELINA)}`);
    await pickHorse(page, "Light Shod Only");
    await getRecommendations(page).click();
    const dialog = page.getByRole("dialog", { name: t.dialogTitle("Light Shod Only") });
    await expect(dialog.getByRole("listitem")).toHaveCount(1);
    await expect(
      dialog.getByText(
        "Only 1 class at this show fits Light Shod Only: the others are for horses in other divisions, horses of other ages, or",
      ),
    ).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: "test-results/screens/recommendations-short-360.png" });
  });

  test("a session that ended meanwhile gets the spec's sign-in message on the sign-in form", async ({
    signInAs,
    page,
  }) => {
    // The live stream opens once the first screen is shown; it must be open (with the cookie) before the
    // cookie goes, or opening it would be what finds out.
    const liveStream = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/events");
    await signInAs(DEMO.rider, "/planner");
    await expect(horsePicker(page).locator("option", { hasText: "Sundance Jubilee" })).toHaveCount(1);
    await liveStream;
    // The cookie goes without a word to the page (no live event): the recommendations call is what finds out.
    await page.context().clearCookies();
    await pickHorse(page, "Sundance Jubilee");
    await getRecommendations(page).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("alert")).toContainText(errorsTexts.mustBeLoggedIn);
    await expect(page.getByRole("heading", { name: authTexts.signInTitle })).toBeVisible();
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A second production server, on its own demo database, whose AI provider is a local fake LLM speaking the
 * OpenAI protocol: the real failure path from provider to screen.
 */
test.describe
  .serial("with an LLM provider", () => {
    let llm: FakeLlm;
    let server: ChildProcess;
    let base: string;
    const dataDir = resolve(
      process.env.E2E_OUTPUT_DIR ?? "test-results/e2e",
      "..",
      `e2e-llm-data-${process.pid}`,
    );

    test.beforeAll(async () => {
      test.setTimeout(90_000);
      llm = await startFakeLlm();
      const port = await freePort();
      base = `http://localhost:${port}`;
      server = spawn(process.execPath, ["--import", "tsx", "scripts/e2e-server.ts"], {
        env: {
          ...process.env,
          PORT: String(port),
          PUBLIC_URL: base,
          E2E_DATA_DIR: dataDir,
          AI_BASE_URL: llm.baseUrl,
          AI_MODEL: "fake-model",
          AI_TIMEOUT_MS: "5000",
          AI_RATE_LIMIT_PER_MINUTE: "1000",
          LOG_LEVEL: "error",
        },
        stdio: ["ignore", "ignore", "inherit"],
      });
      for (let i = 0; i < 300; i++) {
        try {
          if ((await fetch(`${base}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error("the LLM-backed server did not start");
    });

    test.afterAll(async () => {
      const exited = new Promise((done) => server?.once("exit", done));
      server?.kill("SIGTERM");
      await llm?.close();
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    });

    const llmDb = () => new SQLite(resolve(dataDir, "ringside.sqlite"));
    const showId = (name: string) => {
      const db = llmDb();
      try {
        return (db.prepare("select id from show where name = ?").get(name) as { id: string }).id;
      } finally {
        db.close();
      }
    };
    async function signIn(page: Page, email: string, path: string) {
      await page.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
      const res = await page.request.post(`${base}/api/auth/sign-in/email`, {
        data: { email, password: DEMO_PASSWORD },
        headers: { origin: base },
      });
      expect(res.status()).toBe(200);
      await page.goto(`${base}${path}`);
    }

    test("when the provider fails, the dialog and every season-plan show say so", async ({ page, axe }) => {
      test.setTimeout(60_000);
      llm.answer(() => ({ kind: "status", status: 500 }));
      await signIn(page, DEMO.owner, `/shows/${showId(CELEBRATION)}`);
      await pickHorse(page, "Midnight Masterpiece");
      await getRecommendations(page).click();
      const dialog = page.getByRole("dialog", { name: t.dialogTitle("Midnight Masterpiece") });
      const alert = dialog.getByRole("alert");
      await expect(alert).toContainText(errorsTexts.couldNotGetRecommendations, { timeout: 20_000 });
      await expect(alert).toContainText(errorsTexts.recommendationsFailed);
      expect((await axe().analyze()).violations).toEqual([]);
      await dialog.getByRole("button", { name: t.done }).click();

      await page.goto(`${base}/planner`);
      await pickHorse(page, "Midnight Masterpiece");
      await getRecommendations(page).click();
      const plan = page.getByRole("dialog", { name: t.seasonPlanTitle });
      const failures = plan.getByText(errorsTexts.seasonPlanShowFailed);
      // The demo's upcoming shows: the spec's four and the show on today (issue 21).
      await expect(failures).toHaveCount(5, { timeout: 30_000 });
      await expect(plan.getByRole("region", { name: CELINA }).getByRole("alert")).toBeVisible();
    });

    test("a working model's picks are shown, checked against the class rules", async ({ page }) => {
      llm.answer(pickOffered(4));
      await signIn(page, DEMO.trainer, `/shows/${showId(CELINA)}`);
      await pickHorse(page, "Gold Rush Delight");
      await getRecommendations(page).click();
      const dialog = page.getByRole("dialog", { name: t.dialogTitle("Gold Rush Delight") });
      await expect(dialog.getByRole("listitem").first()).toContainText("The model likes");
      // What the model is offered leaves out classes that would conflict with the horse's entries (issue 25),
      // which other tests may have made: the model's four picks of what it was offered are all shown.
      const offered = offeredClasses(llm.requests.at(-1)!);
      expect(offered.length).toBeGreaterThanOrEqual(3);
      await expect(dialog.getByRole("listitem")).toHaveCount(Math.min(4, offered.length));
      await expect(dialog.getByText(t.fromLlm)).toBeVisible();
    });

    test("with no upcoming show, the season plan shows its empty state", async ({ page }) => {
      const db = llmDb();
      db.pragma("busy_timeout = 5000");
      db.prepare("update show set start_date = '2001-05-01', end_date = '2001-05-02'").run();
      db.close();
      await signIn(page, DEMO.owner, "/planner");
      await pickHorse(page, "Midnight Masterpiece");
      await getRecommendations(page).click();
      const plan = page.getByRole("dialog", { name: t.seasonPlanTitle });
      await expect(plan.getByText(t.noSuitableTitle)).toBeVisible();
      await expect(plan.getByText(t.noSuitableSeason("Midnight Masterpiece"))).toBeVisible();
    });
  });

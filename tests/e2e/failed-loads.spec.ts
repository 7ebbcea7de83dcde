import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";
import { calendarFeedTexts } from "../../src/domain/texts/calendar-feed.ts";
import { horsesTexts } from "../../src/domain/texts/horses.ts";
import { loadFailureTexts as t } from "../../src/domain/texts/load-failure.ts";
import { profileTexts } from "../../src/domain/texts/profile.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { texts } from "../../src/domain/texts/shell.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, DEMO_PASSWORD, expect, test } from "./fixtures.ts";

/** The horses screen's own chunk (dist/client/assets/horses-screen-<hash>.js): not loaded until opened. */
const HORSES_CHUNK = /\/assets\/horses-screen-[\w-]+\.js$/;

const openHorses = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: texts.nav.horses }).click();

test.describe("a screen whose code cannot be fetched", () => {
  test("says so with Retry, and Retry loads it once it can be fetched", async ({ page, signInAs }) => {
    await page.setViewportSize(PHONE);
    await signInAs(DEMO.owner, "/roster");
    // The network refuses the chunk, as it does for a file a redeploy removed or a connection that dropped.
    await page.route(HORSES_CHUNK, (route) => route.abort("failed"));
    await openHorses(page);
    const alert = page.getByRole("alert").filter({ hasText: t.title });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("button", { name: t.retry })).toBeVisible();
    // Online: nothing about being offline.
    await expect(alert).not.toContainText(t.offline);
    // The rest of the app stays: the header and the navigation are there, not a blank page.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/failed-loads-360-blocked.png" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: "test-results/failed-loads-1280-blocked.png" });

    // Retry while still blocked: the same message again, not a blank page.
    await alert.getByRole("button", { name: t.retry }).click();
    await expect(page.getByRole("alert").filter({ hasText: t.title })).toBeVisible();

    await page.unroute(HORSES_CHUNK);
    await page.getByRole("button", { name: t.retry }).click();
    await expect(page.getByRole("heading", { level: 1, name: horsesTexts.title })).toBeVisible();
    await expect(page.getByText(t.title)).toHaveCount(0);
  });

  test("offline, it says You are offline; back online, Retry loads it", async ({
    page,
    context,
    signInAs,
  }) => {
    await page.setViewportSize(PHONE);
    await signInAs(DEMO.owner, "/roster");
    await context.setOffline(true);
    await openHorses(page);
    const alert = page.getByRole("alert").filter({ hasText: t.title });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(t.offline);
    await page.screenshot({ path: "test-results/failed-loads-360-offline.png" });

    await context.setOffline(false);
    await expect(alert).not.toContainText(t.offline);
    await alert.getByRole("button", { name: t.retry }).click();
    await expect(page.getByRole("heading", { level: 1, name: horsesTexts.title })).toBeVisible();
  });

  test("another screen from the navigation clears the message", async ({ page, signInAs }) => {
    await signInAs(DEMO.owner, "/roster");
    await page.route(HORSES_CHUNK, (route) => route.abort("failed"));
    await openHorses(page);
    await expect(page.getByRole("alert").filter({ hasText: t.title })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: texts.nav.roster })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: rosterTexts.title })).toBeVisible();
    await expect(page.getByText(t.title)).toHaveCount(0);
  });
});

test("a dialog whose code cannot be fetched says so in place, and Retry opens it", async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize(PHONE);
  await signInAs(DEMO.owner, "/roster");
  const dialogChunk = /\/assets\/calendar-feed-dialog-[\w-]+\.js$/;
  await page.route(dialogChunk, (route) => route.abort("failed"));
  await page.getByRole("button", { name: rosterTexts.subscribeCalendar }).click();
  const alert = page.getByRole("alert").filter({ hasText: t.title });
  await expect(alert).toBeVisible();
  // Only the dialog's place says so: the roster stays on screen.
  await expect(page.getByRole("heading", { level: 1, name: rosterTexts.title })).toBeVisible();
  await page.screenshot({ path: "test-results/failed-loads-360-dialog.png" });
  await page.unroute(dialogChunk);
  await alert.getByRole("button", { name: t.retry }).click();
  await expect(page.getByRole("dialog", { name: calendarFeedTexts.title })).toBeVisible();
});

/**
 * An upgrade under an open page (ADR 024), with real servers on a folder of their own: release 1 is this
 * build; release 2 is the same app under other file names (every hashed file renamed and every reference
 * to it rewritten, as a new build's hashes would be), built with the real first build step
 * (scripts/keep-previous-assets.ts, PREVIOUS_CLIENT_DIR as docs/deploy.md says). The server is stopped
 * and started on the new release as a restart during an upgrade does, on the same database.
 */
test.describe("an upgrade under an open page", () => {
  const CLIENT = resolve("dist/client");
  let root: string;
  let port: number;
  let server: ChildProcess | undefined;

  const start = async (clientDir: string) => {
    server = spawn(process.execPath, ["dist/server/main.js"], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: join(root, "data"),
        DEMO: "1",
        PUBLIC_URL: `http://localhost:${port}`,
        CLIENT_DIR: clientDir,
        SSR_ENTRY: resolve("dist/ssr/entry-server.js"),
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT_MAX: "100000",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    for (let i = 0; i < 150; i++) {
      const up = await fetch(`http://localhost:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("The release's server did not start.");
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once("exit", r));
    running.kill("SIGTERM");
    await exited;
  };

  test.beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "ringside-upgrade-"));
    port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => done(free));
      });
    });
  });
  test.afterEach(stop);
  test.afterAll(() => rmSync(root, { recursive: true, force: true }));

  test("a tab opened before the upgrade still opens its screens; files gone say so and a reload upgrades", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const base = `http://localhost:${port}`;
    const release1 = join(root, "release-1", "client");
    cpSync(CLIENT, release1, { recursive: true });
    await start(release1);

    const signIn = await page.request.post(`${base}/api/auth/sign-in/email`, {
      data: { email: DEMO.owner, password: DEMO_PASSWORD },
      headers: { origin: base },
    });
    expect(signIn.status()).toBe(200);
    await page.addInitScript(() => localStorage.setItem("ringside_signed_in_before", "1"));
    await page.goto(`${base}/roster`);
    await expect(page.getByRole("heading", { level: 1, name: rosterTexts.title })).toBeVisible();

    // The upgrade: release 2 built beside release 1, then the server restarted on it.
    const release2 = join(root, "release-2", "client");
    execFileSync(process.execPath, ["--import", "tsx", "scripts/keep-previous-assets.ts"], {
      env: { ...process.env, CLIENT_OUT_DIR: release2, PREVIOUS_CLIENT_DIR: release1 },
    });
    const renamed = renamedBuild(release1, release2);
    await stop();
    await start(release2);
    // What release 1 called its files is gone from release 2's own folder.
    const oldHorses = readdirSync(join(release1, "assets")).find((f) =>
      /^horses-screen-[\w-]+\.js$/.test(f),
    )!;
    expect(existsSync(join(release2, "assets", oldHorses))).toBe(false);

    // The open tab, still on release 1, opens a screen it had not loaded yet: it loads, from the kept files.
    const chunk = page.waitForResponse((r) => r.url().endsWith(`/assets/${oldHorses}`));
    await openHorses(page);
    expect((await chunk).status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: horsesTexts.title })).toBeVisible();

    // Without the kept files (an upgrade done without them, or a tab older than they are kept): the next
    // screen it had not loaded says it could not load, with Retry — never a blank page…
    await stop();
    rmSync(join(`${release2}-previous`), { recursive: true });
    await start(release2);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: texts.nav.profile })
      .click();
    await expect(page.getByRole("alert").filter({ hasText: t.title })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

    // …and reloading the page brings release 2, whose own files open the same screen.
    const fresh: string[] = [];
    page.on("request", (r) => void (r.url().includes("/assets/") && fresh.push(r.url())));
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: profileTexts.title })).toBeVisible();
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((url) => renamed.has(url.split("/assets/")[1]!))).toBe(true);
  });
});

/**
 * Copies a built client folder as a new build would differ: every hashed file under another name, every
 * text file's references rewritten to match (the pre-compressed copies are left out: the server then
 * sends the files as they are). Answers the new names.
 */
function renamedBuild(from: string, to: string): Set<string> {
  cpSync(from, to, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  const names = readdirSync(join(from, "assets")).filter((f) => !/\.(br|gz)$/.test(f));
  const rename = new Map(names.map((name) => [name, name.replace(/(\.[a-z0-9]+)$/, "v2$1")]));
  for (const [name, next] of rename) renameSync(join(to, "assets", name), join(to, "assets", next));
  const rewrite = (file: string) => {
    if (!/\.(js|css|html|json|webmanifest)$/.test(file)) return;
    let text = readFileSync(file, "utf8");
    for (const [name, next] of rename) text = text.replaceAll(name, next);
    writeFileSync(file, text);
  };
  for (const entry of readdirSync(to, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) rewrite(join(entry.parentPath, entry.name));
  }
  return new Set(rename.values());
}

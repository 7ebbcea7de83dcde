import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BOOT_STATE_ID, type BootState } from "#domain/app/boot-state.ts";
import { UTC_OFFSET_COOKIE } from "#domain/app/client-day.ts";
import type { Roster } from "#domain/contracts/roster.ts";
import { firstCards, ROSTER_FIRST_CARDS } from "#domain/roster/first-cards.ts";
import { plannerTexts } from "#domain/texts/planner.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { rosterTexts } from "#domain/texts/roster.ts";
import { texts } from "#domain/texts/shell.ts";
import { showTexts } from "#domain/texts/show.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";
import { deferAppScripts } from "#server/http/spa-shell.ts";
import { buildEntry, buildEntryShow, daysFrom } from "#tests/support/entries-factories.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildRunningShow, signedInAdmin } from "#tests/support/show-day-factories.ts";
import { writeStandings } from "#tests/support/standings-rows.ts";
import { buildAppForTest, buildTestApp } from "#tests/support/test-app.ts";

/**
 * Issue 20 (ADR 019): a navigation gets the screen rendered on the server for the session's user, with
 * the queries it was made from, or a redirect where the spec's routes say; never another person's data.
 */
const SHELL =
  '<!doctype html><html><head><title>Ringside</title></head><body><div id="root"></div></body></html>';
const NAVIGATION = { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", accept: "text/html" };

function bootStateOf(html: string): BootState | null {
  const match = new RegExp(`<script type="application/json" id="${BOOT_STATE_ID}">(.*?)</script>`, "s").exec(
    html,
  );
  return match ? (JSON.parse(match[1]!) as BootState) : null;
}

/** The markup React rendered into #root (the boot state follows it). */
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${BOOT_STATE_ID}"`));

function clientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "ringside-client-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), SHELL);
  return dir;
}

const t = buildTestApp({ clientDir: clientDir(), ssrEntry: resolve("src/client/entry-server.tsx") });

/** Starts the running show's Evening session and puts its class 1 in the ring, as `runner`. */
async function classOneInRing(runner: { cookie: string }, showId: string, evening: string) {
  for (const body of [
    { kind: "start-session", sessionId: evening },
    { kind: "in-ring", sessionId: evening, classId: "class-1", expectedInRing: null },
  ]) {
    const res = await call(t.app, "POST", `/api/shows/${showId}/ring/actions`, {
      cookie: runner.cookie,
      body,
    });
    expect(res.statusCode).toBe(200);
  }
}

describe("redirects on the server, with their status", () => {
  it.each([
    ["/", "/auth"],
    ["/roster", "/auth"],
    ["/planner?highlight=x", "/auth?next=%2Fplanner%3Fhighlight%3Dx"],
    ["/shows/s1/print", "/auth?next=%2Fshows%2Fs1%2Fprint"],
    ["/no/such/page", "/auth"],
    ["//evil.example/shows/s1", "/auth"],
    ["/%2F%2Fevil.example", "/auth"],
  ])("signed out, %s → %s", async (path, to) => {
    const res = await call(t.app, "GET", path, { headers: NAVIGATION });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(to);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("signed in: /, unknown paths, over-long or malformed ones and screens of another role go to /roster; /auth keeps an invite", async () => {
    const owner = await signedInUser(t.app);
    for (const [path, to] of [
      ["/", "/roster"],
      ["/no/such/page", "/roster"],
      ["/barn", "/roster"],
      ["/admin", "/roster"],
      [`/shows/${"%3Cscript%3E".repeat(60)}`, "/roster"],
      [`/planner?name=${"<b>".repeat(1000)}`, "/roster"],
      ["/auth?mode=signup&invitedBy=t%261", "/roster?invitedBy=t%261"],
    ]) {
      const res = await call(t.app, "GET", path!, { cookie: owner.cookie, headers: NAVIGATION });
      expect([path, res.statusCode, res.headers.location]).toEqual([path, 302, to]);
      expect(res.body).not.toContain("<b>");
    }
    // A path the router cannot decode is refused before any page is made.
    const malformed = await call(t.app, "GET", "/shows/%E0%A4%A", {
      cookie: owner.cookie,
      headers: NAVIGATION,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBeTruthy();
  });
});

describe("the first screen rendered on the server", () => {
  it("holds the viewer's own roster for their calendar day, and never another person's", async () => {
    const show = await buildEntryShow(t.app, {
      name: "Celina Lions Club Horse Show",
      startDate: daysFrom(3),
    });
    const other = await buildEntryShow(t.app, {
      name: "Wartrace Pickers Horse Show",
      startDate: daysFrom(3),
    });
    const alice = await signedInUser(t.app, { name: "Alice Ashby" });
    const bob = await signedInUser(t.app, { name: "Bob Bramley" });
    await buildEntry(t.app, { userId: alice.id, showId: show.id, classId: "class-1", status: "WatchClass" });
    await buildEntry(t.app, { userId: bob.id, showId: other.id, classId: "class-2", status: "Interested" });

    const page = await call(t.app, "GET", "/roster", {
      cookie: `${alice.cookie}; ${UTC_OFFSET_COOKIE}=0`,
      headers: NAVIGATION,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    const root = rootOf(page.body);
    expect(root).toContain(rosterTexts.title);
    expect(root).toContain("Celina Lions Club Horse Show");
    expect(root).toContain("Alice Ashby");
    expect(page.body).not.toContain("Wartrace Pickers");
    expect(page.body).not.toContain("Bob Bramley");
    // No inline script: the CSP allows none, and the data travels as a JSON block.
    expect(page.body.match(/<script/g)).toHaveLength(1);

    const boot = bootStateOf(page.body)!;
    expect(boot.user?.id).toBe(alice.id);
    expect(boot.rendered?.path).toBe("/roster");
    const today = new Date().toISOString().slice(0, 10);
    expect(boot.rendered?.today).toBe(today);
    const keys = (boot.rendered!.queries as { queries: { queryKey: unknown[] }[] }).queries.map(
      (q) => q.queryKey,
    );
    expect(keys).toContainEqual(["roster", today]);
    // What the browser would have asked the API for is exactly what the page holds.
    const api = await call(t.app, "GET", `/api/roster?today=${today}`, { cookie: alice.cookie });
    const rendered = (
      boot.rendered!.queries as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
    ).queries;
    expect(rendered.find((q) => q.queryKey[0] === "roster")?.state.data).toEqual(api.json());

    const bobs = await call(t.app, "GET", "/roster", { cookie: bob.cookie, headers: NAVIGATION });
    expect(rootOf(bobs.body)).toContain("Wartrace Pickers Horse Show");
    expect(bobs.body).not.toContain("Celina Lions Club");
    expect(bobs.body).not.toContain("Alice Ashby");
  });

  it("carries a long roster's first cards and how many it left out, not the whole season", async () => {
    const owner = await signedInUser(t.app, { name: "Dana Dillard" });
    const names = Array.from({ length: ROSTER_FIRST_CARDS + 2 }, (_, i) => `Longseason Show ${i + 1}`);
    for (const [i, name] of names.entries()) {
      const show = await buildEntryShow(t.app, { name, startDate: daysFrom(10 + i) });
      await buildEntry(t.app, {
        userId: owner.id,
        showId: show.id,
        classId: "class-1",
        status: "Interested",
      });
    }
    const page = await call(t.app, "GET", "/roster", {
      cookie: `${owner.cookie}; ${UTC_OFFSET_COOKIE}=0`,
      headers: NAVIGATION,
    });
    const today = new Date().toISOString().slice(0, 10);
    const data = (
      bootStateOf(page.body)!.rendered!.queries as {
        queries: { queryKey: unknown[]; state: { data: Roster } }[];
      }
    ).queries.find((q) => q.queryKey[0] === "roster")?.state.data;
    const api = (
      await call(t.app, "GET", `/api/roster?today=${today}`, { cookie: owner.cookie })
    ).json() as Roster;
    expect(api.rest).toBeUndefined();
    expect(api.sections.showSeason.map((s) => s.name)).toEqual(names);
    expect(data).toEqual(firstCards(api));
    expect(data?.rest).toBe(2);
    expect(data?.sections.showSeason.map((s) => s.name)).toEqual(names.slice(0, ROSTER_FIRST_CARDS));
    for (const name of names.slice(ROSTER_FIRST_CARDS)) expect(page.body).not.toContain(name);
    expect(rootOf(page.body)).toContain(names[ROSTER_FIRST_CARDS - 1]);
  });

  it("renders the planner's first page and a show's classes with their data", async () => {
    const show = await buildEntryShow(t.app, {
      name: "Shelbyville Spring Jubilee",
      startDate: daysFrom(20),
      classes: ["Two Year Old Walking Colts", "Amateur Country Pleasure"],
    });
    const viewer = await signedInUser(t.app);
    const planner = await call(t.app, "GET", "/planner?name=jubilee", {
      cookie: viewer.cookie,
      headers: NAVIGATION,
    });
    expect(rootOf(planner.body)).toContain("Shelbyville Spring Jubilee");
    expect(rootOf(planner.body)).toContain(plannerTexts.title);

    const detail = await call(t.app, "GET", `/shows/${show.id}`, {
      cookie: viewer.cookie,
      headers: NAVIGATION,
    });
    expect(rootOf(detail.body)).toContain("Two Year Old Walking Colts");
    expect(rootOf(detail.body)).toContain(showTexts.searchClasses(2));
  });

  it("renders a running show's live ring bar with the day and the instant it was made for (issue 33)", async () => {
    const admin = await signedInAdmin(t.app);
    const { show, evening } = await buildRunningShow(t.app, admin, { classes: 3 });
    await classOneInRing(admin, show.id, evening);
    const before = Date.now();
    const page = await call(t.app, "GET", `/shows/${show.id}`, { cookie: admin.cookie, headers: NAVIGATION });
    const root = rootOf(page.body);
    expect(root).toContain('data-testid="live-ring-bar"');
    expect(root).toContain(showDayTexts.live.inRing);
    expect(root).toContain("Class 1 Walking Horses");
    const rendered = bootStateOf(page.body)?.rendered;
    expect(rendered?.now).toBeGreaterThanOrEqual(before);
    const queries = rendered?.queries as
      | { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
      | undefined;
    const day = queries?.queries.find((q) => q.queryKey[0] === "show-day");
    expect(day?.queryKey).toEqual(["show-day", "day", show.id]);
    expect(day?.state.data).toMatchObject({ showId: show.id, runningToday: true });
    // The results card of a started show is drawn with the first paint, not pushed in above the schedule
    // later; its data is what the API gives this viewer.
    expect(root).toContain('id="show-results"');
    expect(root).toContain(resultsTexts.show.none);
    const results = queries?.queries.find((q) => q.queryKey[0] === "results");
    expect(results?.queryKey).toEqual(["results", "show", show.id]);
    const adminsResults = await call(t.app, "GET", `/api/shows/${show.id}/results`, { cookie: admin.cookie });
    expect(results?.state.data).toEqual(adminsResults.json());
    expect(results?.state.data).toMatchObject({ canPost: true, classes: [] });
    // Someone who may not post, with nothing posted yet, has no card.
    const owner = await signedInUser(t.app, { name: "Olive Onlooker" });
    const owners = await call(t.app, "GET", `/shows/${show.id}`, {
      cookie: owner.cookie,
      headers: NAVIGATION,
    });
    expect(rootOf(owners.body)).toContain('data-testid="live-ring-bar"');
    expect(rootOf(owners.body)).not.toContain('id="show-results"');
    const ownersQueries = bootStateOf(owners.body)?.rendered?.queries as typeof queries;
    expect(ownersQueries?.queries.find((q) => q.queryKey[0] === "results")?.state.data).toMatchObject({
      canPost: false,
    });

    // A show not on today has no day in the page, no bar and no results.
    const later = await buildEntryShow(t.app, {
      name: "Later Jubilee",
      startDate: daysFrom(30),
      classes: ["Trail"],
    });
    const quiet = await call(t.app, "GET", `/shows/${later.id}`, {
      cookie: admin.cookie,
      headers: NAVIGATION,
    });
    expect(rootOf(quiet.body)).not.toContain('data-testid="live-ring-bar"');
    expect(JSON.stringify(bootStateOf(quiet.body)?.rendered?.queries)).not.toContain("show-day");
    expect(JSON.stringify(bootStateOf(quiet.body)?.rendered?.queries)).not.toContain('"results"');
  });

  it("renders Ring control with the ring for its steward, its controls not ready; a non-steward sees the refusal, a visitor the sign-in (issue 33)", async () => {
    const admin = await signedInAdmin(t.app);
    const steward = await signedInUser(t.app, { name: "Sam Steward" });
    const owner = await signedInUser(t.app, { name: "Olive Owner" });
    const { show, evening } = await buildRunningShow(t.app, admin, { classes: 3, name: "Ring Page Jubilee" });
    const named = await call(t.app, "PUT", `/api/shows/${show.id}/stewards`, {
      cookie: admin.cookie,
      body: { userIds: [steward.id] },
    });
    expect(named.statusCode).toBe(200);
    await classOneInRing(steward, show.id, evening);
    const path = `/shows/${show.id}/ring`;
    const dayOf = (html: string) =>
      (
        bootStateOf(html)!.rendered!.queries as {
          queries: { queryKey: unknown[]; state: { data: unknown } }[];
        }
      ).queries.find((q) => q.queryKey[0] === "show-day");
    const ring = showDayTexts.ring;
    /** The screen inside the app's frame (whose own controls, the menu and the like, are not the screen's). */
    const screenOf = (html: string) => {
      const root = rootOf(html);
      return root.slice(root.indexOf("<main"), root.indexOf("</main>"));
    };

    const page = await call(t.app, "GET", path, { cookie: steward.cookie, headers: NAVIGATION });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    const root = rootOf(page.body);
    expect(root).toContain(ring.inRing("1"));
    expect(root).toContain(ring.callNext("2"));
    expect(root).toContain("Class 1 Walking Horses");
    // Every control is disabled until the screen's script has hydrated it: a tap before then is not lost unseen.
    const controls = screenOf(page.body).match(/<(button|select|input)\b[^>]*>/g) ?? [];
    expect(controls.length).toBeGreaterThanOrEqual(8);
    for (const control of controls) expect(control).toContain('disabled=""');
    // The day in the page is the one the API gives this steward: the browser asks for nothing.
    expect(dayOf(page.body)?.queryKey).toEqual(["show-day", "day", show.id]);
    const stewardsDay = await call(t.app, "GET", `/api/shows/${show.id}/day`, { cookie: steward.cookie });
    expect(dayOf(page.body)?.state.data).toEqual(stewardsDay.json());
    expect(dayOf(page.body)?.state.data).toMatchObject({ canRunRing: true });

    // A signed-in person who may not run the ring gets the screen's refusal, and nothing of the ring on it;
    // the page holds only the day the API would give them.
    const refused = await call(t.app, "GET", path, { cookie: owner.cookie, headers: NAVIGATION });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers["cache-control"]).toBe("private, no-store");
    const refusal = screenOf(refused.body);
    expect(refusal).toContain("Only admins and this show");
    expect(refusal).not.toContain(ring.inRing("1"));
    expect(refusal).not.toContain("Class 1 Walking Horses");
    expect(refusal).not.toContain("<button");
    const ownersDay = await call(t.app, "GET", `/api/shows/${show.id}/day`, { cookie: owner.cookie });
    expect(dayOf(refused.body)?.state.data).toEqual(ownersDay.json());
    expect(dayOf(refused.body)?.state.data).toMatchObject({ canRunRing: false });

    // No session: the sign-in, keeping the address.
    const visitor = await call(t.app, "GET", path, { headers: NAVIGATION });
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/auth?next=${encodeURIComponent(path)}`);
    expect(visitor.body).not.toContain("Class 1");
  });

  it("renders Standings with the division asked for, sorted as asked, its controls not ready; a visitor gets the sign-in (issue 33)", async () => {
    const viewer = await signedInUser(t.app, { name: "Stella Standings" });
    const group = { year: 2033, org: "PAGEORG", division: "div-page" };
    const horses = [
      { key: "p-1", name: "Zephyr Page", points: 30 },
      { key: "p-2", name: "Amber Page", points: 20 },
      { key: "p-3", name: "Marble Page", points: 10 },
    ];
    await writeStandings(
      t.app.deps.db.db,
      group,
      horses.map((h) => ({ ...h, shows: 1, classes: 1, firsts: 1, seconds: 0, thirds: 0 })),
    );
    const query = `year=${group.year}&org=${group.org}&division=${group.division}&sort=horse`;
    // A sort the server does not take is left out of the query, as the screen leaves it out.
    const path = `/standings?year=${group.year}&org=${group.org}&division=${group.division}&sort=bogus&extra=1`;
    const standingsOf = (html: string) =>
      (
        bootStateOf(html)!.rendered!.queries as {
          queries: { queryKey: unknown[]; state: { data: unknown } }[];
        }
      ).queries.find((q) => q.queryKey[1] === "standings");

    const page = await call(t.app, "GET", `/standings?${query}`, {
      cookie: viewer.cookie,
      headers: NAVIGATION,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    const root = rootOf(page.body);
    const screen = root.slice(root.indexOf("<main"), root.indexOf("</main>"));
    // By horse, A to Z, as the address asks.
    const order = horses.map((h) => screen.indexOf(h.name)).map((at) => (at < 0 ? Number.NaN : at));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order[1]!).toBeLessThan(order[2]!);
    expect(order[2]!).toBeLessThan(order[0]!);
    const controls = screen.match(/<(button|select|input)\b[^>]*>/g) ?? [];
    expect(controls.length).toBeGreaterThanOrEqual(6);
    for (const control of controls) expect(control).toContain('disabled=""');
    const api = await call(t.app, "GET", `/api/standings?${query}`, { cookie: viewer.cookie });
    expect(standingsOf(page.body)?.state.data).toEqual(api.json());

    const odd = await call(t.app, "GET", path, { cookie: viewer.cookie, headers: NAVIGATION });
    expect(odd.statusCode).toBe(200);
    expect(standingsOf(odd.body)?.queryKey).toEqual([
      "results",
      "standings",
      `year=${group.year}&org=${group.org}&division=${group.division}`,
    ]);

    const visitor = await call(t.app, "GET", `/standings?${query}`, { headers: NAVIGATION });
    expect(visitor.statusCode).toBe(302);
    expect(visitor.body).not.toContain("Zephyr Page");
  });

  it("renders the sign-in screen, and an invite link's sign-up screen, signed out", async () => {
    const page = await call(t.app, "GET", "/auth?mode=signup&invitedBy=nobody", { headers: NAVIGATION });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(rootOf(page.body)).toContain("Create an Account");
    expect(bootStateOf(page.body)?.user).toBeNull();
  });

  it("a show that is not there renders the screen's loading state, and the browser asks", async () => {
    const viewer = await signedInUser(t.app);
    const page = await call(t.app, "GET", "/shows/no-such-show", {
      cookie: viewer.cookie,
      headers: NAVIGATION,
    });
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toContain(texts.common.loading);
    const keys = (
      bootStateOf(page.body)!.rendered!.queries as { queries: { queryKey: unknown[] }[] }
    ).queries.map((q) => q.queryKey[0]);
    expect(keys).not.toContain("show");
  });
});

describe("a rendering error", () => {
  it("sends the page for the browser to render, with the boot state, and logs the error", async () => {
    const dir = clientDir();
    const broken = join(dir, "broken-ssr.mjs");
    writeFileSync(broken, "export async function renderPage() { throw new Error('render exploded'); }");
    const logs: string[] = [];
    const app = await buildAppForTest({ clientDir: dir, ssrEntry: broken, logLevel: "error" });
    app.app.log.error = ((obj: { err?: Error }, msg?: string) => {
      logs.push(`${msg} ${obj.err?.message}`);
    }) as typeof app.app.log.error;
    const viewer = await signedInUser(app.app);
    const page = await call(app.app, "GET", "/roster", { cookie: viewer.cookie, headers: NAVIGATION });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(bootStateOf(page.body)?.user?.id).toBe(viewer.id);
    expect(bootStateOf(page.body)?.rendered).toBeUndefined();
    expect(logs.join("\n")).toMatch(/server rendering failed.*render exploded/);
  });
});

describe("the app's scripts on a rendered page", () => {
  it("start after the page's first paint: Vite's tags become one deferred starter listing the entry first", () => {
    const head =
      '<head><script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/shell-b.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/shell-c.css"></head>';
    expect(deferAppScripts(head, ["/assets/roster-screen-d.js"])).toBe(
      '<head><link rel="stylesheet" crossorigin href="/assets/shell-c.css">' +
        '<script defer src="/page-start.js" data-modules="/assets/index-a.js /assets/shell-b.js /assets/roster-screen-d.js"></script></head>',
    );
    expect(deferAppScripts("<head><title>x</title></head>", [])).toBe("<head><title>x</title></head>");
  });
});

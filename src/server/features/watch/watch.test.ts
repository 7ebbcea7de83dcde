import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import { call, TEST_ORIGIN } from "#tests/support/server.ts";
import { ADA_ADMIN, buildRunningShow, showDay } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { listen, openEventStream } from "#tests/support/sse.ts";
import { buildAppForTest, buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";
import { WATCH_REQUESTS_PER_MINUTE } from "./public-pages.ts";

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const owner = t.user({ name: "Olive Owner", email: "olive.owner@example.test" });
const trainer = t.user({ name: "Tess Trainer", roles: ["Trainer", "Owner"] });
const rider = t.user({ name: "Rita Rider" });
const stranger = t.user({ name: "Stan Stranger" });
const steward = t.user({ name: "Sam Steward" });

let show: Awaited<ReturnType<typeof buildRunningShow>>;
let pastShowId: string;
const horse = { id: "", name: "Midnight Sun" };
const otherHorse = { id: "", name: "Someone Elses Mare" };

const make = (user: SignedInUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t.app, "POST", "/api/watch-links", { cookie: user.cookie, body, headers });
let baseUrl: string | undefined;
const listening = async () => {
  baseUrl ??= await listen(t.app);
  return baseUrl;
};
const tokenOf = (url: string) => new URL(url).pathname.split("/").at(-1)!;
const page = (path: string) => t.app.inject({ method: "GET", url: path, headers: { accept: "text/html" } });

beforeAll(async () => {
  show = await buildRunningShow(t.app, admin);
  const named = await call(t.app, "PUT", `/api/shows/${show.show.id}/stewards`, {
    cookie: admin.cookie,
    body: { userIds: [steward.id] },
  });
  expect(named.statusCode).toBe(200);
  Object.assign(
    horse,
    await buildHorse(t.app, { name: horse.name, owners: [owner.id], trainers: [trainer.id] }),
  );
  Object.assign(otherHorse, await buildHorse(t.app, { name: otherHorse.name, owners: [stranger.id] }));
  const showId = show.show.id;
  await buildEntry(t.app, {
    userId: owner.id,
    showId,
    classId: "class-3",
    status: "HorseIsShowing",
    horseId: horse.id,
    riderId: rider.id,
  });
  await buildEntry(t.app, {
    userId: owner.id,
    showId,
    classId: "class-9",
    status: "HorseIsShowing",
    horseId: horse.id,
  });
  await buildEntry(t.app, {
    userId: stranger.id,
    showId,
    classId: "class-3",
    status: "HorseIsShowing",
    horseId: otherHorse.id,
  });
  // A placing posted for class 9, with the owner's name printed on the sheet: the page shows the placing only.
  await t.app.deps.db.db
    .insertInto("result")
    .values({
      id: "result-1",
      show_id: showId,
      class_id: "class-9",
      line_no: 1,
      placing: 2,
      horse_name: horse.name,
      rider_name: "Rita Rider",
      owner_name: "Olive Owner",
      horse_id: horse.id,
      horse_key: horse.id,
      points: 6,
      year: 2026,
      org: "",
      division_id: null,
    })
    .execute();
  const past = await buildShow(t.app, {
    name: "Last Month's Show",
    startOffset: -30,
    classes: ["Park Pleasure"],
  });
  pastShowId = past.id;
  await buildEntry(t.app, {
    userId: owner.id,
    showId: pastShowId,
    classId: "class-1",
    status: "HorseIsShowing",
    horseId: horse.id,
  });
});

describe("making a live link", () => {
  it("lets the owner, the trainer and the rider make one; the address carries a 256-bit token and the database only its hash", async () => {
    for (const user of [owner, trainer, rider]) {
      const res = await make(user, { horseId: horse.id, showId: show.show.id, showRider: false });
      expect(res.statusCode, user.name).toBe(201);
      const link = res.json();
      // It works through the day after the show's last day (the show runs yesterday to tomorrow).
      expect(link).toMatchObject({
        horseName: horse.name,
        createdByName: user.name,
        showRider: false,
        lastDay: showDay(2),
      });
      expect(new URL(link.url).origin).toBe(TEST_ORIGIN);
      const token = tokenOf(link.url);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const row = await t.app.deps.db.db
        .selectFrom("watch_link")
        .selectAll()
        .where("id", "=", link.id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(JSON.stringify(row)).not.toContain(token);
      // Expires at the end of the day after the show's last day, on its clock (Central time).
      expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + 24 * 3_600_000);
    }
  });

  it("refuses a stranger (403), a horse or show that does not exist (404), a horse not at the show and a show that is over (400)", async () => {
    const body = { horseId: horse.id, showId: show.show.id, showRider: false };
    expect((await make(stranger, body)).statusCode).toBe(403);
    expect((await make(stranger, body)).json().error.message).toBe(watchTexts.refusals.notAllowed);
    expect((await make(owner, { ...body, horseId: "no-such-horse" })).statusCode).toBe(404);
    expect((await make(owner, { ...body, showId: "no-such-show" })).statusCode).toBe(404);
    // The stranger's own horse, at a show it has no classes at.
    const notThere = await make(stranger, { horseId: otherHorse.id, showId: pastShowId, showRider: false });
    expect(notThere.statusCode).toBe(400);
    expect(notThere.json().error.message).toBe(watchTexts.refusals.notAtShow);
    const over = await make(owner, { horseId: horse.id, showId: pastShowId, showRider: false });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(watchTexts.refusals.showOver);
  });

  it("refuses without a session, without or with a foreign Origin, a huge, nested or extra body", async () => {
    const body = { horseId: horse.id, showId: show.show.id, showRider: false };
    expect((await call(t.app, "POST", "/api/watch-links", { body })).statusCode).toBe(401);
    const noOrigin = await t.app.inject({
      method: "POST",
      url: "/api/watch-links",
      headers: { cookie: owner.cookie, "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await make(owner, body, { origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await make(owner, { ...body, extra: 1 })).statusCode).toBe(400);
    expect((await make(owner, { ...body, showRider: { nested: [[[1]]] } })).statusCode).toBe(400);
    const huge = await make(owner, { ...body, horseId: "x".repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    const count = await t.app.deps.db.db
      .selectFrom("watch_link")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("created_by", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe("the page", () => {
  it("is server-rendered for anyone: the horse, its classes, times, placing; noindex, no cookie, no one's name or email, no other horse", async () => {
    const link = (await make(owner, { horseId: horse.id, showId: show.show.id, showRider: false })).json();
    const res = await page(new URL(link.url).pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["x-robots-tag"]).toContain("noindex");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    // Its own icon, or the browser asks for /favicon.ico and logs a 404 (a Lighthouse best-practices failure).
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    // Notify me holds its place from the start, not ready until the page's script enables it.
    expect(html).toContain('<button type="button" id="notify-button" disabled>Notify me</button>');
    expect(html).toContain("<h1>Midnight Sun</h1>");
    expect(html).toContain("Class 3 Walking Horses");
    expect(html).toContain("Class 9 Walking Horses");
    // Its classes only on the page (the page's data holds the show's printed schedule, for the estimates).
    const live = html.slice(html.indexOf('id="watch-live"'), html.indexOf('id="watch-heard"'));
    expect(live).not.toContain("Class 4 Walking Horses");
    expect(html).toContain("Placed 2nd");
    expect(html).toMatch(/Midnight Sun&#39;s next class: Class 3 ≈ \d+:\d\d [AP]M C[SD]T/);
    for (const secret of [
      "Olive Owner",
      "olive.owner@example.test",
      "Rita Rider",
      "Tess Trainer",
      otherHorse.name,
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    // Nothing of the signed-in app: no shell, no session read (a signed-in visitor gets the same page).
    const signedIn = await t.app.inject({
      method: "GET",
      url: new URL(link.url).pathname,
      headers: { accept: "text/html", cookie: owner.cookie },
    });
    expect(signedIn.body.replace(/As of [^<]*/, "")).toBe(html.replace(/As of [^<]*/, ""));
    expect(html).not.toContain("Olive");
  });

  it("names the rider only when its maker chose so", async () => {
    const link = (await make(rider, { horseId: horse.id, showId: show.show.id, showRider: true })).json();
    const html = (await page(new URL(link.url).pathname)).body;
    expect(html).toContain("Ridden by Rita Rider");
    expect(html).not.toContain("Olive Owner");
  });

  it("follows the ring: a steward's tap reaches the link's stream at once, without the steward's name", async () => {
    const url = await listening();
    const link = (await make(owner, { horseId: horse.id, showId: show.show.id, showRider: false })).json();
    const token = tokenOf(link.url);
    const stream = await openEventStream(url, undefined, { path: `/api/watch/${token}/events` });
    expect(stream.status).toBe(200);
    await stream.waitFor("ready");
    const started = await call(t.app, "POST", `/api/shows/${show.show.id}/ring/actions`, {
      cookie: steward.cookie,
      body: { kind: "start-session", sessionId: show.evening },
    });
    expect(started.statusCode).toBe(200);
    const inRing = await call(t.app, "POST", `/api/shows/${show.show.id}/ring/actions`, {
      cookie: steward.cookie,
      body: { kind: "in-ring", sessionId: show.evening, classId: "class-1", expectedInRing: null },
    });
    expect(inRing.statusCode).toBe(200);
    await stream.waitFor("ring", 2, 2000);
    const patches = stream.data.filter((d) => d.name === "ring").map((d) => JSON.parse(d.data));
    expect(patches.map((p) => p.showId)).toEqual([show.show.id, show.show.id]);
    expect(JSON.stringify(patches)).not.toContain("Sam Steward");
    expect(patches[0]).not.toHaveProperty("action");
    const html = (await page(new URL(link.url).pathname)).body;
    expect(html).toContain("In the ring now: Class 1 · Midnight Sun is 2 classes away");
    expect(html).not.toContain("Sam Steward");
    // The page's JSON for its script says no more.
    const day = await t.app.inject({ method: "GET", url: `/api/watch/${token}/day` });
    expect(day.statusCode).toBe(200);
    expect(day.headers["set-cookie"]).toBeUndefined();
    expect(day.body).not.toContain("Sam Steward");
    expect(day.body).not.toContain("Olive Owner");
    stream.close();
  });
});

describe("results on the page", () => {
  it("a class's results posted while the page is open reach its stream, and the page shows the placing", async () => {
    const url = await listening();
    const link = (await make(owner, { horseId: horse.id, showId: show.show.id, showRider: false })).json();
    const token = tokenOf(link.url);
    const stream = await openEventStream(url, undefined, { path: `/api/watch/${token}/events` });
    await stream.waitFor("ready");
    const posted = await call(t.app, "POST", `/api/shows/${show.show.id}/classes/class-3/results`, {
      cookie: steward.cookie,
      body: {
        lines: [
          {
            lineNo: 1,
            placing: 1,
            horse: "Someone Elses Mare",
            rider: "Stan",
            owner: "Stan",
            horseId: otherHorse.id,
          },
          {
            lineNo: 2,
            placing: 2,
            horse: horse.name,
            rider: "Rita Rider",
            owner: "Olive Owner",
            horseId: horse.id,
          },
        ],
      },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    await stream.waitFor("results", 1, 2000);
    const live = (await page(new URL(link.url).pathname)).body;
    expect(live.match(/Placed 2nd/g)?.length).toBe(2);
    // The other horse's placing is not on the page, nor the sheet's names.
    expect(live).not.toContain("Placed 1st");
    expect(live).not.toContain(otherHorse.name);
    expect(live).not.toContain("Olive Owner");
    stream.close();
  });
});

describe("a link that does not work", () => {
  const notFoundPage = async (path: string) => {
    const res = await page(path);
    expect(res.statusCode, path).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain(watchTexts.notFound.heading);
    return res.body;
  };

  it("answers guessed, malformed and encoded tokens with the same plain 404 page", async () => {
    const bodies = new Set<string>();
    for (const path of [
      `/watch/${"A".repeat(43)}`,
      "/watch/short",
      `/watch/${"x".repeat(99)}`,
      "/watch/%2e%2e%2fapi%2fme",
      "/watch/a'%22%3Cscript%3E",
      "/watch/id%00x",
      "/watch/id%1Fx",
    ]) {
      bodies.add(await notFoundPage(path));
    }
    expect(bodies.size).toBe(1);
    // A path that is not UTF-8 is refused by the router, before any route (400).
    expect((await page("/watch/%ff")).statusCode).toBe(400);
  });

  it("is revoked by its horse's people only; a revoked link 404s at once, its stream ends, and revoking twice is 404", async () => {
    const url = await listening();
    const link = (await make(trainer, { horseId: horse.id, showId: show.show.id, showRider: false })).json();
    const token = tokenOf(link.url);
    const stream = await openEventStream(url, undefined, { path: `/api/watch/${token}/events` });
    await stream.waitFor("ready");
    expect(
      (await call(t.app, "DELETE", `/api/watch-links/${link.id}`, { cookie: stranger.cookie })).statusCode,
    ).toBe(403);
    const noOrigin = await t.app.inject({
      method: "DELETE",
      url: `/api/watch-links/${link.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await page(`/watch/${token}`)).statusCode).toBe(200);
    const revoked = await call(t.app, "DELETE", `/api/watch-links/${link.id}`, { cookie: owner.cookie });
    expect(revoked.statusCode).toBe(204);
    await notFoundPage(`/watch/${token}`);
    await stream.waitFor("session-ended", 1, 2000);
    expect((await t.app.inject({ method: "GET", url: `/api/watch/${token}/day` })).statusCode).toBe(404);
    const again = await openEventStream(url, undefined, { path: `/api/watch/${token}/events` });
    expect(again.status).toBe(404);
    expect(JSON.parse(again.body).error.code).toBe(ERROR_CODES.notFound);
    expect(
      (await call(t.app, "DELETE", `/api/watch-links/${link.id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);
  });

  it("expires: a link past its expiry 404s", async () => {
    const link = (await make(owner, { horseId: horse.id, showId: show.show.id, showRider: false })).json();
    await t.app.deps.db.db
      .updateTable("watch_link")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", link.id)
      .execute();
    await notFoundPage(new URL(link.url).pathname);
  });

  it("is a token no other route accepts: not as an id, a cookie or a bearer", async () => {
    const link = (await make(owner, { horseId: horse.id, showId: show.show.id, showRider: false })).json();
    const token = tokenOf(link.url);
    expect(
      (await call(t.app, "DELETE", `/api/watch-links/${token}`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, "GET", `/api/horses/${token}/watch-links`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);
    expect((await call(t.app, "GET", `/api/shows/${token}/day`, { cookie: owner.cookie })).statusCode).toBe(
      404,
    );
    for (const headers of <Record<string, string>[]>[
      { cookie: `ringside.session_token=${token}` },
      { authorization: `Bearer ${token}` },
      { cookie: `watch=${token}` },
    ]) {
      expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers })).statusCode).not.toBe(200);
      expect(
        (
          await call(t.app, "POST", "/api/watch-links", {
            headers,
            body: { horseId: horse.id, showId: show.show.id, showRider: false },
          })
        ).statusCode,
      ).toBe(401);
      expect((await call(t.app, "DELETE", `/api/watch-links/${link.id}`, { headers })).statusCode).toBe(401);
    }
    // Only the page, its day, its stream and its Notify me (ADR 049) take a token in their path.
    const tokenRoutes = t.app.registeredRoutes.filter((r) => r.url.includes(":token")).map((r) => r.url);
    expect(new Set(tokenRoutes)).toEqual(
      new Set([
        "/watch/:token",
        "/api/watch/:token/day",
        "/api/watch/:token/events",
        "/api/watch/:token/push",
      ]),
    );
  });
});

describe("the horse's links", () => {
  it("lists them with who made them for its owners, trainers and rider; a stranger is refused", async () => {
    const mine = await call(t.app, "GET", `/api/horses/${horse.id}/watch-links`, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    const list = mine.json();
    expect(list.links.length).toBeGreaterThan(0);
    expect(list.links.every((l: { showId: string }) => l.showId === show.show.id)).toBe(true);
    expect(list.links.map((l: { createdByName: string }) => l.createdByName)).toContain("Rita Rider");
    expect(list.shows.map((s: { id: string }) => s.id)).toEqual([show.show.id]);
    const riders = await call(t.app, "GET", `/api/horses/${horse.id}/watch-links`, { cookie: rider.cookie });
    expect(riders.statusCode).toBe(200);
    expect(riders.json().links.length).toBe(list.links.length);
    expect(
      (await call(t.app, "GET", `/api/horses/${horse.id}/watch-links`, { cookie: stranger.cookie }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, "GET", `/api/horses/no-such-horse/watch-links`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(404);
  });

  it("offers a roster card the horses its viewer may share at the show", async () => {
    const horses = async (user: SignedInUser, showId = show.show.id) =>
      (await call(t.app, "GET", `/api/shows/${showId}/watch-horses`, { cookie: user.cookie })).json().horses;
    expect(await horses(owner)).toEqual([{ id: horse.id, name: horse.name }]);
    expect(await horses(rider)).toEqual([{ id: horse.id, name: horse.name }]);
    expect(await horses(stranger)).toEqual([{ id: otherHorse.id, name: otherHorse.name }]);
    expect(await horses(owner, pastShowId)).toEqual([]);
  });
});

describe("limits per address", () => {
  it(`answers an address's page requests past ${WATCH_REQUESTS_PER_MINUTE} a minute with 429`, async () => {
    const { app } = await buildAppForTest();
    const codes: number[] = [];
    for (let i = 0; i <= WATCH_REQUESTS_PER_MINUTE; i++) {
      codes.push((await app.inject({ method: "GET", url: `/watch/${"B".repeat(43)}` })).statusCode);
    }
    expect(codes.slice(0, WATCH_REQUESTS_PER_MINUTE).every((c) => c === 404)).toBe(true);
    const last = await app.inject({ method: "GET", url: `/watch/${"B".repeat(43)}` });
    expect(last.statusCode).toBe(429);
    expect(last.headers["retry-after"]).toBe("60");
    expect(last.body).toContain(watchTexts.tooMany.heading);
  });
});

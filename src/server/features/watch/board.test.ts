import { beforeAll, describe, expect, it } from "vitest";
import { boardTexts } from "#domain/texts/board.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN, buildRunningShow } from "#tests/support/show-day-factories.ts";
import { listen, openEventStream } from "#tests/support/sse.ts";
import { buildAppForTest, buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";
import { WATCH_REQUESTS_PER_MINUTE } from "./public-pages.ts";

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const steward = t.user({ name: "Sam Steward", email: "sam.steward@example.test" });
const otherSteward = t.user({ name: "Oscar Otherstew" });
const owner = t.user({ name: "Olive Owner", email: "olive.owner@example.test" });

let show: Awaited<ReturnType<typeof buildRunningShow>>;
let otherShowId: string;
let otherEvening: string;
let baseUrl: string | undefined;
const listening = async () => {
  baseUrl ??= await listen(t.app);
  return baseUrl;
};

const setting = (user: SignedInUser, showId = show.show.id) =>
  call(t.app, "GET", `/api/shows/${showId}/board`, { cookie: user.cookie });
const setBoard = (
  user: SignedInUser,
  body: unknown,
  showId = show.show.id,
  headers: Record<string, string> = {},
) => call(t.app, "PUT", `/api/shows/${showId}/board`, { cookie: user.cookie, body, headers });
const page = (path: string, cookie?: string) =>
  t.app.inject({ method: "GET", url: path, headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
const boardOf = () => `/shows/${show.show.id}/board`;
const tap = (body: Record<string, unknown>) =>
  call(t.app, "POST", `/api/shows/${show.show.id}/ring/actions`, { cookie: steward.cookie, body });

beforeAll(async () => {
  show = await buildRunningShow(t.app, admin);
  const other = await buildRunningShow(t.app, admin, { name: "Another Show" });
  otherShowId = other.show.id;
  otherEvening = other.evening;
  for (const [showId, user] of [
    [show.show.id, steward],
    [otherShowId, otherSteward],
  ] as const) {
    const named = await call(t.app, "PUT", `/api/shows/${showId}/stewards`, {
      cookie: admin.cookie,
      body: { userIds: [user.id] },
    });
    expect(named.statusCode).toBe(200);
  }
  // A result posted for class 1, with the sheet's rider and owner names: the board shows horse and placing.
  const posted = await call(t.app, "POST", `/api/shows/${show.show.id}/classes/class-1/results`, {
    cookie: admin.cookie,
    body: {
      lines: [
        {
          lineNo: 1,
          placing: 1,
          horse: "Sun Dancer",
          rider: "Rhonda Rider",
          owner: "Olive Owner",
          horseId: null,
        },
        {
          lineNo: 2,
          placing: 2,
          horse: "Night Train",
          rider: "Rhonda Rider",
          owner: "Olive Owner",
          horseId: null,
        },
      ],
    },
  });
  expect(posted.statusCode, posted.body).toBe(200);
});

describe("who may make the board public", () => {
  it("an admin and the show's steward may read and change it; the owner and another show's steward may not", async () => {
    expect((await setting(admin)).json()).toEqual({ public: false });
    expect((await setting(steward)).json()).toEqual({ public: false });
    const made = await setBoard(steward, { public: true });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({ public: true });
    expect((await setBoard(admin, { public: true })).json()).toEqual({ public: true });
    for (const user of [owner, otherSteward]) {
      const read = await setting(user);
      expect(read.statusCode, user.name).toBe(403);
      expect(read.json().error.message).toBe(boardTexts.refusals.notAllowed);
      expect((await setBoard(user, { public: false })).statusCode, user.name).toBe(403);
    }
    expect((await setting(admin)).json()).toEqual({ public: true });
    // The other show's steward runs their own show's board.
    expect((await setBoard(otherSteward, { public: true }, otherShowId)).statusCode).toBe(200);
    expect((await setBoard(otherSteward, { public: false }, otherShowId)).statusCode).toBe(200);
  });

  it("refuses without a session (401), an unknown show (404), a bad, extra, nested or huge body, and a missing or foreign Origin", async () => {
    expect((await call(t.app, "GET", `/api/shows/${show.show.id}/board`)).statusCode).toBe(401);
    expect(
      (await call(t.app, "PUT", `/api/shows/${show.show.id}/board`, { body: { public: false } })).statusCode,
    ).toBe(401);
    expect((await setting(admin, "no-such-show")).statusCode).toBe(404);
    expect((await setBoard(admin, { public: true }, "no-such-show")).statusCode).toBe(404);
    expect((await setBoard(admin, { public: "yes" })).statusCode).toBe(400);
    expect((await setBoard(admin, {})).statusCode).toBe(400);
    expect((await setBoard(admin, { public: false, extra: 1 })).statusCode).toBe(400);
    expect((await setBoard(admin, { public: { a: [[[[false]]]] } })).statusCode).toBe(400);
    expect((await setBoard(admin, { public: false, pad: "x".repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    const noOrigin = await t.app.inject({
      method: "PUT",
      url: `/api/shows/${show.show.id}/board`,
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ public: false }),
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(
      (await setBoard(admin, { public: false }, show.show.id, { origin: "https://evil.example" })).statusCode,
    ).toBe(403);
    // None of those changed it.
    expect((await setting(admin)).json()).toEqual({ public: true });
  });
});

describe("the board", () => {
  it("is server-rendered for anyone: each ring, progress, next classes, results; noindex, no cookie, nobody's name or email", async () => {
    await setBoard(admin, { public: true });
    const res = await page(boardOf());
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["x-robots-tag"]).toContain("noindex");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("Main Ring");
    expect(html).toContain("Seen 0 of 8");
    expect(html).toMatch(
      /<span class="num">1<\/span> <span class="name">Class 1 Walking Horses<\/span> <span class="at">≈ \d+:\d\d [AP]M C[SD]T/,
    );
    expect(html).toContain("Latest results");
    expect(html).toContain("Sun Dancer");
    expect(html).toContain(`href="${boardOf()}?display=1"`);
    for (const secret of [
      "Sam Steward",
      "sam.steward@example.test",
      "Ada Admin",
      "Olive Owner",
      "olive.owner@example.test",
      "Rhonda Rider",
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    // No session read: a signed-in visitor gets the same page.
    const signedIn = await page(boardOf(), admin.cookie);
    expect(signedIn.body.replace(/As of [^<]*/, "")).toBe(html.replace(/As of [^<]*/, ""));
    const day = await t.app.inject({ method: "GET", url: `/api/shows/${show.show.id}/board/day` });
    expect(day.statusCode).toBe(200);
    expect(day.headers["set-cookie"]).toBeUndefined();
    for (const secret of ["Sam Steward", "Ada Admin", "Olive Owner", "Rhonda Rider", "@example.test"]) {
      expect(day.body, secret).not.toContain(secret);
    }
  });

  it("has a display mode: no navigation, large type", async () => {
    const res = await page(`${boardOf()}?display=1`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body class="display">');
    expect(res.body).not.toContain("board-display-link");
    expect(res.body).toContain('data-display="1"');
  });

  it("follows the ring: a steward's tap reaches the board's stream at once, without the steward's name", async () => {
    await setBoard(admin, { public: true });
    const url = await listening();
    const stream = await openEventStream(url, undefined, { path: `/api/shows/${show.show.id}/board/events` });
    expect(stream.status).toBe(200);
    await stream.waitFor("ready");
    // Another show's taps do not reach it.
    await setBoard(admin, { public: true }, otherShowId);
    const elsewhere = await call(t.app, "POST", `/api/shows/${otherShowId}/ring/actions`, {
      cookie: otherSteward.cookie,
      body: { kind: "start-session", sessionId: otherEvening },
    });
    expect(elsewhere.statusCode).toBe(200);
    expect((await tap({ kind: "start-session", sessionId: show.evening })).statusCode).toBe(200);
    expect(
      (await tap({ kind: "in-ring", sessionId: show.evening, classId: "class-2", expectedInRing: null }))
        .statusCode,
    ).toBe(200);
    await stream.waitFor("ring", 2, 2000);
    const patches = stream.data.filter((d) => d.name === "ring").map((d) => JSON.parse(d.data));
    expect(patches.map((p) => p.showId)).toEqual([show.show.id, show.show.id]);
    expect(JSON.stringify(stream.data)).not.toContain("Sam Steward");
    expect(patches[0]).not.toHaveProperty("action");
    const html = (await page(boardOf())).body;
    expect(html).toContain("In the ring: Class 2 Class 2 Walking Horses");
    expect(html).not.toContain("Sam Steward");
    stream.close();
  });

  it("made private: the page, its day and new streams answer 404 at once, and open streams end", async () => {
    await setBoard(admin, { public: true });
    const url = await listening();
    const stream = await openEventStream(url, undefined, { path: `/api/shows/${show.show.id}/board/events` });
    await stream.waitFor("ready");
    expect((await setBoard(steward, { public: false })).json()).toEqual({ public: false });
    await stream.waitFor("session-ended", 1, 2000);
    const res = await page(boardOf());
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(watchTexts.notFound.heading);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/shows/${show.show.id}/board/day` })).statusCode,
    ).toBe(404);
    const again = await openEventStream(url, undefined, { path: `/api/shows/${show.show.id}/board/events` });
    expect(again.status).toBe(404);
    await setBoard(admin, { public: true });
    expect((await page(boardOf())).statusCode).toBe(200);
  });

  it("answers a private board, unknown, malformed and encoded ids with the watch link's plain 404 page", async () => {
    await setBoard(admin, { public: false });
    const notFound = (await page(`/watch/${"A".repeat(43)}`)).body;
    for (const path of [
      boardOf(),
      `${boardOf()}?display=1`,
      "/shows/no-such-show/board",
      `/shows/${"x".repeat(99)}/board`,
      "/shows/%2e%2e%2fapi%2fme/board",
      "/shows/a'%22%3Cscript%3E/board",
      "/shows/id%00x/board",
    ]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers["set-cookie"], path).toBeUndefined();
      expect(res.body, path).toBe(notFound);
    }
    expect((await page(`/shows/${otherShowId}/board`)).statusCode).toBe(200);
    await setBoard(admin, { public: true });
  });
});

describe("limits per address", () => {
  it(`answers an address's board requests past ${WATCH_REQUESTS_PER_MINUTE} a minute with 429`, async () => {
    const { app } = await buildAppForTest();
    const codes: number[] = [];
    for (let i = 0; i <= WATCH_REQUESTS_PER_MINUTE; i++) {
      codes.push((await app.inject({ method: "GET", url: "/shows/no-such-show/board" })).statusCode);
    }
    expect(codes.slice(0, WATCH_REQUESTS_PER_MINUTE).every((c) => c === 404)).toBe(true);
    const last = await app.inject({ method: "GET", url: "/shows/no-such-show/board" });
    expect(last.statusCode).toBe(429);
    expect(last.headers["retry-after"]).toBe("60");
    expect(last.body).toContain(watchTexts.tooMany.heading);
  });
});

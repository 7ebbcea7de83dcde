import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import { call, TEST_ORIGIN } from "#tests/support/server.ts";
import { ADA_ADMIN, buildRunningShow, showDay } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { listen, openEventStream } from "#tests/support/sse.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/** Barn links (issue 35, ADR 050), tried as an attacker would: who makes them, what the page holds. */

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const trainer = t.user({ name: "Tess Trainer", roles: ["Trainer", "Owner"] });
const otherTrainer = t.user({ name: "Otto Othertrainer", roles: ["Trainer"] });
const owner = t.user({ name: "Olive Owner", email: "olive.owner@example.test" });
const rider = t.user({ name: "Rita Rider", email: "rita.rider@example.test" });
const steward = t.user({ name: "Sam Steward" });

let show: Awaited<ReturnType<typeof buildRunningShow>>;
let pastShowId: string;
let elsewhereShowId: string;
const sun = { id: "", name: "Midnight Sun" };
const dawn = { id: "", name: "Dawn Patrol" };
const rival = { id: "", name: "Rival Barn Mare" };

const make = (
  user: SignedInUser | null,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => call(t.app, "POST", "/api/barn/watch-links", { cookie: user?.cookie, body, headers });
const makeOk = async (showRider = false) => {
  const res = await make(trainer, { showId: show.show.id, showRider });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
let baseUrl: string | undefined;
const listening = async () => {
  baseUrl ??= await listen(t.app);
  return baseUrl;
};
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/;
const tokenOf = (url: string) => new URL(url).pathname.split("/").at(-1)!;
const page = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: path, headers: { accept: "text/html", ...headers } });

beforeAll(async () => {
  show = await buildRunningShow(t.app, admin);
  const showId = show.show.id;
  expect(
    (
      await call(t.app, "PUT", `/api/shows/${showId}/stewards`, {
        cookie: admin.cookie,
        body: { userIds: [steward.id] },
      })
    ).statusCode,
  ).toBe(200);
  Object.assign(sun, await buildHorse(t.app, { name: sun.name, owners: [owner.id], trainers: [trainer.id] }));
  Object.assign(
    dawn,
    await buildHorse(t.app, { name: dawn.name, owners: [owner.id], trainers: [trainer.id] }),
  );
  Object.assign(
    rival,
    await buildHorse(t.app, { name: rival.name, owners: [owner.id], trainers: [otherTrainer.id] }),
  );
  const entry = (horseId: string, classId: string, riderId: string | null = null, at = showId) =>
    buildEntry(t.app, { userId: owner.id, showId: at, classId, status: "HorseIsShowing", horseId, riderId });
  await entry(sun.id, "class-3", rider.id);
  await entry(sun.id, "class-9");
  await entry(dawn.id, "class-5");
  await entry(rival.id, "class-3");
  await entry(rival.id, "class-4");
  pastShowId = (await buildShow(t.app, { name: "Last Month's Show", startOffset: -30, classes: ["Park"] }))
    .id;
  await entry(sun.id, "class-1", null, pastShowId);
  // A show to come where only the other barn has a horse.
  elsewhereShowId = (await buildShow(t.app, { name: "Rival's Show", startOffset: 20, classes: ["Park"] })).id;
  await entry(rival.id, "class-1", null, elsewhereShowId);
});

describe("making a barn link", () => {
  it("lets the trainer make one: a 256-bit token in the address, only its SHA-256 in the database", async () => {
    const link = await makeOk();
    expect(link).toMatchObject({ showId: show.show.id, createdByName: "Tess Trainer", lastDay: showDay(2) });
    expect(new URL(link.url).origin).toBe(TEST_ORIGIN);
    const token = tokenOf(link.url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.app.deps.db.db
      .selectFrom("barn_watch_link")
      .selectAll()
      .where("id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row.trainer_id).toBe(trainer.id);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + 24 * 3_600_000);
  });

  it("refuses no session (401), an owner, a rider and an admin who train nothing (403), a trainer without horses there (400), a show gone (404) or over (400)", async () => {
    const body = { showId: show.show.id, showRider: false };
    expect((await make(null, body)).statusCode).toBe(401);
    for (const user of [owner, rider, admin, steward]) {
      const res = await make(user, body);
      expect(res.statusCode, user.name).toBe(403);
      expect(res.json().error.message).toBe(watchTexts.refusals.barnNotAllowed);
    }
    // The other trainer's barn is at this show too (its own horse), but not at the past one.
    expect((await make(otherTrainer, body)).statusCode).toBe(201);
    const notThere = await make(trainer, { showId: elsewhereShowId, showRider: false });
    expect(notThere.statusCode).toBe(400);
    expect(notThere.json().error.message).toBe(watchTexts.refusals.barnNotAtShow);
    expect((await make(trainer, { showId: "no-such-show", showRider: false })).statusCode).toBe(404);
    const over = await make(trainer, { showId: pastShowId, showRider: false });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(watchTexts.refusals.showOver);
  });

  it("refuses without or with a foreign Origin, and an extra, nested or 2 MiB body", async () => {
    const body = { showId: show.show.id, showRider: false };
    const before = await countOf(trainer);
    const noOrigin = await t.app.inject({
      method: "POST",
      url: "/api/barn/watch-links",
      headers: { cookie: trainer.cookie, "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await make(trainer, body, { origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await make(trainer, { ...body, trainerId: otherTrainer.id })).statusCode).toBe(400);
    expect((await make(trainer, { ...body, horseId: rival.id })).statusCode).toBe(400);
    expect((await make(trainer, { ...body, showRider: { nested: [[[1]]] } })).statusCode).toBe(400);
    expect((await make(trainer, { ...body, showId: "x".repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    expect(await countOf(trainer)).toBe(before);
  });
});

const countOf = async (user: SignedInUser) =>
  Number(
    (
      await t.app.deps.db.db
        .selectFrom("barn_watch_link")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("created_by", "=", user.id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the barn's page", () => {
  it("is server-rendered for anyone: the barn's horses, their classes, times and placing; noindex, no cookie, Notify me with a box per horse; never another barn's horse, an owner or an email", async () => {
    // Class 9's results posted by the steward, the sheet printing the owner's and rider's names.
    const posted = await call(t.app, "POST", `/api/shows/${show.show.id}/classes/class-9/results`, {
      cookie: steward.cookie,
      body: {
        lines: [
          {
            lineNo: 1,
            placing: 1,
            horse: rival.name,
            rider: "Otto",
            owner: "Olive Owner",
            horseId: rival.id,
          },
          {
            lineNo: 2,
            placing: 2,
            horse: sun.name,
            rider: "Rita Rider",
            owner: "Olive Owner",
            horseId: sun.id,
          },
        ],
      },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const link = await makeOk();
    const res = await page(new URL(link.url).pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-robots-tag"]).toContain("noindex");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("<h1>Tess Trainer&#39;s barn</h1>");
    expect(html).toContain("<h2>Dawn Patrol</h2>");
    expect(html).toContain("<h2>Midnight Sun</h2>");
    expect(html.indexOf("<h2>Dawn Patrol</h2>")).toBeLessThan(html.indexOf("<h2>Midnight Sun</h2>"));
    expect(html).toContain("Class 3 Walking Horses");
    expect(html).toContain("Class 5 Walking Horses");
    expect(html).toContain("Class 9 Walking Horses");
    expect(html).toContain("Placed 2nd");
    expect(html).toMatch(/Midnight Sun&#39;s next class: Class 3 ≈ \d+:\d\d [AP]M C[SD]T/);
    expect(html).toMatch(/Dawn Patrol&#39;s next class: Class 5 ≈ \d+:\d\d [AP]M C[SD]T/);
    const live = html.slice(html.indexOf('id="watch-live"'), html.indexOf('id="watch-heard"'));
    expect(live).not.toContain("Class 4 Walking Horses");
    // Notify me (ADR 052): a box per horse of the barn at the show, ticked, disabled until the script runs.
    const notify = html.slice(
      html.indexOf('id="notify"'),
      html.indexOf("</section>", html.indexOf('id="notify"')),
    );
    expect(notify).toContain(`data-push="/api/watch/${tokenOf(link.url)}/push"`);
    expect(notify.match(/<input type="checkbox"[^>]*>/g)).toEqual([
      `<input type="checkbox" name="horse" value="${dawn.id}" checked disabled>`,
      `<input type="checkbox" name="horse" value="${sun.id}" checked disabled>`,
    ]);
    expect(notify).toContain('<button type="button" id="notify-button" disabled>Notify me</button>');
    expect(notify).toContain(`<noscript><p>${watchTexts.notify.needsScript}</p></noscript>`);
    for (const secret of [
      rival.name,
      "Otto Othertrainer",
      "Olive Owner",
      "olive.owner@example.test",
      "rita.rider@example.test",
      "Rita Rider",
      "Sam Steward",
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    expect(html).not.toMatch(EMAIL);
    // A signed-in visitor gets the same page: no session is read.
    const signedIn = await page(new URL(link.url).pathname, { cookie: owner.cookie });
    expect(signedIn.body.replace(/As of [^<]*/, "")).toBe(html.replace(/As of [^<]*/, ""));
    const day = await t.app.inject({ method: "GET", url: `/api/watch/${tokenOf(link.url)}/day` });
    expect(day.statusCode).toBe(200);
    expect(day.headers["set-cookie"]).toBeUndefined();
    for (const secret of [rival.name, "Olive Owner", "Rita Rider", "Otto"]) {
      expect(day.body, secret).not.toContain(secret);
    }
    expect(day.body).not.toMatch(EMAIL);
  });

  it("names riders only when the trainer chose so", async () => {
    const link = await makeOk(true);
    const html = (await page(new URL(link.url).pathname)).body;
    expect(html).toContain("Ridden by Rita Rider");
    expect(html).not.toContain("rita.rider@example.test");
  });

  it("follows the ring: a steward's tap reaches the barn's stream at once, without the steward's name", async () => {
    const url = await listening();
    const link = await makeOk();
    const token = tokenOf(link.url);
    const stream = await openEventStream(url, undefined, { path: `/api/watch/${token}/events` });
    expect(stream.status).toBe(200);
    await stream.waitFor("ready");
    for (const body of [
      { kind: "start-session", sessionId: show.evening },
      { kind: "in-ring", sessionId: show.evening, classId: "class-1", expectedInRing: null },
    ]) {
      const res = await call(t.app, "POST", `/api/shows/${show.show.id}/ring/actions`, {
        cookie: steward.cookie,
        body,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await stream.waitFor("ring", 2, 2000);
    expect(JSON.stringify(stream.data)).not.toContain("Sam Steward");
    const html = (await page(new URL(link.url).pathname)).body;
    expect(html).toContain("In the ring now: Class 1 · Midnight Sun is 2 classes away");
    expect(html).toContain("In the ring now: Class 1 · Dawn Patrol is 4 classes away");
    stream.close();
  });

  it("shows a horse only while it is in the barn: a horse whose trainer is removed leaves the page", async () => {
    const link = await makeOk();
    await t.app.deps.db.db
      .deleteFrom("horse_trainer")
      .where("horse_id", "=", dawn.id)
      .where("user_id", "=", trainer.id)
      .execute();
    try {
      const html = (await page(new URL(link.url).pathname)).body;
      expect(html).not.toContain("Dawn Patrol");
      expect(html).toContain("Midnight Sun");
    } finally {
      await t.app.deps.db.db
        .insertInto("horse_trainer")
        .values({ horse_id: dawn.id, user_id: trainer.id })
        .execute();
    }
  });
});

describe("a barn link that does not work", () => {
  const notFoundPage = async (path: string) => {
    const res = await page(path);
    expect(res.statusCode, path).toBe(404);
    expect(res.body).toContain(watchTexts.notFound.heading);
    return res.body;
  };

  it("is revoked by its trainer only; then its page, day and stream 404 at once, its open stream ends, and revoking twice is 404", async () => {
    const url = await listening();
    const link = await makeOk();
    const token = tokenOf(link.url);
    const stream = await openEventStream(url, undefined, { path: `/api/watch/${token}/events` });
    await stream.waitFor("ready");
    const revoke = (user: SignedInUser | null, headers: Record<string, string> = {}) =>
      call(t.app, "DELETE", `/api/barn/watch-links/${link.id}`, { cookie: user?.cookie, headers });
    expect((await revoke(null)).statusCode).toBe(401);
    for (const user of [otherTrainer, owner, rider, admin])
      expect((await revoke(user)).statusCode, user.name).toBe(403);
    // A horse link's revoke route does not know it.
    expect(
      (await call(t.app, "DELETE", `/api/watch-links/${link.id}`, { cookie: trainer.cookie })).statusCode,
    ).toBe(404);
    const noOrigin = await t.app.inject({
      method: "DELETE",
      url: `/api/barn/watch-links/${link.id}`,
      headers: { cookie: trainer.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await revoke(trainer, { origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await page(`/watch/${token}`)).statusCode).toBe(200);
    expect((await revoke(trainer)).statusCode).toBe(204);
    await notFoundPage(`/watch/${token}`);
    await stream.waitFor("session-ended", 1, 1000);
    expect((await t.app.inject({ method: "GET", url: `/api/watch/${token}/day` })).statusCode).toBe(404);
    const again = await openEventStream(url, undefined, { path: `/api/watch/${token}/events` });
    expect(again.status).toBe(404);
    expect(JSON.parse(again.body).error.code).toBe(ERROR_CODES.notFound);
    expect((await revoke(trainer)).statusCode).toBe(404);
  });

  it("expires: a barn link past its expiry 404s, page, day and stream", async () => {
    const url = await listening();
    const link = await makeOk();
    await t.app.deps.db.db
      .updateTable("barn_watch_link")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", link.id)
      .execute();
    const token = tokenOf(link.url);
    await notFoundPage(`/watch/${token}`);
    expect((await t.app.inject({ method: "GET", url: `/api/watch/${token}/day` })).statusCode).toBe(404);
    expect((await openEventStream(url, undefined, { path: `/api/watch/${token}/events` })).status).toBe(404);
  });

  it("answers a near miss, a truncated or padded token with the same 404 page", async () => {
    const token = tokenOf((await makeOk()).url);
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const bodies = new Set<string>();
    for (const path of [
      `/watch/${flipped}`,
      `/watch/${token.slice(0, 42)}`,
      `/watch/${token}x`,
      `/watch/${token.toLowerCase()}`,
    ]) {
      bodies.add(await notFoundPage(path));
    }
    expect(bodies.size).toBe(1);
  });

  it("is a token no other route takes: not as a link id, a show id, a cookie, a bearer", async () => {
    const link = await makeOk();
    const token = tokenOf(link.url);
    expect(
      (await call(t.app, "DELETE", `/api/barn/watch-links/${token}`, { cookie: trainer.cookie })).statusCode,
    ).toBe(404);
    expect((await call(t.app, "GET", `/api/shows/${token}/day`, { cookie: trainer.cookie })).statusCode).toBe(
      404,
    );
    for (const headers of <Record<string, string>[]>[
      { cookie: `ringside.session_token=${token}` },
      { authorization: `Bearer ${token}` },
    ]) {
      expect((await t.app.inject({ method: "GET", url: "/api/barn", headers })).statusCode).toBe(401);
      expect((await t.app.inject({ method: "GET", url: "/api/barn/watch-links", headers })).statusCode).toBe(
        401,
      );
      expect(
        (
          await call(t.app, "POST", "/api/barn/watch-links", {
            headers,
            body: { showId: show.show.id, showRider: false },
          })
        ).statusCode,
      ).toBe(401);
    }
  });
});

describe("the barn's links on the barn screen", () => {
  it("lists the trainer's working links with who made them and when, and the shows to share; anyone else sees none of them", async () => {
    const res = await call(t.app, "GET", "/api/barn/watch-links", { cookie: trainer.cookie });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.links.length).toBeGreaterThan(0);
    expect(
      list.links.every(
        (l: { createdByName: string; showId: string }) =>
          l.createdByName === "Tess Trainer" && l.showId === show.show.id,
      ),
    ).toBe(true);
    expect(list.shows.map((s: { id: string }) => s.id)).toEqual([show.show.id]);
    const others = (
      await call(t.app, "GET", "/api/barn/watch-links", { cookie: otherTrainer.cookie })
    ).json();
    expect(
      others.links.every((l: { createdByName: string }) => l.createdByName === "Otto Othertrainer"),
    ).toBe(true);
    expect(others.shows.map((s: { id: string }) => s.id).sort()).toEqual(
      [show.show.id, elsewhereShowId].sort(),
    );
    for (const user of [owner, rider, admin]) {
      expect(
        (await call(t.app, "GET", "/api/barn/watch-links", { cookie: user.cookie })).statusCode,
        user.name,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/barn/watch-links" })).statusCode).toBe(401);
  });
});

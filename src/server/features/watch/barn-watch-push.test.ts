import { beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { MAX_BARN_PUSH_HORSES } from "#domain/contracts/watch.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import type { PushServiceStandIn } from "#tests/support/push-service.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN, buildRunningShow } from "#tests/support/show-day-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";
import { enterHorse, expectEndpointsRefused, madeLink, notifyMeShow } from "#tests/support/watch-push.ts";
import { WATCH_PUSH_PER_ADDRESS, WATCH_PUSH_PER_LINK } from "./watch-push.service.ts";

/**
 * Notify me on a barn link's page (issue 35, ADR 052), as an attacker and as a barn's customers: the
 * barn token on the one write a token allows, the choice of horses (the barn's at the show, nobody
 * else's), the limits per address shared with horse links, and what reaches which browser.
 */

const PUSH = { vapidKeys: null, subject: "mailto:push@ringside.test", allowPrivateEndpoints: true };
// The local push service listens on 127.0.0.1 over http: this app allows that, as the e2e server does.
const t = buildTestApp({ push: PUSH });
const admin = t.user(ADA_ADMIN);
const trainer = t.user({ name: "Tess Trainer", roles: ["Trainer"] });
const otherTrainer = t.user({ name: "Otto Othertrainer", roles: ["Trainer"] });
const owner = t.user({ name: "Olive Owner" });
const steward = t.user({ name: "Sam Steward" });

let service: PushServiceStandIn;
let show: Awaited<ReturnType<typeof buildRunningShow>>;
const sun = { id: "", name: "Midnight Sun" };
const dawn = { id: "", name: "Dawn Patrol" };
/** The barn's, but not entered at this show. */
const home = { id: "", name: "Stays Home" };
/** Another barn's, in the same class as the barn's two. */
const rival = { id: "", name: "Rival Barn Mare" };

const tokenOf = (url: string) => new URL(url).pathname.split("/").at(-1)!;
const newBarnLink = async () => {
  const res = await call(t.app, "POST", "/api/barn/watch-links", {
    cookie: trainer.cookie,
    body: { showId: show.show.id, showRider: false },
  });
  return madeLink(res);
};

/** A fresh browser's subscription choosing `horses`. */
const browserChoosing = (...horses: { id: string }[]) => {
  const sub = service.subscribe(t.app.deps.push.publicKey);
  return { ...sub, body: { ...sub.json, horseIds: horses.map((h) => h.id) } };
};

const db = () => t.app.deps.db.db;
const subscriptionsOf = (barnLinkId: string) =>
  db().selectFrom("watch_push_subscription").selectAll().where("barn_link_id", "=", barnLinkId).execute();
const horsesOf = async (subscriptionId: string) =>
  (
    await db()
      .selectFrom("watch_push_horse")
      .select("horse_id")
      .where("subscription_id", "=", subscriptionId)
      .execute()
  )
    .map((h) => h.horse_id)
    .sort();
const everyRow = async () => ({
  subscriptions: await db().selectFrom("watch_push_subscription").selectAll().execute(),
  horses: await db().selectFrom("watch_push_horse").selectAll().execute(),
});

const running = notifyMeShow(t, admin, steward);
const { ring, drain, push } = running;

beforeAll(async () => {
  service = running.service();
  show = running.show();
  for (const [horse, trainerId] of [
    [sun, trainer.id],
    [dawn, trainer.id],
    [home, trainer.id],
    [rival, otherTrainer.id],
  ] as const) {
    Object.assign(
      horse,
      await buildHorse(t.app, { name: horse.name, owners: [owner.id], trainers: [trainerId] }),
    );
  }
  for (const horse of [sun, dawn, rival])
    await enterHorse(t.app, owner.id, show.show.id, horse.id, "class-4");
});

describe("Notify me on a barn's page: the one write its token allows", () => {
  it("subscribes a browser without an account to the horses it ticks; the same browser again changes its choice, one row", async () => {
    const link = await newBarnLink();
    const phone = browserChoosing(sun);
    const first = await push("POST", link.token, phone.body);
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers["set-cookie"]).toBeUndefined();
    const again = await push("POST", link.token, { ...phone.body, horseIds: [dawn.id, sun.id, dawn.id] });
    expect(again.statusCode, again.body).toBe(204);
    const rows = await subscriptionsOf(link.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: phone.json.endpoint, address: "198.51.100.7", link_id: null });
    expect(await horsesOf(rows[0]!.id)).toEqual([sun.id, dawn.id].sort());
    expect((await push("DELETE", link.token, { endpoint: phone.json.endpoint })).statusCode).toBe(204);
    expect(await subscriptionsOf(link.id)).toEqual([]);
    expect((await everyRow()).horses).toEqual([]);
  });

  it("refuses no or a foreign Origin (403), and a guessed, malformed, revoked or expired barn token with the horse link's 404", async () => {
    const link = await newBarnLink();
    const phone = browserChoosing(sun);
    const noOrigin = await t.app.inject({
      method: "POST",
      url: `/api/watch/${link.token}/push`,
      remoteAddress: "198.51.100.7",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(phone.body),
    });
    expect(noOrigin.statusCode).toBe(403);
    const foreign = await push("POST", link.token, phone.body, {
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    const flipped = `${link.token.slice(0, -1)}${link.token.endsWith("A") ? "B" : "A"}`;
    for (const token of [flipped, link.token.slice(0, 42), `${link.token}x`, "not-a-token", link.id]) {
      const res = await push("POST", token, phone.body);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error).toEqual({
        code: ERROR_CODES.notFound,
        message: watchTexts.refusals.linkNotFound,
      });
    }
    const expired = await newBarnLink();
    await db()
      .updateTable("barn_watch_link")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", expired.id)
      .execute();
    const revoked = await newBarnLink();
    expect(
      (await call(t.app, "DELETE", `/api/barn/watch-links/${revoked.id}`, { cookie: trainer.cookie }))
        .statusCode,
    ).toBe(204);
    for (const gone of [expired, revoked]) {
      const res = await push("POST", gone.token, phone.body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(watchTexts.refusals.linkNotFound);
      expect((await push("DELETE", gone.token, { endpoint: phone.json.endpoint })).statusCode).toBe(404);
    }
    expect(await everyRow()).toEqual({ subscriptions: [], horses: [] });
  });

  it("refuses a horse of another barn, of this barn not at this show, none, too many, and a choice on a horse's link: 400, nothing written", async () => {
    const link = await newBarnLink();
    const phone = browserChoosing(sun);
    const refusals: [unknown, string][] = [
      [{ ...phone.body, horseIds: [rival.id] }, watchTexts.notify.notBarnHorse],
      [{ ...phone.body, horseIds: [sun.id, rival.id] }, watchTexts.notify.notBarnHorse],
      [{ ...phone.body, horseIds: [home.id] }, watchTexts.notify.notBarnHorse],
      [{ ...phone.body, horseIds: ["no-such-horse"] }, watchTexts.notify.notBarnHorse],
      [{ ...phone.body, horseIds: [] }, watchTexts.notify.chooseHorse],
      [phone.json, watchTexts.notify.chooseHorse],
    ];
    for (const [body, message] of refusals) {
      const res = await push("POST", link.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual({ code: ERROR_CODES.badRequest, message });
    }
    const tooMany = await push("POST", link.token, {
      ...phone.body,
      horseIds: Array.from({ length: MAX_BARN_PUSH_HORSES + 1 }, () => sun.id),
    });
    expect(tooMany.statusCode).toBe(400);
    // The other barn's link does not make its horse choosable here, nor this barn's horse there.
    const theirs = await call(t.app, "POST", "/api/barn/watch-links", {
      cookie: otherTrainer.cookie,
      body: { showId: show.show.id, showRider: false },
    });
    expect(theirs.statusCode).toBe(201);
    const onTheirs = await push("POST", tokenOf(theirs.json().url), phone.body);
    expect(onTheirs.statusCode).toBe(400);
    expect(onTheirs.json().error.message).toBe(watchTexts.notify.notBarnHorse);
    // A horse's link has its one horse: a choice there is refused.
    const horseLink = await call(t.app, "POST", "/api/watch-links", {
      cookie: owner.cookie,
      body: { horseId: sun.id, showId: show.show.id, showRider: false },
    });
    expect(horseLink.statusCode, horseLink.body).toBe(201);
    const onHorse = await push("POST", tokenOf(horseLink.json().url), phone.body);
    expect(onHorse.statusCode).toBe(400);
    expect(onHorse.json().error.message).toBe(watchTexts.notify.noChoiceHere);
    expect(await everyRow()).toEqual({ subscriptions: [], horses: [] });
  });

  it("refuses extra, nested, malformed and huge bodies (400/413), nothing written", async () => {
    const link = await newBarnLink();
    const phone = browserChoosing(sun);
    for (const body of [
      { ...phone.body, extra: 1 },
      { ...phone.body, trainerId: otherTrainer.id },
      { ...phone.body, horseIds: [[sun.id]] },
      { ...phone.body, horseIds: { $in: [sun.id] } },
      { ...phone.body, horseIds: sun.id },
      { ...phone.body, horseIds: ["x".repeat(65)] },
      { ...phone.body, keys: { ...phone.json.keys, nested: [[[[1]]]] } },
      [phone.body],
      null,
    ]) {
      const res = await push("POST", link.token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.code).toBe(ERROR_CODES.badRequest);
    }
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    expect((await push("POST", link.token, null, { raw: deep })).statusCode).toBe(413);
    const huge = await push("POST", link.token, {
      ...phone.body,
      horseIds: [sun.id, "y".repeat(2 * 1024 * 1024)],
    });
    expect(huge.statusCode).toBe(413);
    expect(await everyRow()).toEqual({ subscriptions: [], horses: [] });
  });

  it(`holds ${WATCH_PUSH_PER_LINK} browsers of one address per barn link and ${WATCH_PUSH_PER_ADDRESS} over every link of either kind: past that 429`, async () => {
    const link = await newBarnLink();
    for (let i = 0; i < WATCH_PUSH_PER_LINK; i++) {
      const res = await push("POST", link.token, browserChoosing(sun).body, { address: "203.0.113.5" });
      expect(res.statusCode).toBe(204);
    }
    const over = await push("POST", link.token, browserChoosing(sun).body, { address: "203.0.113.5" });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toEqual({
      code: ERROR_CODES.tooManyRequests,
      message: watchTexts.notify.tooMany,
    });
    expect(
      (await push("POST", link.token, browserChoosing(dawn).body, { address: "203.0.113.6" })).statusCode,
    ).toBe(204);
    // One address over a horse's link and barn links: one ceiling.
    const horseLink = await call(t.app, "POST", "/api/watch-links", {
      cookie: owner.cookie,
      body: { horseId: dawn.id, showId: show.show.id, showRider: false },
    });
    const horseToken = tokenOf(horseLink.json().url);
    for (let j = 0; j < WATCH_PUSH_PER_LINK; j++) {
      const res = await push("POST", horseToken, service.subscribe(t.app.deps.push.publicKey).json, {
        address: "203.0.113.9",
      });
      expect(res.statusCode).toBe(204);
    }
    let refused = 0;
    for (let i = 0; i < WATCH_PUSH_PER_ADDRESS / WATCH_PUSH_PER_LINK; i++) {
      const other = await newBarnLink();
      for (let j = 0; j < WATCH_PUSH_PER_LINK; j++) {
        const res = await push("POST", other.token, browserChoosing(sun).body, { address: "203.0.113.9" });
        if (res.statusCode === 429) refused++;
        else expect(res.statusCode).toBe(204);
      }
    }
    expect(refused).toBe(WATCH_PUSH_PER_LINK);
    const held = await db()
      .selectFrom("watch_push_subscription")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("address", "=", "203.0.113.9")
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(WATCH_PUSH_PER_ADDRESS);
    await db().deleteFrom("watch_push_subscription").execute();
  });
});

describe("Notify me on a barn's page, on a server that pushes to public addresses only", () => {
  const strict = buildTestApp();
  const coach = strict.user({ name: "Cora Coach", roles: ["Trainer"] });
  const strictAdmin = strict.user(ADA_ADMIN);

  it("refuses an endpoint that is not https or is on a private or loopback address", async () => {
    const running = await buildRunningShow(strict.app, strictAdmin);
    const pony = await buildHorse(strict.app, {
      name: "Little Pony",
      owners: [coach.id],
      trainers: [coach.id],
    });
    await buildEntry(strict.app, {
      userId: coach.id,
      showId: running.show.id,
      classId: "class-2",
      status: "HorseIsShowing",
      horseId: pony.id,
    });
    const made = await call(strict.app, "POST", "/api/barn/watch-links", {
      cookie: coach.cookie,
      body: { showId: running.show.id, showRider: false },
    });
    const { token } = madeLink(made);
    const keys = service.subscribe(strict.app.deps.push.publicKey).json.keys;
    await expectEndpointsRefused(strict.app, token, (endpoint) => ({ endpoint, keys, horseIds: [pony.id] }));
    expect(await strict.app.deps.db.db.selectFrom("watch_push_subscription").selectAll().execute()).toEqual(
      [],
    );
    expect(await strict.app.deps.db.db.selectFrom("watch_push_horse").selectAll().execute()).toEqual([]);
  });
});

describe("what Notify me sends from a barn's page", () => {
  it("each alert to the browsers that chose its horse, named in it; a horse that leaves the barn stops; a revoke ends it", async () => {
    const link = await newBarnLink();
    const sunOnly = browserChoosing(sun);
    const dawnOnly = browserChoosing(dawn);
    const both = browserChoosing(sun, dawn);
    for (const [i, phone] of [sunOnly, dawnOnly, both].entries()) {
      expect(
        (await push("POST", link.token, phone.body, { address: `198.51.100.${20 + i}` })).statusCode,
      ).toBe(204);
    }
    const bodies = (phone: { id: string }) => service.for(phone.id).map((m) => m.message.body);

    // Class 4 (both barn horses and the rival's) is three classes away once class 1 is in the ring.
    expect((await ring({ kind: "start-session", sessionId: show.evening })).statusCode).toBe(200);
    const first = await ring({
      kind: "in-ring",
      sessionId: show.evening,
      classId: "class-1",
      expectedInRing: null,
    });
    expect(first.statusCode, first.body).toBe(200);
    await drain();
    await service.waitFor(
      () =>
        service.for(sunOnly.id).length + service.for(dawnOnly.id).length + service.for(both.id).length === 4,
    );
    expect(service.rejected).toEqual([]);
    const away = (horse: string) => new RegExp(`^${horse} is 3 classes away: Class 4 ≈ \\d+:\\d\\d [AP]M`);
    expect(bodies(sunOnly)).toEqual([expect.stringMatching(away(sun.name))]);
    expect(service.for(sunOnly.id)[0]?.message.title).toBe(sun.name);
    expect(bodies(dawnOnly)).toEqual([expect.stringMatching(away(dawn.name))]);
    expect(service.for(dawnOnly.id)[0]?.message.title).toBe(dawn.name);
    expect(bodies(both).sort()).toEqual([
      expect.stringMatching(away(dawn.name)),
      expect.stringMatching(away(sun.name)),
    ]);
    // Two horses in one class are two messages on the lock screen, not one replacing the other.
    expect(new Set(service.for(both.id).map((m) => m.message.tag)).size).toBe(2);
    expect(JSON.stringify(service.received)).not.toContain(rival.name);

    // Dawn Patrol leaves the barn (its trainer removed): it says nothing more, to anyone.
    await db().deleteFrom("horse_trainer").where("horse_id", "=", dawn.id).execute();
    for (const classId of ["class-2", "class-3", "class-4"]) {
      const res = await ring({
        kind: "in-ring",
        sessionId: show.evening,
        classId,
        expectedInRing: `class-${Number(classId.slice(-1)) - 1}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await drain();
    await service.waitFor(() => service.for(sunOnly.id).length === 2 && service.for(both.id).length === 3);
    expect(bodies(sunOnly)[1]).toBe("Midnight Sun is in the ring: Class 4");
    expect(bodies(both)[2]).toBe("Midnight Sun is in the ring: Class 4");
    expect(bodies(dawnOnly)).toHaveLength(1);

    const posted = await call(t.app, "POST", `/api/shows/${show.show.id}/classes/class-4/results`, {
      cookie: steward.cookie,
      body: {
        lines: [
          { lineNo: 1, placing: 1, horse: rival.name, rider: "A", owner: "B", horseId: rival.id },
          { lineNo: 2, placing: 2, horse: sun.name, rider: "Rita", owner: "Olive Owner", horseId: sun.id },
          { lineNo: 3, placing: 3, horse: dawn.name, rider: "Rob", owner: "Olive Owner", horseId: dawn.id },
        ],
      },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    await drain();
    await service.waitFor(() => service.for(sunOnly.id).length === 3 && service.for(both.id).length === 4);
    expect(bodies(sunOnly)[2]).toBe("Midnight Sun placed 2nd in Class 4");
    expect(bodies(both)[3]).toBe("Midnight Sun placed 2nd in Class 4");
    expect(bodies(dawnOnly)).toHaveLength(1);
    expect(JSON.stringify(service.received)).not.toContain(rival.name);

    // Revoked on the barn screen's route: its subscriptions go, and nothing more is sent.
    expect(
      (await call(t.app, "DELETE", `/api/barn/watch-links/${link.id}`, { cookie: trainer.cookie }))
        .statusCode,
    ).toBe(204);
    expect(await subscriptionsOf(link.id)).toEqual([]);
    expect((await everyRow()).horses).toEqual([]);
    const correction = await call(t.app, "PUT", `/api/shows/${show.show.id}/classes/class-4/results`, {
      cookie: steward.cookie,
      body: {
        version: posted.json().version as number,
        lines: [
          { lineNo: 1, placing: 1, horse: sun.name, rider: "Rita", owner: "Olive Owner", horseId: sun.id },
        ],
      },
    });
    expect(correction.statusCode, correction.body).toBe(200);
    await drain();
    expect(service.for(sunOnly.id)).toHaveLength(3);
    expect(service.for(both.id)).toHaveLength(4);
    expect(await db().selectFrom("watch_push_delivery").selectAll().execute()).toEqual([]);
  });
});

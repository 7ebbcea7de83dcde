import { beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import type { PushServiceStandIn } from "#tests/support/push-service.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN, buildRunningShow } from "#tests/support/show-day-factories.ts";
import { buildTestApp } from "#tests/support/test-app.ts";
import { enterHorse, expectEndpointsRefused, madeLink, notifyMeShow } from "#tests/support/watch-push.ts";
import { WATCH_PUSH_PER_ADDRESS, WATCH_PUSH_PER_LINK } from "./watch-push.service.ts";

/**
 * Notify me on a watch link's page (issue 35, ADR 049), as an attacker and as a family: the one write a
 * link's token allows, its limits per address, and what it sends through a real (local) push service.
 */

const PUSH = { vapidKeys: null, subject: "mailto:push@ringside.test", allowPrivateEndpoints: true };
// The local push service listens on 127.0.0.1 over http: this app allows that, as the e2e server does.
const t = buildTestApp({ push: PUSH });
const admin = t.user(ADA_ADMIN);
const owner = t.user({ name: "Olive Owner" });
const steward = t.user({ name: "Sam Steward" });

let service: PushServiceStandIn;
let show: Awaited<ReturnType<typeof buildRunningShow>>;
const horse = { id: "", name: "Midnight Sun" };

const newLink = async () => {
  const res = await call(t.app, "POST", "/api/watch-links", {
    cookie: owner.cookie,
    body: { horseId: horse.id, showId: show.show.id, showRider: false },
  });
  return madeLink(res);
};

const subscriptionsOf = (linkId: string) =>
  t.app.deps.db.db.selectFrom("watch_push_subscription").selectAll().where("link_id", "=", linkId).execute();

const running = notifyMeShow(t, admin, steward);
const { ring, drain, push } = running;

beforeAll(async () => {
  service = running.service();
  show = running.show();
  Object.assign(horse, await buildHorse(t.app, { name: horse.name, owners: [owner.id] }));
  await enterHorse(t.app, owner.id, show.show.id, horse.id, "class-4");
});

describe("Notify me: the one write a link's token allows", () => {
  it("subscribes a browser without an account; the same browser again keeps one row", async () => {
    const link = await newLink();
    const sub = service.subscribe(t.app.deps.push.publicKey);
    expect((await push("POST", link.token, sub.json)).statusCode).toBe(204);
    const again = await push("POST", link.token, sub.json);
    expect(again.statusCode).toBe(204);
    expect(again.headers["set-cookie"]).toBeUndefined();
    const rows = await subscriptionsOf(link.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: sub.json.endpoint, address: "198.51.100.7" });
    expect((await push("DELETE", link.token, { endpoint: sub.json.endpoint })).statusCode).toBe(204);
    expect(await subscriptionsOf(link.id)).toHaveLength(0);
  });

  it("refuses no or a foreign Origin, unknown, malformed, revoked and expired tokens (404 like the page), and the token anywhere else", async () => {
    const link = await newLink();
    const sub = service.subscribe(t.app.deps.push.publicKey).json;
    const noOrigin = await t.app.inject({
      method: "POST",
      url: `/api/watch/${link.token}/push`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(sub),
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(
      (await push("POST", link.token, sub, { headers: { origin: "https://evil.example" } })).statusCode,
    ).toBe(403);
    for (const token of [
      "A".repeat(43),
      "not-a-token",
      `${link.token}x`,
      encodeURIComponent(`${link.token}\u00e9`),
    ]) {
      const res = await push("POST", token, sub);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error).toEqual({
        code: ERROR_CODES.notFound,
        message: watchTexts.refusals.linkNotFound,
      });
    }
    // The token is no id and no session to any other write.
    expect((await push("POST", link.id, sub)).statusCode).toBe(404);
    expect(
      (
        await call(t.app, "POST", "/api/push/devices", {
          headers: { authorization: `Bearer ${link.token}` },
          body: { ...sub, timeZone: "UTC" },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, "DELETE", `/api/watch-links/${link.token}`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);

    const expired = await newLink();
    await t.app.deps.db.db
      .updateTable("watch_link")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", expired.id)
      .execute();
    expect((await push("POST", expired.token, sub)).statusCode).toBe(404);
    const revoked = await newLink();
    expect(
      (await call(t.app, "DELETE", `/api/watch-links/${revoked.id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(204);
    expect((await push("POST", revoked.token, sub)).statusCode).toBe(404);
    expect((await push("DELETE", revoked.token, { endpoint: sub.endpoint })).statusCode).toBe(404);
    expect(await subscriptionsOf(expired.id)).toHaveLength(0);
    expect(await subscriptionsOf(revoked.id)).toHaveLength(0);
  });

  it("refuses malformed, extra, nested and huge bodies, bad keys, in the one error shape", async () => {
    const link = await newLink();
    const sub = service.subscribe(t.app.deps.push.publicKey).json;
    const bad = [
      { ...sub, extra: 1 },
      { ...sub, keys: { ...sub.keys, nested: [[[[1]]]] } },
      { ...sub, keys: { p256dh: sub.keys.p256dh.slice(0, 40), auth: sub.keys.auth } },
      { ...sub, keys: { p256dh: sub.keys.p256dh, auth: "AAAA" } },
      { ...sub, endpoint: "not a url" },
      { endpoint: { $ne: null } },
      [sub],
      null,
    ];
    for (const body of bad) {
      const res = await push("POST", link.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe(ERROR_CODES.badRequest);
    }
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    expect((await push("POST", link.token, null, { raw: deep })).statusCode).toBe(413);
    const huge = await push("POST", link.token, {
      ...sub,
      endpoint: `${sub.endpoint}?${"x".repeat(2 * 1024 * 1024)}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(await subscriptionsOf(link.id)).toHaveLength(0);
  });

  it(`holds ${WATCH_PUSH_PER_LINK} browsers of one address per link and ${WATCH_PUSH_PER_ADDRESS} in all: past that 429`, async () => {
    const link = await newLink();
    const key = t.app.deps.push.publicKey;
    for (let i = 0; i < WATCH_PUSH_PER_LINK; i++) {
      expect(
        (await push("POST", link.token, service.subscribe(key).json, { address: "203.0.113.5" })).statusCode,
      ).toBe(204);
    }
    const over = await push("POST", link.token, service.subscribe(key).json, { address: "203.0.113.5" });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toEqual({
      code: ERROR_CODES.tooManyRequests,
      message: watchTexts.notify.tooMany,
    });
    // Another address on the same link is not held back.
    expect(
      (await push("POST", link.token, service.subscribe(key).json, { address: "203.0.113.6" })).statusCode,
    ).toBe(204);
    // Over many links, one address stops at its ceiling.
    let refused = 0;
    for (let i = 0; i < WATCH_PUSH_PER_ADDRESS / WATCH_PUSH_PER_LINK + 1; i++) {
      const other = await newLink();
      for (let j = 0; j < WATCH_PUSH_PER_LINK; j++) {
        const res = await push("POST", other.token, service.subscribe(key).json, { address: "203.0.113.9" });
        if (res.statusCode === 429) refused++;
        else expect(res.statusCode).toBe(204);
      }
    }
    expect(refused).toBe(WATCH_PUSH_PER_LINK);
    const held = await t.app.deps.db.db
      .selectFrom("watch_push_subscription")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("address", "=", "203.0.113.9")
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(WATCH_PUSH_PER_ADDRESS);
  });
});

describe("Notify me on a server that pushes to public addresses only", () => {
  const strict = buildTestApp();
  const maker = strict.user({ name: "Pat Owner" });
  const strictAdmin = strict.user(ADA_ADMIN);

  it("refuses an endpoint that is not https or is on a private or loopback address", async () => {
    const running = await buildRunningShow(strict.app, strictAdmin);
    const pony = await buildHorse(strict.app, { name: "Little Pony", owners: [maker.id] });
    await buildEntry(strict.app, {
      userId: maker.id,
      showId: running.show.id,
      classId: "class-2",
      status: "HorseIsShowing",
      horseId: pony.id,
    });
    const made = await call(strict.app, "POST", "/api/watch-links", {
      cookie: maker.cookie,
      body: { horseId: pony.id, showId: running.show.id, showRider: false },
    });
    const { token } = madeLink(made);
    const keys = service.subscribe(strict.app.deps.push.publicKey).json.keys;
    await expectEndpointsRefused(strict.app, token, (endpoint) => ({ endpoint, keys }));
    const rows = await strict.app.deps.db.db.selectFrom("watch_push_subscription").selectAll().execute();
    expect(rows).toEqual([]);
  });
});

describe("what Notify me sends", () => {
  it("'3 classes away', 'in the ring' and 'placed 2nd' once each, through the push service; a gone browser is removed; a revoked link sends nothing", async () => {
    const link = await newLink();
    const key = t.app.deps.push.publicKey;
    const phone = service.subscribe(key);
    const gone = service.subscribe(key);
    expect((await push("POST", link.token, phone.json)).statusCode).toBe(204);
    expect((await push("POST", link.token, gone.json, { address: "198.51.100.8" })).statusCode).toBe(204);
    service.answerNext(gone.id, 410);

    // Class 4 is three classes away once class 1 is in the ring.
    expect((await ring({ kind: "start-session", sessionId: show.evening })).statusCode).toBe(200);
    expect(
      (await ring({ kind: "in-ring", sessionId: show.evening, classId: "class-1", expectedInRing: null }))
        .statusCode,
    ).toBe(200);
    await drain();
    await service.waitFor(() => service.for(phone.id).length === 1);
    expect(service.rejected).toEqual([]);
    const [away] = service.for(phone.id);
    expect(away?.message).toMatchObject({ title: horse.name });
    expect(away?.message.body).toMatch(/^Midnight Sun is 3 classes away: Class 4 ≈ /);
    expect(away?.urgency).toBe("high");
    // The gone browser answered 410: it is no longer held.
    expect((await subscriptionsOf(link.id)).map((s) => s.endpoint)).toEqual([phone.json.endpoint]);

    // Undo and redo send nothing twice; the class going in sends "in the ring" once.
    const moved = await ring({
      kind: "in-ring",
      sessionId: show.evening,
      classId: "class-2",
      expectedInRing: "class-1",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await drain();
    for (const classId of ["class-3", "class-4"]) {
      const res = await ring({
        kind: "in-ring",
        sessionId: show.evening,
        classId,
        expectedInRing: classId === "class-3" ? "class-2" : "class-3",
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await drain();
    await service.waitFor(() => service.for(phone.id).length === 2);
    expect(service.for(phone.id)[1]?.message.body).toBe("Midnight Sun is in the ring: Class 4");

    const posted = await call(t.app, "POST", `/api/shows/${show.show.id}/classes/class-4/results`, {
      cookie: steward.cookie,
      body: {
        lines: [
          { lineNo: 1, placing: 1, horse: "Another Horse", rider: "A", owner: "B", horseId: null },
          {
            lineNo: 2,
            placing: 2,
            horse: horse.name,
            rider: "Rita",
            owner: "Olive Owner",
            horseId: horse.id,
          },
        ],
      },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    await drain();
    await service.waitFor(() => service.for(phone.id).length === 3);
    expect(service.for(phone.id)[2]?.message.body).toBe("Midnight Sun placed 2nd in Class 4");
    const alerts = await t.app.deps.db.db
      .selectFrom("watch_push_alert")
      .select(["class_id", "kind"])
      .where(
        "subscription_id",
        "in",
        (await subscriptionsOf(link.id)).map((s) => s.id),
      )
      .execute();
    expect(alerts.map((a) => `${a.class_id} ${a.kind}`).sort()).toEqual(
      ["class-4 away", "class-4 placed:2", "class-4 ring"].sort(),
    );

    // Revoked: its subscriptions are gone and nothing more is sent.
    expect(
      (await call(t.app, "DELETE", `/api/watch-links/${link.id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(204);
    expect(await subscriptionsOf(link.id)).toEqual([]);
    const version = posted.json().version as number;
    const correction = await call(t.app, "PUT", `/api/shows/${show.show.id}/classes/class-4/results`, {
      cookie: steward.cookie,
      body: {
        version,
        lines: [
          {
            lineNo: 1,
            placing: 1,
            horse: horse.name,
            rider: "Rita",
            owner: "Olive Owner",
            horseId: horse.id,
          },
        ],
      },
    });
    expect(correction.statusCode, correction.body).toBe(200);
    await drain();
    expect(service.for(phone.id)).toHaveLength(3);
    const queued = await t.app.deps.db.db.selectFrom("watch_push_delivery").selectAll().execute();
    expect(queued).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { RingActionBody, ShowDay } from "#domain/contracts/show-day.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";
import { buildEntry, buildHorse, storedNotifications } from "#tests/support/entries-factories.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildRunningShow, showDay } from "#tests/support/show-day-factories.ts";
import { showDayWorld } from "#tests/support/show-day-world.ts";
import { buildShow } from "#tests/support/shows-factories.ts";

const { t, admin, steward, owner, stranger, show, act, day, call_, ringRows } = showDayWorld();

const r = showDayTexts.refusals;

describe("ring actions", () => {
  it("refuses people who are not stewards (403) and strangers' sessions (401), changing nothing", async () => {
    expect((await act(stranger, { kind: "start-session", sessionId: show.evening })).json()).toEqual({
      error: { code: "FORBIDDEN", message: r.notSteward },
    });
    expect(
      (
        await call(t.app, "POST", `/api/shows/${show.show.id}/ring/actions`, {
          body: { kind: "start-session", sessionId: show.evening },
        })
      ).statusCode,
    ).toBe(401);
    expect(await ringRows()).toBe(0);
    expect((await day(stranger)).canRunRing).toBe(false);
    expect((await day(steward)).canRunRing).toBe(true);
  });

  it("refuses a write without our Origin, also through an encoded path", async () => {
    for (const url of [
      `/api/shows/${show.show.id}/ring/actions`,
      `/api/shows/${show.show.id}/ring/%61ctions`,
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: {
          cookie: steward.cookie,
          "content-type": "application/json",
          origin: "https://evil.example",
        },
        payload: JSON.stringify({ kind: "start-session", sessionId: show.evening }),
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await ringRows()).toBe(0);
  });

  it("refuses unknown fields, a huge body and a session or class of another show", async () => {
    expect(
      (await act(steward, { kind: "start-session", sessionId: show.evening, extra: true })).statusCode,
    ).toBe(400);
    expect(
      (
        await act(steward, {
          kind: "scratch",
          sessionId: show.evening,
          classId: "class-3",
          reason: "x".repeat(2_000_000),
        })
      ).statusCode,
    ).toBe(413);
    const other = await buildRunningShow(t.app, admin, { classes: 2, name: "Another Show" });
    const foreign = await act(steward, { kind: "start-session", sessionId: other.evening });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(r.unknownSession);
    expect(await ringRows()).toBe(0);
  });

  it("refuses a ring action on a show that is not running today (409 with the ring)", async () => {
    const later = await buildShow(t.app, { startDate: showDay(5), classes: ["A"] });
    await call(t.app, "PUT", `/api/shows/${later.id}/stewards`, {
      cookie: admin.cookie,
      body: { userIds: [steward.id] },
    });
    const res = await act(steward, { kind: "start-session", sessionId: `day-${showDay(5)}` }, later.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(r.notToday);
    expect(res.json().day.runningToday).toBe(false);
  });

  it("runs a session: in the ring, the one before done, stale taps refused with the ring as it is", async () => {
    expect((await act(steward, { kind: "start-session", sessionId: show.evening })).statusCode).toBe(200);
    expect((await act(steward, call_(1, null))).statusCode).toBe(200);
    const second = await act(admin, call_(2, 1));
    expect(second.statusCode).toBe(200);
    const stale = await act(steward, call_(2, 1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({ code: "CONFLICT", message: r.inRingNow("2") });
    const stale2 = await act(steward, call_(3, 1));
    expect(stale2.json().error.message).toBe(r.inRingNow("2"));
    const ring = stale2.json().day.ring;
    expect(ring.classes.find((c: { id: string }) => c.id === "class-1").status).toBe("done");
    expect(ring.classes.find((c: { id: string }) => c.id === "class-2").status).toBe("in-ring");
    expect(ring.actions.map((a: { text: string; actorName: string }) => [a.text, a.actorName])).toEqual([
      ["Class 2 in the ring", "Ada Admin"],
      ["Class 1 in the ring", "Sam Steward"],
      ["Evening started", "Sam Steward"],
    ]);
    expect(await ringRows()).toBe(3);
  });

  it("applies a replayed action once (Idempotency-Key), and undo then takes it back", async () => {
    const headers = { "idempotency-key": "ring-tap-0001" };
    const first = await act(steward, call_(3, 2), show.show.id, headers);
    const replay = await act(steward, call_(3, 2), show.show.id, headers);
    expect(first.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().ring.seq).toBe(first.json().ring.seq);
    expect(await ringRows()).toBe(4);
    const seq = first.json().ring.lastEffectiveSeq;
    const undo = await act(steward, { kind: "undo", undoSeq: seq });
    expect(undo.statusCode).toBe(200);
    const ring = undo.json().ring;
    expect(ring.classes.find((c: { id: string }) => c.id === "class-2").status).toBe("in-ring");
    expect(ring.classes.find((c: { id: string }) => c.id === "class-3")).toBeUndefined();
    expect(ring.actions[0].text).toBe("Undid: Class 3 in the ring");
    expect(ring.actions[1]).toMatchObject({ text: "Class 3 in the ring", undone: true });
    const again = await act(steward, { kind: "undo", undoSeq: seq });
    expect(again.statusCode).toBe(409);
  });
});

describe("alerts", () => {
  it("tells owner and rider once when their class is N away and once when it goes in; never twice after undo and redo; never for a scratched class", async () => {
    const s = await buildRunningShow(t.app, admin, { name: "Alert Show" });
    const rider = await signedInUser(t.app, { name: "Jane Doe" });
    const quiet = await signedInUser(t.app, { name: "Quinn Quiet" });
    const horse = await buildHorse(t.app, { name: "Midnight Sun", owners: [owner.id] });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: s.show.id,
      classId: "class-5",
      status: "HorseIsShowing",
      horseId: horse.id,
      riderId: rider.id,
    });
    await buildEntry(t.app, { userId: quiet.id, showId: s.show.id, classId: "class-5", status: "ImShowing" });
    await buildEntry(t.app, {
      userId: owner.id,
      showId: s.show.id,
      classId: "class-7",
      status: "HorseIsShowing",
      horseId: horse.id,
    });
    expect(
      (await call(t.app, "PUT", "/api/me/class-alerts", { cookie: quiet.cookie, body: { classesAway: 0 } }))
        .statusCode,
    ).toBe(200);
    const go = async (body: RingActionBody) => {
      const res = await act(admin, body, s.show.id);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ShowDay;
    };
    const at = (b: RingActionBody) => ({ ...b, sessionId: s.evening });
    await go(at({ kind: "scratch", sessionId: "", classId: "class-7", reason: "Lame" }));
    await go(at({ kind: "start-session", sessionId: "" }));
    await go(at(call_(1, null)));
    await go(at(call_(2, 1)));
    const messages = async (userId: string) =>
      (await storedNotifications(t.app, userId)).map((n) => [n.type, n.message]);
    expect(await messages(owner.id)).toEqual([
      [
        "ClassAway",
        expect.stringMatching(
          /^Class 5 is 3 classes away \(≈ \d+:\d\d [AP]M C[DS]T\): Midnight Sun, ridden by Jane Doe$/,
        ),
      ],
    ]);
    expect(await messages(rider.id)).toHaveLength(1);
    const d = await go(at(call_(3, 2)));
    await go({ kind: "undo", undoSeq: d.ring.lastEffectiveSeq! });
    await go(at(call_(3, 2)));
    await go(at(call_(4, 3)));
    await go(at(call_(5, 4)));
    const owned = await messages(owner.id);
    expect(owned.map(([type]) => type)).toEqual(["ClassAway", "ClassInRing"]);
    expect(owned[1]![1]).toBe("Class 5 is in the ring: Midnight Sun, ridden by Jane Doe");
    expect(await messages(rider.id)).toHaveLength(2);
    expect(await messages(quiet.id)).toEqual([]);
    const list = await call(t.app, "GET", "/api/notifications", { cookie: owner.cookie });
    expect(list.json().notifications[0]).toMatchObject({ type: "ClassInRing", showId: s.show.id });
  });
});

describe("stewards and alert settings", () => {
  it("lets only admins read and name stewards; refuses unknown people", async () => {
    expect(
      (await call(t.app, "GET", `/api/shows/${show.show.id}/stewards`, { cookie: steward.cookie }))
        .statusCode,
    ).toBe(403);
    const list = await call(t.app, "GET", `/api/shows/${show.show.id}/stewards`, { cookie: admin.cookie });
    expect(list.json().stewards.map((p: { name: string }) => p.name)).toEqual(["Sam Steward"]);
    const bad = await call(t.app, "PUT", `/api/shows/${show.show.id}/stewards`, {
      cookie: admin.cookie,
      body: { userIds: ["nobody"] },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(t.app, "GET", "/api/shows/no-such/stewards", { cookie: admin.cookie })).statusCode,
    ).toBe(404);
  });

  it("names stewards sent twice at once, or two lists at once, as one of them (never a 500)", async () => {
    // On PostgreSQL both saves deleted the old list and inserted theirs: the second hit the primary
    // key and answered "Something went wrong" for an admin's double tap on Save.
    const other = await buildShow(t.app, { startDate: showDay(3) });
    const url = `/api/shows/${other.id}/stewards`;
    const lists = [[steward.id, owner.id], [stranger.id]];
    for (let round = 0; round < 4; round++) {
      for (const pair of [[lists[0], lists[0]], lists]) {
        const saves = await Promise.all(
          pair.map((userIds) => call(t.app, "PUT", url, { cookie: admin.cookie, body: { userIds } })),
        );
        expect(saves.map((s) => s.statusCode)).toEqual([200, 200]);
        const now = (await call(t.app, "GET", url, { cookie: admin.cookie })).json().stewards;
        const ids = now.map((p: { id: string }) => p.id).sort();
        expect(pair.map((userIds) => [...(userIds ?? [])].sort())).toContainEqual(ids);
      }
    }
  });

  it("keeps each person's 'N classes away' (default 3, 0 to 20)", async () => {
    const get = async () =>
      (await call(t.app, "GET", "/api/me/class-alerts", { cookie: stranger.cookie })).json();
    expect(await get()).toEqual({ classesAway: 3 });
    expect(
      (
        await call(t.app, "PUT", "/api/me/class-alerts", {
          cookie: stranger.cookie,
          body: { classesAway: 5 },
        })
      ).statusCode,
    ).toBe(200);
    expect(await get()).toEqual({ classesAway: 5 });
    expect(
      (
        await call(t.app, "PUT", "/api/me/class-alerts", {
          cookie: stranger.cookie,
          body: { classesAway: 21 },
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(t.app, "GET", "/api/me/class-alerts")).statusCode).toBe(401);
  });
});

describe("calendars", () => {
  it("Add to Calendar gives each timed session as a timed event besides the all-day show", async () => {
    const res = await call(t.app, "GET", `/api/shows/${show.show.id}/calendar.ics`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const events = res.body.split("BEGIN:VEVENT").slice(1);
    expect(events).toHaveLength(3);
    expect(events[0]).toMatch(/DTSTART;VALUE=DATE:\d{8}/);
    const evening = events.find((e) => e.includes("SUMMARY:") && e.includes(": Evening"))!;
    // 19:00 in Shelbyville is 00:00 or 01:00 UTC the next day; eight classes of 7 minutes.
    expect(evening).toMatch(/DTSTART:\d{8}T0[01]0000Z/);
    expect(evening).toMatch(/DTEND:\d{8}T0[01]5600Z/);
  });

  it("the calendar feed times a class whose session has a time, and the roster carries its estimate", async () => {
    const s = await buildRunningShow(t.app, admin, { name: "Feed Show", startOffset: 0 });
    await buildEntry(t.app, {
      userId: stranger.id,
      showId: s.show.id,
      classId: "class-3",
      status: "ImShowing",
    });
    const roster = await call(t.app, "GET", `/api/roster?today=${showDay()}`, { cookie: stranger.cookie });
    const card = roster.json().sections.today.find((c: { id: string }) => c.id === s.show.id);
    expect(card.days[0].date).toBe(showDay());
    expect(card.days[0].classes[0].planned).toEqual({
      start: expect.stringMatching(/T0[01]:14:00\.000Z$/),
      label: expect.stringMatching(/^7:14 PM C[DS]T$/),
      minutes: 7,
    });
    const link = (await call(t.app, "POST", "/api/calendar-feed", { cookie: stranger.cookie })).json();
    const feed = await call(t.app, "GET", new URL(link.feed.url).pathname);
    expect(feed.statusCode).toBe(200);
    const classEvent = feed.body.split("BEGIN:VEVENT").find((e) => e.includes("SUMMARY:3. Class 3"))!;
    expect(classEvent).toMatch(/DTSTART:\d{8}T0[01]1400Z/);
    expect(classEvent).toMatch(/DTEND:\d{8}T0[01]2100Z/);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { RingPatch, SHOW_DAY_LIMITS } from "#domain/contracts/show-day.ts";
import { ringStreamPath } from "#domain/show-day/ring-stream.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { opsTexts } from "#domain/texts/ops.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import { buildRunningShow, signedInAdmin } from "#tests/support/show-day-factories.ts";
import { listen, openEventStream } from "#tests/support/sse.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/** The page's one ring stream for all its shows (ADR 041): GET /api/show-day/events?shows=… */
describe("the ring stream of several shows", () => {
  let url: string;
  let admin: SignedInUser;
  let shows: { show: { id: string }; evening: string }[];
  const t = buildTestApp();

  beforeAll(async () => {
    url = await listen(t.app);
    admin = await signedInAdmin(t.app);
    shows = [];
    for (let i = 0; i < 3; i++) shows.push(await buildRunningShow(t.app, admin, { classes: 1 }));
  });

  const start = async (show: { show: { id: string }; evening: string }) => {
    const res = await call(t.app, "POST", `/api/shows/${show.show.id}/ring/actions`, {
      cookie: admin.cookie,
      body: { kind: "start-session", sessionId: show.evening },
    });
    expect(res.statusCode).toBe(200);
  };

  it("carries each show's taps named by their show, nothing of a show not asked for, in one stream slot", async () => {
    const watcher = await signedInUser(t.app, { name: "Rosa Roster" });
    const [first, second, other] = shows as [(typeof shows)[0], (typeof shows)[0], (typeof shows)[0]];
    const stream = await openEventStream(url, watcher.cookie, {
      path: ringStreamPath([first.show.id, second.show.id]),
    });
    expect(stream.status).toBe(200);
    await stream.waitFor("ready");
    expect(await t.app.deps.streamLimit.held(watcher.id)).toBe(1);

    // The other show's tap goes first: were it carried, it would arrive before the two asked for.
    await start(other);
    await start(second);
    await start(first);
    await stream.waitFor("ring", 2, 2000);
    const patches = stream.data
      .filter((d) => d.name === "ring")
      .map((d) => RingPatch.parse(JSON.parse(d.data)));
    expect(patches.map((p) => p.showId)).toEqual([second.show.id, first.show.id]);
    expect(patches.map((p) => p.action.text)).toEqual(["Evening started", "Evening started"]);
    expect(patches[1]!.sessions).toEqual([
      { id: first.evening, status: "running", startedAt: expect.any(Number), finishedAt: null, delays: [] },
    ]);

    stream.close();
    await expect.poll(() => t.app.deps.streamLimit.held(watcher.id)).toBe(0);
  });

  it("says at ready each show's ring number as it began to listen, so a page holding less reads it again", async () => {
    const idle = await buildRunningShow(t.app, admin, { classes: 1 });
    const moved = await buildRunningShow(t.app, admin, { classes: 1 });
    await start(moved);
    const stream = await openEventStream(url, admin.cookie, {
      path: ringStreamPath([moved.show.id, idle.show.id]),
    });
    await stream.waitFor("ready");
    const day = await call(t.app, "GET", `/api/shows/${moved.show.id}/day`, { cookie: admin.cookie });
    expect(JSON.parse(stream.data[0]!.data)).toEqual({
      seqs: { [moved.show.id]: day.json().ring.seq, [idle.show.id]: 0 },
    });
    expect(day.json().ring.seq).toBeGreaterThan(0);
    stream.close();
  });

  it("refuses a show that does not exist, and gives the person's stream slot back", async () => {
    const watcher = await signedInUser(t.app, { name: "Gone Show Watcher" });
    const stream = await openEventStream(url, watcher.cookie, { path: ringStreamPath(["no-such-show"]) });
    expect(stream.status).toBe(404);
    // On PostgreSQL the slot is given back in a write of its own, after the answer.
    await expect.poll(() => t.app.deps.streamLimit.held(watcher.id)).toBe(0);
  });

  it("takes a show named twice once", async () => {
    const id = shows[0]!.show.id;
    const stream = await openEventStream(url, admin.cookie, { path: ringStreamPath([id, id]) });
    expect(stream.status).toBe(200);
    await stream.waitFor("ready");
    stream.close();
  });

  it("is for signed-in people only (401)", async () => {
    const stream = await openEventStream(url, undefined, { path: ringStreamPath([shows[0]!.show.id]) });
    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.body).error.code).toBe(ERROR_CODES.unauthorized);
  });

  it("refuses a show that does not exist among the others with 404 and the error shape", async () => {
    const stream = await openEventStream(url, admin.cookie, {
      path: ringStreamPath([shows[0]!.show.id, "no-such-show"]),
    });
    expect(stream.status).toBe(404);
    expect(JSON.parse(stream.body)).toEqual({
      error: { code: ERROR_CODES.notFound, message: errorsTexts.showNotFound },
    });
  });

  const many = Array.from({ length: SHOW_DAY_LIMITS.liveShows + 1 }, (_, i) => `show-${i}`).join(",");
  it.each([
    ["no list", ""],
    ["an empty list", "?shows="],
    ["an empty id", "?shows=a,,b"],
    ["an id of 101 characters", `?shows=${"x".repeat(101)}`],
    [`${SHOW_DAY_LIMITS.liveShows + 1} shows`, `?shows=${many}`],
    ["a list given twice", "?shows=a&shows=b"],
    ["anything else", "?shows=a&since=1.2"],
  ])("refuses %s with 400 and the error shape, before it looks for a session", async (_, query) => {
    const stream = await openEventStream(url, undefined, { path: `/api/show-day/events${query}` });
    expect(stream.status).toBe(400);
    expect(JSON.parse(stream.body)).toEqual({
      error: {
        code: ERROR_CODES.badRequest,
        message: opsTexts.badRingStreamQuery(SHOW_DAY_LIMITS.liveShows),
      },
    });
  });
});

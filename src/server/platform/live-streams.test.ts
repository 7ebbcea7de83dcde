import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/platform/errors.ts";
import { createEventBus } from "#server/platform/events.ts";
import { openStream } from "#server/platform/live-streams.ts";
import { createStreamLimit } from "#server/platform/stream-limit.ts";
import { listen, openEventStream } from "#tests/support/sse.ts";

/** openStream's start: what `ready` says, and what happens to an event while it is being looked up. */
describe("a live stream's start", () => {
  const session = { sessionId: "session-1", userId: "user-1" };
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** An app with one stream at /stream whose `ready` is looked up by `ready` (handed the bus). */
  async function streamApp(ready: (bus: ReturnType<typeof createEventBus>) => Promise<string>) {
    const app = Fastify();
    const bus = createEventBus({ kind: "sqlite" } as Db, app.log);
    await bus.start();
    const limit = createStreamLimit(2);
    app.get("/stream", (request, reply) =>
      openStream(request, reply, {
        bus,
        sessionOf: async () => session,
        limit,
        heartbeatMs: 60_000,
        streams: new Set(),
        session,
        onEvent: (event, write) => {
          if (event.type === "notification") write("notification", "{}");
        },
        ready: () => ready(bus),
      }),
    );
    const url = await listen(app);
    close = () => app.close();
    return { url, limit };
  }

  it("sends an event that came while it looked up its ready after that ready, not never", async () => {
    const { url } = await streamApp(async (bus) => {
      await bus.publish({ type: "notification", userIds: null });
      return JSON.stringify({ looked: "up" });
    });
    const stream = await openEventStream(url, undefined, { path: "/stream" });
    await stream.waitFor("notification", 1, 2000);
    expect(stream.data).toEqual([
      { name: "ready", data: '{"looked":"up"}' },
      { name: "notification", data: "{}" },
    ]);
    stream.close();
  });

  it("answers a lookup that fails with its error, and gives the slot back", async () => {
    const { url, limit } = await streamApp(async () => {
      throw notFound("Nothing here.");
    });
    const stream = await openEventStream(url, undefined, { path: "/stream" });
    expect(stream.status).toBe(404);
    expect(await limit.held(session.userId)).toBe(0);
  });
});

/**
 * The app server the push benchmark drives (bench/push-bench.ts): the production app (buildApp, a real
 * listening server and its delivery worker), plus one bench-only door on the IPC channel: "announce a
 * class alert to these people", which creates it through the same central function a ring action uses
 * (createNotifications) and publishes its live event, as a request that causes one would.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pushKindOf } from "#domain/notifications/push-kinds.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { createNotifications } from "#server/features/notifications/notifications.service.ts";
import { publishQuietly } from "#server/platform/events.ts";
import { newId, nowIso } from "#server/platform/ids.ts";

// The alert's notification type must be one that pushes: a renamed type once left the bench waiting on
// pushes that were never queued.
const ALERT_TYPE = "ClassAway";
if (pushKindOf(ALERT_TYPE) !== "class-alert") throw new Error(`${ALERT_TYPE} is not a class alert's type`);

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
const { db, events } = app.deps;

const showId = newId();
await db.db
  .insertInto("show")
  .values({
    id: showId,
    name: "Push Bench Celebration",
    start_date: nowIso().slice(0, 10),
    end_date: nowIso().slice(0, 10),
    location: "Shelbyville, TN",
    sanctioning_org: null,
    is_ai_prediction: 0,
    created_at: nowIso(),
  })
  .execute();

// How long the server's event loop was held up: what the fan-out itself costs a request waiting behind it.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();

process.on("message", async (message: { type: string; userIds: string[]; n: number }) => {
  if (message.type === "loop-delay") {
    process.send?.({ type: "loop-delay", p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 });
    return;
  }
  if (message.type !== "class-alert") return;
  loopDelay.reset();
  const event = await db.db.transaction().execute((trx) =>
    createNotifications(trx, message.userIds, {
      type: ALERT_TYPE,
      message: `Class ${message.n} is 3 classes away (≈ 8:05 PM): Midnight Sun, ridden by Jane Doe`,
      showId,
      classId: `cel-${message.n}`,
    }),
  );
  await publishQuietly(events, event ? [event] : [], app.log);
  process.send?.({ type: "queued" });
});

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.send?.({ type: "ready" });

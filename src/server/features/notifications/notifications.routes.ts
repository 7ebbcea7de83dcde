import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import {
  MarkedAllRead,
  NotificationList,
  NotificationParams,
  UnreadCount,
} from "#domain/contracts/notifications.ts";
import type { Db } from "#server/db/client.ts";
import { createVersionedJsonCache } from "#server/http/versioned-json.ts";
import {
  getNotificationListVersion,
  getUnreadCount,
  listNotifications,
  readAllNotifications,
  readNotification,
} from "./notifications.service.ts";

export async function notificationRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One list per user, up to 100 items each.
  const lists = createVersionedJsonCache({ maxEntries: 2000, cacheControl: "private, no-store" });
  r.get(
    "/api/notifications/unread-count",
    {
      schema: {
        tags: ["notifications"],
        summary: "How many visible notifications the user has not read (the navigation badge)",
        response: { 200: UnreadCount, 401: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      return getUnreadCount(opts.db, viewer);
    },
  );

  r.get(
    "/api/notifications",
    {
      schema: {
        tags: ["notifications"],
        summary:
          "The user's own and everyone's notifications, newest first, with the user's read state (ETag: send If-None-Match to revalidate)",
        response: { 200: NotificationList, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      const { key, version } = await getNotificationListVersion(opts.db, viewer);
      return lists.send(request, reply, key, version, async () =>
        String(reply.serialize({ notifications: await listNotifications(opts.db, viewer) })),
      );
    },
  );

  r.post(
    "/api/notifications/read-all",
    {
      config: { idempotent: true },
      schema: {
        tags: ["notifications"],
        summary: "Marks every notification the signed-in user can see read, for that user only",
        response: { 200: MarkedAllRead, 401: ErrorBody },
      },
    },
    async (request) => readAllNotifications(opts.db, await app.requireViewer(request)),
  );

  r.post(
    "/api/notifications/:id/read",
    {
      config: { idempotent: true },
      schema: {
        tags: ["notifications"],
        summary: "Marks a notification read for the signed-in user only",
        params: NotificationParams,
        response: { 200: z.object({ ok: z.literal(true) }), 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      await readNotification(opts.db, viewer, request.params.id);
      return { ok: true as const };
    },
  );
}

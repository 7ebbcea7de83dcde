import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { UnreadCount } from "#domain/contracts/notifications.ts";
import { ErrorBody } from "#domain/errors.ts";
import type { Db } from "#server/db/client.ts";
import { countUnreadVisible } from "#server/features/notifications/notifications.repository.ts";

export async function notificationRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      return { count: await countUnreadVisible(opts.db.db, viewer.id) };
    },
  );
}

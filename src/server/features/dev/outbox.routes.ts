import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/errors.ts";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/platform/errors.ts";

const LatestLinkQuery = z.strictObject({ email: z.email().max(254) });
const LatestLink = z.object({ url: z.string() });

/**
 * The development outbox, registered in demo mode only: the magic-link screen's
 * "complete sign-in" button follows the link that was really sent.
 */
export async function outboxRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/dev/outbox/magic-link",
    {
      schema: {
        tags: ["demo"],
        summary: "The newest magic link sent to an address (demo mode only)",
        querystring: LatestLinkQuery,
        response: { 200: LatestLink, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const row = await opts.db.db
        .selectFrom("outbox")
        .select(["text", "created_at"])
        .where("to_address", "=", request.query.email.toLowerCase())
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      const url = row?.text.match(/https?:\/\/\S+/)?.[0];
      if (!url) throw notFound("No sign-in link has been sent to this address.");
      return { url };
    },
  );
}

import { format } from "date-fns";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { Roster, RosterQuery } from "#domain/contracts/roster.ts";
import type { Db } from "#server/db/client.ts";
import { createVersionedJsonCache } from "#server/http/versioned-json.ts";
import { getRoster, getRosterVersion } from "./roster.service.ts";

export async function rosterRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One body per viewer and day; a few thousand rosters at a few KB each, compressed.
  const rosters = createVersionedJsonCache({ maxEntries: 2000, cacheControl: "private, no-store" });
  r.get(
    "/api/roster",
    {
      schema: {
        tags: ["roster"],
        summary:
          "Your Roster: own and derived entries in Today / This Week / Show Season (ETag: send If-None-Match to revalidate)",
        querystring: RosterQuery,
        response: { 200: Roster, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      const today = request.query.today ?? format(new Date(), "yyyy-MM-dd");
      const { key, version } = await getRosterVersion(opts.db, viewer, today);
      return rosters.send(request, reply, key, version, async () =>
        String(reply.serialize(await getRoster(opts.db, viewer, today))),
      );
    },
  );
}

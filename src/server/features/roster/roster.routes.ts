import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Roster, RosterQuery } from "#domain/contracts/roster.ts";
import { ErrorBody } from "#domain/errors.ts";
import type { Db } from "#server/db/client.ts";
import { getRoster } from "#server/features/roster/roster.service.ts";

export async function rosterRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/roster",
    {
      schema: {
        tags: ["roster"],
        summary: "Your Roster: own and derived entries in Today / This Week / Show Season",
        querystring: RosterQuery,
        response: { 200: Roster, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await app.requireViewer(request);
      return getRoster(opts.db, viewer, request.query.today);
    },
  );
}

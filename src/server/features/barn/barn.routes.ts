import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BarnList } from "#domain/contracts/horses.ts";
import { ErrorBody } from "#domain/errors.ts";
import type { Db } from "#server/db/client.ts";
import { getBarn } from "#server/features/barn/barn.service.ts";

export async function barnRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/barn",
    {
      schema: {
        tags: ["barn"],
        summary: "Your Barn: the horses you train, with their owners (trainers only)",
        response: { 200: BarnList, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => getBarn(opts.db, await app.requireViewer(request)),
  );
}

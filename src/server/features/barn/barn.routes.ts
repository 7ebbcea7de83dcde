import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { BarnList } from "#domain/contracts/horses.ts";
import { Invite, InviteParams } from "#domain/contracts/invites.ts";
import type { Db } from "#server/db/client.ts";
import { getBarn, getInvite } from "./barn.service.ts";

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

  r.get(
    "/api/invites/:trainerId",
    {
      schema: {
        tags: ["barn"],
        summary:
          "Who sent an invite link: the trainer's id and name, for the sign-up screen and the new customer's greeting (no session needed)",
        params: InviteParams,
        response: { 200: Invite, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return getInvite(opts.db, request.params.trainerId);
    },
  );
}

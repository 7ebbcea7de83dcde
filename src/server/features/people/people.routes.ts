import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { UserChoices } from "#domain/contracts/people.ts";
import type { Db } from "#server/db/client.ts";
import { ownerChoices, trainerChoices } from "./people.repository.ts";

export async function peopleRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/users/choices",
    {
      schema: {
        tags: ["users"],
        summary:
          "Chooser lists: owners (users who are not admins) and trainers (users with the Trainer role)",
        response: { 200: UserChoices, 401: ErrorBody },
      },
    },
    async (request) => {
      await app.requireViewer(request);
      const [owners, trainers] = await Promise.all([ownerChoices(opts.db.db), trainerChoices(opts.db.db)]);
      return { owners, trainers };
    },
  );
}

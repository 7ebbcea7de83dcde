import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { UserChoices } from "#domain/contracts/people.ts";
import { Findability, PeopleSearchQuery, PeopleSearchResult } from "#domain/contracts/people-search.ts";
import { PEOPLE_SEARCHES_PER_MINUTE } from "#domain/people/people-search.ts";
import type { Db } from "#server/db/client.ts";
import { createRateLimiter } from "#server/platform/ai/rate-limit.ts";
import { ownerChoices, trainerChoices } from "./people.repository.ts";
import { getFindability, searchRiders, setFindability } from "./people.service.ts";

export async function peopleRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Per person and per server, like the AI's limit: enough to stop a script learning who has an account.
  const searches = createRateLimiter({ limit: PEOPLE_SEARCHES_PER_MINUTE, windowMs: 60_000, now: Date.now });
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

  r.get(
    "/api/people/search",
    {
      schema: {
        tags: ["users"],
        summary:
          "The entry dialog's rider search: at least 3 letters of a name or an exact email; people you know first, others only if they let themselves be found; at most 10; 60 searches a minute per person",
        querystring: PeopleSearchQuery,
        response: { 200: PeopleSearchResult, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => searchRiders(opts.db, await app.requireViewer(request), request.query.q, searches),
  );

  r.get(
    "/api/profile/findability",
    {
      schema: {
        tags: ["profile"],
        summary: "Whether people who do not know you can find you by a search, and your town",
        response: { 200: Findability, 401: ErrorBody },
      },
    },
    async (request) => getFindability(opts.db, await app.requireViewer(request)),
  );

  r.put(
    "/api/profile/findability",
    {
      config: { idempotent: true },
      schema: {
        tags: ["profile"],
        summary: "Let people who do not know you find you by a search (or not), and set your town",
        body: Findability,
        response: { 200: Findability, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => setFindability(opts.db, await app.requireViewer(request), request.body),
  );
}

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "#server/db/client.ts";

const Health = z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) });

export async function healthRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness and database reachability",
        response: { 200: Health },
      },
    },
    async () => {
      await sql`select 1`.execute(opts.db.db);
      return { status: "ok" as const, database: opts.db.kind };
    },
  );
}

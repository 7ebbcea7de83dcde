import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "#domain/app/errors.ts";
import type { Db } from "#server/db/client.ts";
import type { Metrics, MetricsAccess } from "#server/platform/metrics.ts";
import { checkReadiness, type Readiness, readMetrics } from "./health.service.ts";

const Health = z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) });
const Ready = z.object({
  status: z.enum(["ready", "unavailable", "draining"]),
  database: z.enum(["ok", "unreachable", "unknown"]),
  migrations: z.enum(["done", "pending", "unknown"]),
});

/**
 * Operations endpoints (issue 26, ADR 021). /api/health says the process is alive and never touches
 * the database (an orchestrator must not restart a server because PostgreSQL is away); /api/ready
 * says whether it should get traffic: database reachable, migrations done, not shutting down.
 * /metrics is Prometheus' text, for the configured addresses or token only. None of them says
 * anything about a user, and a failure's details stay in the log.
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { db: Db; metrics: Metrics | null; access: MetricsAccess },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const state: Readiness = { draining: false, migrated: false };
  app.addHook("preClose", async () => {
    state.draining = true;
  });

  r.get(
    "/api/health",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness: the process answers (the database is not asked)",
        response: { 200: Health },
      },
    },
    async () => ({ status: "ok" as const, database: opts.db.kind }),
  );

  r.get(
    "/api/ready",
    {
      schema: {
        tags: ["health"],
        summary: "Readiness: the database answers, migrations are done and the server is not shutting down",
        response: { 200: Ready, 503: Ready },
      },
    },
    async (request, reply) => {
      const result = await checkReadiness(opts.db, state, (error) =>
        request.log.warn({ err: error }, "readiness: the database did not answer"),
      );
      return reply.status(result.status === "ready" ? 200 : 503).send(result);
    },
  );

  r.get(
    "/metrics",
    {
      schema: {
        tags: ["health"],
        summary: "Prometheus metrics, for METRICS_ALLOW addresses or the METRICS_TOKEN bearer only",
        response: { 200: z.string(), 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const { contentType, body } = await readMetrics(opts, {
        address: request.ip,
        authorization: request.headers.authorization,
      });
      return reply.header("content-type", contentType).header("cache-control", "no-store").send(body);
    },
  );
}

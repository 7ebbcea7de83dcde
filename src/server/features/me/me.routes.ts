import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { Me, PublicConfig, SessionState } from "#domain/contracts/auth.ts";
import type { AppConfig } from "#server/config.ts";
import { publicConfig } from "./public-config.ts";

export async function meRoutes(app: FastifyInstance, opts: { config: AppConfig }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/me",
    { schema: { tags: ["auth"], summary: "The signed-in user", response: { 200: Me, 401: ErrorBody } } },
    async (request) => app.requireViewer(request),
  );

  r.get(
    "/api/session",
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in user or null: lets the app start without a failed request",
        response: { 200: SessionState },
      },
    },
    async (request) => ({ user: await app.optionalViewer(request) }),
  );

  r.get(
    "/api/config",
    {
      schema: {
        tags: ["auth"],
        summary: "What the sign-in screen needs to know",
        response: { 200: PublicConfig },
      },
    },
    async () => publicConfig(opts.config),
  );
}

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Me, PublicConfig, SessionState } from "#domain/contracts/auth.ts";
import { ErrorBody } from "#domain/errors.ts";
import type { AppConfig } from "#server/config.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#server/db/seed/demo-accounts.ts";

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
    async () => ({
      demo: opts.config.demo,
      demoReachable: opts.config.demoReachable,
      demoAccounts: opts.config.demo ? DEMO_ACCOUNTS.map((a) => ({ email: a.email, roles: a.roles })) : [],
      demoPassword: opts.config.demo ? DEMO_PASSWORD : null,
    }),
  );
}

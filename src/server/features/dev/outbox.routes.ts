import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorBody } from "#domain/app/errors.ts";
import { DemoLink, DemoLinkBody } from "#domain/contracts/auth.ts";
import { securityTexts } from "#domain/texts/security.ts";
import { takeDemoLink } from "#server/auth/auth.repository.ts";
import { fromThisMachine } from "#server/auth/demo-gate.ts";
import type { Db } from "#server/db/client.ts";
import { forbidden, notFound } from "#server/platform/errors.ts";

/**
 * The development outbox, registered in demo mode only: the magic-link screen's "complete sign-in"
 * button follows the link that was really sent. Only the page that asked for the link holds the nonce
 * its request returned, and the nonce gives the link once; nobody can look a link up by email. It
 * answers only a connection from this machine (ADR 016).
 */
export async function outboxRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/dev/outbox/magic-link",
    {
      schema: {
        tags: ["demo"],
        summary: "Demo mode only: the magic link this page asked for, once, in exchange for its nonce",
        body: DemoLinkBody,
        response: { 200: DemoLink, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      if (!fromThisMachine(request)) throw forbidden(securityTexts.demoThisMachineOnly);
      const url = await takeDemoLink(opts.db.db, request.body.nonce, Date.now());
      if (!url) throw notFound("No sign-in link is waiting for this page. Send a new one.");
      return { url };
    },
  );
}

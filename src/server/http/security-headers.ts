import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's headers (CSP, HSTS, nosniff, frame options …) on every response, from a middleware built once
 * at start-up. @fastify/helmet built Helmet's middleware again on every request (about 5 % of a cheap
 * request's CPU, bench/RESULTS.md of 2026-11-26); the headers are the same for every request here.
 */
export function securityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  build: (options: HelmetOptions) => ReturnType<typeof helmet> = helmet,
): void {
  const middleware = build(options);
  app.addHook("onRequest", (request, reply, done) => {
    middleware(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

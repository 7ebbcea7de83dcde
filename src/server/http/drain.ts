import type { FastifyInstance } from "fastify";

/**
 * Once shutdown begins, every answer still to go out says `Connection: close`, the requests in flight
 * included: a proxy must not keep a connection to a server that is about to go, or its next request
 * on it would meet a closed socket (ADR 021). Fastify does this itself only for requests that arrive
 * after the shutdown began.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (draining) reply.header("connection", "close");
    done(null, payload);
  });
}

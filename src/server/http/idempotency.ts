import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "#server/db/client.ts";
import { idempotencyRepository, type StoredKey } from "#server/http/idempotency.repository.ts";
import { badRequest, conflict } from "#server/platform/errors.ts";
import type { ServerInstance } from "#server/platform/instance.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route accepts an `Idempotency-Key`: a repeat of an answered key gets the stored answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim?: { userId: string; key: string };
  }
}

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";
/** Long enough for a phone that stayed offline through a show week to send its queue afterwards. */
export const KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A claim made before claims carried their server (migration 029) that has not answered for this long
 * belonged to a server that died mid-request.
 */
const UNOWNED_ABANDONED_AFTER_MS = 60_000;
/** How long a repeat waits for the first request with its key to answer before it is told to retry. */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 25;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export const KEY_REUSED = "This Idempotency-Key was already used for a different request.";
export const KEY_IN_PROGRESS = "A request with this Idempotency-Key is still running; try again shortly.";

/** What makes two requests "the same change": method, route, parameters and body. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        request.method,
        request.routeOptions.url,
        request.params ?? null,
        request.body ?? null,
      ]),
    )
    .digest("base64url");
}

/**
 * Idempotent replay for the routes marked `config: { idempotent: true }` (ADR 013). Runs after the
 * body is validated and before the handler; the answer is stored as it is sent (before compression,
 * so this plugin is registered ahead of it). Requests without the header, or without a session (the
 * handler answers 401), pass through untouched.
 *
 * A claim carries the server process that made it (ADR 029). An unanswered claim whose process is no
 * longer alive (it was killed mid-request) is taken over by the next request with its key at once; the
 * claims of this server's own earlier processes are given back when it starts.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; instance: ServerInstance }) => {
    const keys = idempotencyRepository(opts.db.db, opts.instance);
    await keys.releaseEarlierProcesses();
    let lastPurge = 0;

    /** Whether an unanswered claim will never be answered: its server process is gone. */
    async function abandoned(stored: StoredKey, now: number): Promise<boolean> {
      if (stored.bootId === null) return now - Date.parse(stored.createdAt) > UNOWNED_ABANDONED_AFTER_MS;
      return !(await opts.instance.alive(stored.bootId));
    }

    async function purgeNowAndThen(now: number): Promise<void> {
      if (now - lastPurge < PURGE_EVERY_MS) return;
      lastPurge = now;
      await keys.deleteOlderThan(new Date(now - KEY_LIFETIME_MS).toISOString());
    }

    function replay(reply: FastifyReply, statusCode: number, body: string): FastifyReply {
      return reply
        .status(statusCode)
        .header("content-type", "application/json; charset=utf-8")
        .header(REPLAYED_HEADER, "true")
        .send(body);
    }

    app.addHook("preHandler", async (request, reply) => {
      if (!request.routeOptions.config.idempotent) return;
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (key === undefined) return;
      if (typeof key !== "string" || !KEY_PATTERN.test(key)) {
        throw badRequest("Idempotency-Key must be 8 to 128 letters, digits, '-' or '_'.");
      }
      const viewer = await app.optionalViewer(request);
      if (!viewer) return;
      const fingerprint = fingerprintOf(request);
      const started = Date.now();
      await purgeNowAndThen(started);

      for (;;) {
        const now = Date.now();
        if (await keys.claim(viewer.id, key, fingerprint, new Date(now).toISOString())) {
          request.idempotencyClaim = { userId: viewer.id, key };
          return;
        }
        const stored = await keys.find(viewer.id, key);
        if (!stored) continue; // released or expired between the two statements: claim again
        if (stored.fingerprint !== fingerprint) throw conflict(KEY_REUSED);
        if (stored.statusCode !== null && stored.body !== null)
          return replay(reply, stored.statusCode, stored.body);
        if (await abandoned(stored, now)) {
          if (await keys.takeOver(viewer.id, key, stored.createdAt, new Date(now).toISOString())) {
            request.idempotencyClaim = { userId: viewer.id, key };
            return;
          }
          continue;
        }
        if (now - started > WAIT_FOR_FIRST_MS) throw conflict(KEY_IN_PROGRESS);
        await sleep(POLL_MS);
      }
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = undefined;
      const status = reply.statusCode;
      // A server error, a throttle or a lost session may go differently next time: let a retry run again.
      const retryable = status >= 500 || status === 429 || status === 401;
      if (retryable || typeof payload !== "string") await keys.release(claim.userId, claim.key);
      else await keys.complete(claim.userId, claim.key, status, payload);
      return payload;
    });
  },
);

import type { FastifyRequest } from "fastify";
import type { Auth, EndedSession } from "#server/auth/auth.ts";
import { toHeaders } from "#server/http/viewer.ts";
import { type EventBus, publishQuietly } from "#server/platform/events.ts";

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/**
 * The one way the server says a session is over, whatever ended it: sign-out, revocation, deletion of
 * the user, or better-auth removing it once expired. It goes out on the event bus as `session-ended`
 * (to every app server on PostgreSQL): live streams holding the session close, and anything that caches
 * sessions should subscribe and drop them.
 */
export async function sessionEnded(bus: EventBus, log: Logger, session: EndedSession): Promise<void> {
  await publishQuietly(
    bus,
    [{ type: "session-ended", sessionIds: [session.id], userIds: [session.userId] }],
    log,
  );
}

/**
 * The request's session, read from the database every time (no cache, no refresh of its expiry):
 * long-lived streams use it to notice a session that ended without an event.
 */
export async function currentSession(
  auth: Auth,
  request: FastifyRequest,
): Promise<{ sessionId: string; userId: string } | null> {
  const found = await auth.api.getSession({ headers: toHeaders(request), query: { disableRefresh: true } });
  return found ? { sessionId: found.session.id, userId: found.user.id } : null;
}

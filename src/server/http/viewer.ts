import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Me } from "#domain/contracts/auth.ts";
import { hasRole, parseRoles, type Role } from "#domain/people/roles.ts";
import type { Auth } from "#server/auth/auth.ts";
import type { SessionCache } from "#server/auth/session-cache.ts";
import { forbidden, unauthorized } from "#server/platform/errors.ts";

/** The signed-in person making a request, as every service receives it. */
export type Viewer = Me;

declare module "fastify" {
  interface FastifyInstance {
    /** Resolves the session cookie to the viewer, or throws 401. */
    requireViewer(request: FastifyRequest, role?: Role): Promise<Viewer>;
    /** The viewer when signed in, else null. */
    optionalViewer(request: FastifyRequest): Promise<Viewer | null>;
  }
}

type SessionUser = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>["user"];

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
  }
  return headers;
}

/**
 * The value of the one cookie called `name`; null when there is none, or when it appears more than
 * once (then which copy counts is better-auth's business, and such a request is never cached).
 */
export function singleCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  let found: string | null = null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    if (found !== null) return null;
    found = part.slice(eq + 1).trim();
  }
  return found;
}

export const viewerPlugin = fp(async (app: FastifyInstance, opts: { auth: Auth; sessions: SessionCache }) => {
  const cookieName = (await opts.auth.$context).authCookies.sessionToken.name;

  async function optionalViewer(request: FastifyRequest): Promise<Viewer | null> {
    const header = request.headers.cookie;
    if (!header?.includes(cookieName)) return null;
    const key = singleCookie(header, cookieName);
    const cached = key === null ? undefined : opts.sessions.get(key);
    if (cached) return cached;
    const ticket = opts.sessions.ticket();
    const session = await opts.auth.api.getSession({ headers: toHeaders(request) });
    if (!session) return null;
    const viewer = toViewer(session.user);
    if (key !== null) opts.sessions.put(key, viewer, new Date(session.session.expiresAt), ticket);
    return viewer;
  }

  function toViewer(user: SessionUser): Viewer {
    const u = user as SessionUser & {
      roles?: string | null;
      gender?: string | null;
      dateOfBirth?: string | null;
      photoId?: string | null;
    };
    const gender = u.gender === "Male" || u.gender === "Female" || u.gender === "Other" ? u.gender : null;
    return {
      id: u.id,
      name: u.name,
      email: u.email,
      roles: parseRoles(u.roles),
      gender,
      dateOfBirth: u.dateOfBirth ?? null,
      photoId: u.photoId ?? null,
    };
  }
  app.decorate("optionalViewer", optionalViewer);
  app.decorate("requireViewer", async (request: FastifyRequest, role?: Role) => {
    const viewer = await optionalViewer(request);
    if (!viewer) throw unauthorized();
    if (role && !hasRole(viewer, role)) throw forbidden(`This needs the ${role} role.`);
    return viewer;
  });
});

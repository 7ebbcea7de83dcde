import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Me } from "#domain/contracts/auth.ts";
import { hasRole, parseRoles, type Role } from "#domain/roles.ts";
import type { Auth } from "#server/auth/auth.ts";
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

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
  }
  return headers;
}

export const viewerPlugin = fp(async (app: FastifyInstance, opts: { auth: Auth }) => {
  async function optionalViewer(request: FastifyRequest): Promise<Viewer | null> {
    const session = await opts.auth.api.getSession({ headers: toHeaders(request) });
    if (!session) return null;
    const u = session.user as typeof session.user & {
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

import { betterAuth } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { magicLink } from "better-auth/plugins";
import { SignUpRole } from "#domain/contracts/auth.ts";
import { rolesForSignUp, serializeRoles } from "#domain/people/roles.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { saveDemoLink, supersedeEarlierMagicLinks } from "#server/auth/auth.repository.ts";
import type { SessionCache } from "#server/auth/session-cache.ts";
import type { AppConfig } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { DEMO_ADMIN_EMAIL } from "#server/db/seed/demo-accounts.ts";
import { newId } from "#server/platform/ids.ts";
import type { Mailer } from "#server/platform/mail.ts";

/** Headers only the HTTP bridge sets (it drops any a client sends): they carry what better-auth cannot see. */
export const PRIVATE_HEADER_PREFIX = "x-ringside-";
/** The client's address as Fastify resolved it (TRUST_PROXY decides whether X-Forwarded-For counts). */
export const CLIENT_IP_HEADER = `${PRIVATE_HEADER_PREFIX}client-ip`;
/** Demo mode: the one-time nonce handed to the browser that asked for a magic link. */
export const DEMO_NONCE_HEADER = `${PRIVATE_HEADER_PREFIX}demo-nonce`;

export const MAGIC_LINK_TTL_SECONDS = 10 * 60;

/** better-auth's own limiter (per address and path) only guards the endpoints our throttle does not. */
const FLOOD_LIMIT = { window: 60, max: 300 };

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

export function trustedOrigins(config: AppConfig): string[] {
  const origins = new Set([config.publicUrl]);
  if (config.demo) {
    origins.add(`http://localhost:${config.port}`);
    origins.add(`http://127.0.0.1:${config.port}`);
  }
  return [...origins];
}

/** A session that ended (sign-out, revocation, user deletion, expiry); session-end.ts announces it. */
export interface EndedSession {
  id: string;
  userId: string;
}

export function createAuth(opts: {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  sessions: Pick<SessionCache, "forgetUsers">;
  /** Called for every session better-auth deletes: sign-out, revocation, user deletion, expiry. */
  onSessionEnded: (session: EndedSession) => Promise<void>;
}) {
  const { config, db, mailer, sessions } = opts;
  const secure = config.publicUrl.startsWith("https://");

  /** Demo mode's "default session": signs the browser in as the preset admin-owner. */
  const demoPlugin = {
    id: "ringside-demo",
    endpoints: {
      demoSignIn: createAuthEndpoint("/demo/sign-in", { method: "POST" }, async (ctx) => {
        if (!config.demo) throw new APIError("NOT_FOUND", { message: "Not found." });
        const found = await ctx.context.internalAdapter.findUserByEmail(DEMO_ADMIN_EMAIL);
        if (!found) throw new APIError("NOT_FOUND", { message: "The demo account is missing." });
        const session = await ctx.context.internalAdapter.createSession(found.user.id);
        await setSessionCookie(ctx, { session, user: found.user });
        return ctx.json({ ok: true });
      }),
    },
  };

  return betterAuth({
    appName: "Ringside",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: { db: db.db, type: db.kind === "postgres" ? "postgres" : "sqlite" },
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === "silent", level: "warn" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      modelName: "user",
      fields: { emailVerified: "email_verified", ...timestamps },
      additionalFields: {
        roles: { type: "string", required: false, input: false, defaultValue: "Owner", fieldName: "roles" },
        gender: { type: "string", required: false, input: false, fieldName: "gender" },
        dateOfBirth: { type: "string", required: false, input: false, fieldName: "date_of_birth" },
        photoId: { type: "string", required: false, input: false, fieldName: "photo_id" },
      },
    },
    session: {
      modelName: "session",
      fields: {
        userId: "user_id",
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        ...timestamps,
      },
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: {
      modelName: "account",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        ...timestamps,
      },
    },
    verification: {
      modelName: "verification",
      fields: { expiresAt: "expires_at", ...timestamps },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rate_limit",
      fields: { lastRequest: "last_request" },
      ...FLOOD_LIMIT,
      // Our throttle (auth.throttle.ts) counts these per account and per address; the demo session is
      // left to the flood limit so it never counts against anyone's sign-in.
      customRules: {
        "/sign-in/email": false,
        "/sign-up/email": false,
        "/sign-in/magic-link": false,
        "/demo/sign-in": FLOOD_LIMIT,
      },
    },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: "ringside",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => newId() },
    },
    databaseHooks: {
      // Every session or user change better-auth makes (sign-out, revocations, password reset)
      // empties the session cache on every app server before the request answers, and announces the end.
      session: {
        delete: {
          async after(session) {
            await sessions.forgetUsers([session.userId]);
            await opts.onSessionEnded({ id: session.id, userId: session.userId });
          },
        },
      },
      user: {
        update: { after: (user) => sessions.forgetUsers([user.id]) },
        delete: { after: (user) => sessions.forgetUsers([user.id]) },
        create: {
          async before(user, ctx) {
            // Sign-up carries the chosen role in the body; anything other than Owner/Trainer is refused.
            const raw = (ctx?.body as { role?: unknown } | undefined)?.role;
            const choice = SignUpRole.safeParse(raw ?? "Owner");
            if (!choice.success) throw new APIError("BAD_REQUEST", { message: "Choose Owner or Trainer." });
            return { data: { ...user, roles: serializeRoles(rolesForSignUp(choice.data)) } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/magic-link") return;
        const email = String((ctx.body as { email?: unknown })?.email ?? "");
        const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
        if (!found) throw new APIError("NOT_FOUND", { message: errorsTexts.noAccount, code: "NO_ACCOUNT" });
      }),
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        disableSignUp: true,
        storeToken: "hashed",
        rateLimit: FLOOD_LIMIT,
        async sendMagicLink({ email, url, token }, ctx) {
          await supersedeEarlierMagicLinks(db.db, email, token);
          const nonce = ctx?.headers?.get(DEMO_NONCE_HEADER);
          if (config.demo && nonce) {
            await saveDemoLink(db.db, nonce, url, Date.now() + MAGIC_LINK_TTL_SECONDS * 1000);
          }
          await mailer.send({
            to: email,
            subject: "Your Ringside sign-in link",
            text: `Sign in to Ringside with this link (valid for 10 minutes, once):\n\n${url}\n\nIf you did not ask for it, ignore this email.`,
            html: `<p>Sign in to Ringside with this link (valid for 10 minutes, once):</p><p><a href="${url}">Sign in to Ringside</a></p><p>If you did not ask for it, ignore this email.</p>`,
          });
        },
      }),
      demoPlugin,
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

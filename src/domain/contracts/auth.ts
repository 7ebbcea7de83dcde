import { z } from "zod";
import { MAX_NEXT_PATH, sameSitePath } from "#domain/app/next-path.ts";
import { ROLES, SIGN_UP_ROLES } from "#domain/people/roles.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

export const Role = z.enum(ROLES);
export const SignUpRole = z.enum(SIGN_UP_ROLES);

/** Limits from the foundation issue: what a real person never exceeds, what an attacker might send. */
export const LIMITS = { name: 100, email: 254, password: 128, passwordMin: 8 } as const;

const email = z.email({ error: "Enter a valid email address." }).max(LIMITS.email, {
  error: `Email must be at most ${LIMITS.email} characters.`,
});
const password = z
  .string({ error: "Password is required." })
  .min(1, { error: "Password is required." })
  .max(LIMITS.password, { error: `Password must be at most ${LIMITS.password} characters.` });
const name = z
  .string({ error: "Name is required." })
  .trim()
  .min(1, { error: "Name is required." })
  .max(LIMITS.name, { error: `Name must be at most ${LIMITS.name} characters.` });

/**
 * Where better-auth sends the browser after a sign-in or a magic link: only a path on this site (issue 34,
 * item 4), so no request can make a sign-in link that ends on another site or runs a script.
 */
const callbackUrl = z
  .string()
  .max(MAX_NEXT_PATH)
  .refine((value) => sameSitePath(value) !== null, { error: errorsTexts.notASiteAddress });

export const SignInBody = z.strictObject({
  email,
  password,
  rememberMe: z.boolean().optional(),
  callbackURL: callbackUrl.optional(),
});
export type SignInBody = z.infer<typeof SignInBody>;

export const SignUpBody = z.strictObject({
  name,
  email,
  password: password.min(LIMITS.passwordMin, {
    error: `Password must be at least ${LIMITS.passwordMin} characters.`,
  }),
  role: SignUpRole.default("Owner"),
  callbackURL: callbackUrl.optional(),
});
export type SignUpBody = z.input<typeof SignUpBody>;

export const MagicLinkBody = z.strictObject({
  email,
  callbackURL: callbackUrl.optional(),
  errorCallbackURL: callbackUrl.optional(),
  newUserCallbackURL: callbackUrl.optional(),
  name: z.string().max(LIMITS.name).optional(),
});

/** The magic link's query string: what better-auth puts in it, nothing else. */
export const MagicLinkVerifyQuery = z.strictObject({
  token: z.string().min(1).max(256),
  callbackURL: callbackUrl.optional(),
  errorCallbackURL: callbackUrl.optional(),
  newUserCallbackURL: callbackUrl.optional(),
});

/** Sign-out and the demo session take no input. */
export const EmptyBody = z.strictObject({});

/** In demo mode the answer carries a one-time nonce: only the page holding it may complete that sign-in. */
export const MagicLinkSent = z.object({ status: z.boolean(), demoNonce: z.string().optional() });
export type MagicLinkSent = z.infer<typeof MagicLinkSent>;

export const DemoLinkBody = z.strictObject({ nonce: z.string().min(1).max(128) });
export const DemoLink = z.object({ url: z.string() });

/** The signed-in user as the API presents it (never table columns, never secrets). */
export const Me = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(Role),
  gender: z.enum(["Male", "Female", "Other"]).nullable(),
  dateOfBirth: z.string().nullable(),
  photoId: z.string().nullable(),
});
export type Me = z.infer<typeof Me>;

export const SessionState = z.object({ user: Me.nullable() });
export type SessionState = z.infer<typeof SessionState>;

export const PublicConfig = z.object({
  demo: z.boolean(),
  /** Demo mode on a server others can reach: the app shows demoTexts.banner. */
  demoReachable: z.boolean(),
  demoAccounts: z.array(z.object({ email: z.string(), roles: z.array(Role) })),
  demoPassword: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

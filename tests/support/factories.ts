import { hashPassword } from "better-auth/crypto";
import type { FastifyInstance } from "fastify";
import type { Role } from "#domain/people/roles.ts";
import { insertPasswordUser } from "#server/db/users.ts";
import { newId } from "#server/platform/ids.ts";
import { call, cookieFrom } from "#tests/support/server.ts";

export const TEST_PASSWORD = "correct-horse-battery";
let hashed: Promise<string> | undefined;
let counter = 0;

export interface TestUser {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  password: string;
}

/** Inserts a user with a password account straight through the data layer (fast, no rate limits). */
export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<Omit<TestUser, "id" | "password">> & {
    gender?: string;
    dateOfBirth?: string;
    /** When the account was made (default now). */
    createdAt?: Date;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const { db } = app.deps;
  const id = newId();
  const user = {
    id,
    name: overrides.name ?? `Test User ${counter}`,
    email: overrides.email ?? `user${counter}-${id.slice(-6)}@example.test`,
    roles: overrides.roles ?? (["Owner"] as Role[]),
    password: TEST_PASSWORD,
  };
  hashed ??= hashPassword(TEST_PASSWORD);
  await insertPasswordUser(db.db, db.kind, {
    ...user,
    gender: overrides.gender ?? null,
    dateOfBirth: overrides.dateOfBirth ?? null,
    ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    passwordHash: await hashed,
  });
  return user;
}

/** Signs a user in through the real endpoint and returns the session cookie. */
export async function signIn(
  app: FastifyInstance,
  user: { email: string; password: string },
): Promise<string> {
  const response = await call(app, "POST", "/api/auth/sign-in/email", {
    body: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieFrom(response);
}

/** A signed-in user in one step. */
export async function signedInUser(
  app: FastifyInstance,
  overrides: Parameters<typeof buildUser>[1] = {},
): Promise<TestUser & { cookie: string }> {
  const user = await buildUser(app, overrides);
  return { ...user, cookie: await signIn(app, user) };
}

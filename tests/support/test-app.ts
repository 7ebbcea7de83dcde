import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, onTestFinished } from "vitest";
import type { buildApp } from "#server/app.ts";
import type { AppConfig } from "#server/config.ts";
import { type buildUser, signedInUser, type TestUser } from "#tests/support/factories.ts";
import { createTestApp, type TestApp } from "#tests/support/server.ts";

export type SignedInUser = TestUser & { cookie: string };

export interface BuiltTestApp {
  /** The app, from the tests' set-up on (reading it at collection time throws). */
  readonly app: FastifyInstance;
  /**
   * A user to sign in as soon as the app is built, before any other set-up: declare it beside the
   * app (`const owner = t.user({ name: "Olive Owner" })`); its id, email and cookie are filled in
   * before the first hook or test of the file reads them.
   */
  user(overrides?: Parameters<typeof buildUser>[1]): SignedInUser;
}

/**
 * The app for the tests around it (a file, or a describe block), as fastify/demo's `build(t)`: a
 * fresh server on a fresh private database, built before those tests with the users they declare
 * signed in, and closed after them, its database dropped. One line instead of a `let`, a beforeAll
 * and an afterAll in every file.
 */
export function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: Parameters<typeof buildApp>[1] = {},
): BuiltTestApp {
  let built: TestApp | undefined;
  let started = false;
  const users: { user: SignedInUser; overrides: Parameters<typeof buildUser>[1] }[] = [];
  beforeAll(async () => {
    started = true;
    built = await createTestApp(overrides, options);
    for (const { user, overrides } of users) Object.assign(user, await signedInUser(built.app, overrides));
  });
  afterAll(() => built?.close());
  return {
    get app() {
      if (!built) throw new Error("The test app is built in beforeAll: read t.app inside a hook or a test.");
      return built.app;
    },
    user(userOverrides = {}) {
      if (started) throw new Error("Declare t.user() beside buildTestApp(), before the tests' set-up runs.");
      const user = {} as SignedInUser;
      users.push({ user, overrides: userOverrides });
      return user;
    },
  };
}

/**
 * An app of the running test's own (another configuration, or state no other test may see), closed
 * and its database dropped when that test finishes, passed or failed: no try/finally around the test.
 */
export async function buildAppForTest(
  overrides: Partial<AppConfig> = {},
  options: Parameters<typeof buildApp>[1] = {},
): Promise<TestApp> {
  const built = await createTestApp(overrides, options);
  onTestFinished(() => built.close());
  return built;
}

/**
 * The people and the show a crowd run needs (scripts/lib/crowd.ts): a steward (an admin), a show
 * running today with its session started and its first class in the ring, and enough signed-in people
 * that none holds more streams than the per-person limit allows. Made through the data layer and the
 * admin's API of an app on the cluster's database; every person signs in through nginx, as a phone would.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { buildUser, signIn } from "#tests/support/factories.ts";
import { signInAt } from "#tests/support/http-session.ts";
import { call, testConfig } from "#tests/support/server.ts";
import { buildRunningShow } from "#tests/support/show-day-factories.ts";
import type { CrowdRing } from "./crowd.ts";

/** Streams each person holds: under the per-person limit (32), wherever it is counted. */
export const STREAMS_PER_PERSON = 25;

export interface Crowd {
  steward: string;
  people: string[];
  ring: CrowdRing;
}

export async function prepareCrowd(opts: {
  databaseUrl: string;
  /** nginx's address. */
  base: string;
  clients: number;
  /** Taps the run will make: the session gets a class for each. */
  taps: number;
  /**
   * Sign-ins sent at once (default 6). Each counts against the address's limit until it succeeds
   * (AUTH_RATE_LIMIT_MAX), and through nginx every person has the same address.
   */
  signInsAtOnce?: number;
}): Promise<Crowd> {
  const seeder = await seederApp(opts.databaseUrl);
  try {
    const admin = await buildUser(seeder, { name: "Crowd Steward", roles: ["Admin", "Owner"] });
    const ring = await startRunningShow(seeder, await signIn(seeder, admin), opts.taps + 2);
    const users = [];
    for (let i = 0; i < Math.ceil(opts.clients / STREAMS_PER_PERSON); i++) {
      users.push(await buildUser(seeder, { name: `Spectator ${i + 1}` }));
    }
    const people: string[] = [];
    // A few at a time: each sign-in hashes a password on one of the servers.
    const atOnce = opts.signInsAtOnce ?? 6;
    for (let i = 0; i < users.length; i += atOnce) {
      people.push(...(await Promise.all(users.slice(i, i + atOnce).map((u) => signInAt(opts.base, u)))));
    }
    return { steward: await signInAt(opts.base, admin), people, ring };
  } finally {
    await seeder.close();
  }
}

/** An app on the cluster's database for making what a run needs through its data layer and API. */
export const seederApp = (databaseUrl: string) =>
  buildApp(testConfig({ database: { kind: "postgres", url: databaseUrl } }));

/**
 * A show running today whose evening session of `classes` classes has started with its first class in
 * the ring, made by `cookie` (an admin's) through the API.
 */
export async function startRunningShow(
  seeder: FastifyInstance,
  cookie: string,
  classes: number,
): Promise<CrowdRing> {
  const run = await buildRunningShow(seeder, { cookie }, { classes });
  for (const body of [
    { kind: "start-session", sessionId: run.evening },
    { kind: "in-ring", sessionId: run.evening, classId: "class-1", expectedInRing: null },
  ]) {
    const res = await call(seeder, "POST", `/api/shows/${run.show.id}/ring/actions`, { cookie, body });
    if (res.statusCode !== 200) throw new Error(`ring: ${res.statusCode} ${res.body}`);
  }
  const order = Array.from({ length: classes }, (_, i) => `class-${i + 1}`);
  return { showId: run.show.id, sessionId: run.evening, order, inRing: "class-1" };
}

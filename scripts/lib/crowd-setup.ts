/**
 * The people and the show a crowd run needs (scripts/lib/crowd.ts): a steward (an admin), a show
 * running today with its session started and its first class in the ring, and enough signed-in people
 * that none holds more streams than the per-person limit allows. Made through the data layer and the
 * admin's API of an app on the cluster's database; every person signs in through nginx, as a phone would.
 */
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
  const seeder = await buildApp(testConfig({ database: { kind: "postgres", url: opts.databaseUrl } }));
  try {
    const admin = await buildUser(seeder, { name: "Crowd Steward", roles: ["Admin", "Owner"] });
    const classes = opts.taps + 2;
    const run = await buildRunningShow(seeder, { cookie: await signIn(seeder, admin) }, { classes });
    const ring = `/api/shows/${run.show.id}/ring/actions`;
    const cookie = await signIn(seeder, admin);
    for (const body of [
      { kind: "start-session", sessionId: run.evening },
      { kind: "in-ring", sessionId: run.evening, classId: "class-1", expectedInRing: null },
    ]) {
      const res = await call(seeder, "POST", ring, { cookie, body });
      if (res.statusCode !== 200) throw new Error(`ring: ${res.statusCode} ${res.body}`);
    }
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
    return {
      steward: await signInAt(opts.base, admin),
      people,
      ring: {
        showId: run.show.id,
        sessionId: run.evening,
        order: Array.from({ length: classes }, (_, i) => `class-${i + 1}`),
        inRing: "class-1",
      },
    };
  } finally {
    await seeder.close();
  }
}

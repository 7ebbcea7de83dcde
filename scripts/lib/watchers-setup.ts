/**
 * What a watchers run needs (issue 35, bench/watchers-bench.ts): a show running today with its first class
 * in the ring and its ring board made public, `links` horses entered in its classes with a live link each
 * (made through the API by their owner, as "Share live" does), and the steward's cookie for the taps.
 */

import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import { buildUser, signIn } from "#tests/support/factories.ts";
import { signInAt } from "#tests/support/http-session.ts";
import { call } from "#tests/support/server.ts";
import type { CrowdRing } from "./crowd.ts";
import { seederApp, startRunningShow } from "./crowd-setup.ts";

export interface Watched {
  steward: string;
  ring: CrowdRing;
  /** The board's stream, `/api/shows/{id}/board/events`. */
  boardStream: string;
  /** Each horse link's stream, `/api/watch/{token}/events`. */
  linkStreams: string[];
}

export async function prepareWatchers(opts: {
  databaseUrl: string;
  /** nginx's address. */
  base: string;
  /** Horse links to make (one horse each). */
  links: number;
  /** Taps the run will make: the session gets a class for each. */
  taps: number;
}): Promise<Watched> {
  const seeder = await seederApp(opts.databaseUrl);
  try {
    const admin = await buildUser(seeder, { name: "Board Steward", roles: ["Admin", "Owner"] });
    const cookie = await signIn(seeder, admin);
    const ring = await startRunningShow(seeder, cookie, opts.taps + 2);
    const board = await call(seeder, "PUT", `/api/shows/${ring.showId}/board`, {
      cookie,
      body: { public: true },
    });
    if (board.statusCode !== 200) throw new Error(`board: ${board.statusCode} ${board.body}`);
    const owner = await buildUser(seeder, { name: "Family Owner" });
    const ownerCookie = await signIn(seeder, owner);
    const linkStreams: string[] = [];
    for (let i = 0; i < opts.links; i++) {
      const horse = await buildHorse(seeder, { name: `Watched Horse ${i + 1}`, owners: [owner.id] });
      await buildEntry(seeder, {
        userId: owner.id,
        showId: ring.showId,
        classId: ring.order[i % ring.order.length]!,
        status: "HorseIsShowing",
        horseId: horse.id,
      });
      const res = await call(seeder, "POST", "/api/watch-links", {
        cookie: ownerCookie,
        body: { horseId: horse.id, showId: ring.showId, showRider: false },
      });
      if (res.statusCode !== 201) throw new Error(`watch link: ${res.statusCode} ${res.body}`);
      const token = new URL((res.json() as { url: string }).url).pathname.split("/").at(-1)!;
      linkStreams.push(`/api/watch/${token}/events`);
    }
    return {
      steward: await signInAt(opts.base, admin),
      ring,
      boardStream: `/api/shows/${ring.showId}/board/events`,
      linkStreams,
    };
  } finally {
    await seeder.close();
  }
}

import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { Roster } from "#domain/contracts/roster.ts";
import { horseNameColumns } from "#server/features/horses/horses.repository.ts";
import {
  befriend,
  buildEntry,
  buildEntryShow,
  buildHorse,
  daysFrom,
  type TestHorse,
  type TestShow,
} from "#tests/support/entries-factories.ts";
import { signedInUser } from "#tests/support/factories.ts";
import { call, createSharedTestApps, OTHER_SERVER_NOTICE_MS } from "#tests/support/server.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * The roster is served from a per-process cache checked against counters the database keeps
 * (migration 011). Every write that changes a roster must show on the very next request: each
 * case below warms the cache, writes (through the API, or straight to the database as an admin
 * screen or another server would), and reads again at once.
 */

const today = daysFrom(0);

const get = (app: FastifyInstance, user: SignedInUser, headers: Record<string, string> = {}) =>
  call(app, "GET", `/api/roster?today=${today}`, { cookie: user.cookie, headers });

/** Every entry line of a roster: show, class, status, horse, rider, from. */
const lines = (r: Roster) =>
  Object.values(r.sections).flatMap((cards) =>
    cards.flatMap((card) =>
      card.days.flatMap((day) =>
        day.classes.flatMap((cls) =>
          cls.entries.map(
            (e) =>
              `${card.name}|${cls.name}|${e.status}|${e.horseName ?? ""}|${e.riderName ?? ""}|${e.fromName ?? ""}`,
          ),
        ),
      ),
    ),
  );

const rosterLines = async (app: FastifyInstance, user: SignedInUser) => {
  const res = await get(app, user);
  expect(res.statusCode).toBe(200);
  return lines(res.json());
};

describe("roster cache: every change is visible on the next request", () => {
  let app: FastifyInstance;
  let owner: SignedInUser;
  let friend: SignedInUser;
  let trainer: SignedInUser;
  let show: TestShow;
  let pony: TestHorse;

  const t = buildTestApp();

  beforeAll(async () => {
    app = t.app;
    owner = await signedInUser(app, { name: "Olive Owner" });
    friend = await signedInUser(app, { name: "Fern Friend" });
    trainer = await signedInUser(app, { name: "Tess Trainer", roles: ["Owner", "Trainer"] });
    await befriend(app, owner.id, friend.id);
    show = await buildEntryShow(app, { name: "Cache Show", startDate: daysFrom(3) });
    pony = await buildHorse(app, { name: "Pony", owners: [friend.id] });
  });

  /** Reads twice (the second from the cache), runs the write, and returns the roster before and after. */
  async function around(user: SignedInUser, write: () => Promise<unknown>) {
    await rosterLines(app, user);
    const before = await rosterLines(app, user);
    await write();
    // These writes go to the tables directly: like the API's, they wait for their notices (ADR 057).
    await app.deps.db.versions.caughtUp();
    return { before, after: await rosterLines(app, user) };
  }

  it("answers a repeat request from the cache with the same ETag, and If-None-Match with 304", async () => {
    const first = await get(app, owner);
    const second = await get(app, owner);
    expect(second.body).toBe(first.body);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect(second.headers.etag).toBe(etag);
    // Personal: the browser keeps nothing (issue 8); the server revalidates an ETag a client sends.
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const revalidated = await get(app, owner, { "if-none-match": etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    const other = await buildEntryShow(app, { name: "ETag Show", startDate: daysFrom(40) });
    await buildEntry(app, { userId: owner.id, showId: other.id, classId: "class-1", status: "Interested" });
    await app.deps.db.versions.caughtUp();
    const changed = await get(app, owner, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(lines(changed.json())).toContain("ETag Show|Amateur Park Pleasure|Interested|||");
  });

  it("the viewer's own save, edit and removal through the API", async () => {
    const url = `/api/shows/${show.id}/classes/class-1/entries`;
    const save = async (status: string | null) => {
      const res = status
        ? await call(app, "PUT", url, {
            cookie: owner.cookie,
            body: { entries: [{ status, horseId: null, riderId: null }] },
          })
        : await call(app, "DELETE", url, { cookie: owner.cookie });
      expect(res.statusCode).toBeLessThan(300);
    };
    let { before, after } = await around(owner, () => save("WatchClass"));
    expect(after.toSorted()).toEqual(
      [...before, "Cache Show|Amateur Park Pleasure|WatchClass|||"].toSorted(),
    );
    ({ after } = await around(owner, () => save("Interested")));
    expect(after).toContain("Cache Show|Amateur Park Pleasure|Interested|||");
    ({ after } = await around(owner, () => save(null)));
    expect(after).toEqual(before);
  });

  it("a friend's showing entry appears, changes and goes", async () => {
    let id = "";
    const { after: added } = await around(owner, async () => {
      id = await buildEntry(app, {
        userId: friend.id,
        showId: show.id,
        classId: "class-2",
        status: "ImShowing",
        horseId: pony.id,
      });
    });
    expect(added).toContain("Cache Show|Youth Equitation|FriendIsShowing|Pony|Fern Friend|Fern Friend");
    const { after: watching } = await around(owner, () =>
      app.deps.db.db.updateTable("class_entry").set({ status: "WatchClass" }).where("id", "=", id).execute(),
    );
    expect(watching.some((l) => l.includes("Youth Equitation"))).toBe(false);
    await app.deps.db.db
      .updateTable("class_entry")
      .set({ status: "ImShowing" })
      .where("id", "=", id)
      .execute();
    const { after: removed } = await around(owner, () =>
      app.deps.db.db.deleteFrom("class_entry").where("id", "=", id).execute(),
    );
    expect(removed.some((l) => l.includes("Youth Equitation"))).toBe(false);
  });

  it("unfriending hides a friend's entries from both, befriending shows them again", async () => {
    await buildEntry(app, { userId: friend.id, showId: show.id, classId: "class-1", status: "ImShowing" });
    await app.deps.db.versions.caughtUp();
    expect(await rosterLines(app, owner)).toContain(
      "Cache Show|Amateur Park Pleasure|FriendIsShowing||Fern Friend|Fern Friend",
    );
    const { after } = await around(owner, () =>
      call(app, "DELETE", `/api/friends/${friend.id}`, { cookie: owner.cookie }),
    );
    expect(after.some((l) => l.includes("Fern Friend"))).toBe(false);
    expect(await rosterLines(app, friend)).not.toContain(
      "Cache Show|Youth Equitation|FriendIsShowing||Fern Friend|Olive Owner",
    );
    const { after: again } = await around(owner, () => befriend(app, owner.id, friend.id));
    expect(again).toContain("Cache Show|Amateur Park Pleasure|FriendIsShowing||Fern Friend|Fern Friend");
  });

  it("a rider entry for a trainer appears, and a block hides it", async () => {
    const { after } = await around(trainer, () =>
      buildEntry(app, {
        userId: owner.id,
        showId: show.id,
        classId: "class-2",
        status: "HorseIsShowing",
        riderId: trainer.id,
      }),
    );
    expect(after).toContain("Cache Show|Youth Equitation|ImShowing||Tess Trainer|Olive Owner");
    const { after: blocked } = await around(trainer, () =>
      call(app, "POST", "/api/blocks", { cookie: owner.cookie, body: { userId: trainer.id } }),
    );
    expect(blocked.some((l) => l.includes("Olive Owner"))).toBe(false);
    const { after: unblocked } = await around(trainer, () =>
      call(app, "DELETE", `/api/blocks/${trainer.id}`, { cookie: owner.cookie }),
    );
    expect(unblocked).toContain("Cache Show|Youth Equitation|ImShowing||Tess Trainer|Olive Owner");
  });

  it("a renamed person, horse, show or class shows under its new name", async () => {
    await buildEntry(app, {
      userId: friend.id,
      showId: show.id,
      classId: "class-1",
      status: "HorseIsShowing",
      horseId: pony.id,
    });
    expect(await rosterLines(app, owner)).toContain(
      "Cache Show|Amateur Park Pleasure|FriendIsShowing|Pony||Fern Friend",
    );
    const { after: person } = await around(owner, async () => {
      const res = await call(app, "PUT", "/api/profile", {
        cookie: friend.cookie,
        body: { name: "Fern Renamed", email: friend.email, dateOfBirth: "1990-03-04", gender: "Female" },
      });
      expect(res.statusCode).toBe(200);
    });
    expect(person.some((l) => l.includes("Fern Renamed"))).toBe(true);
    expect(person.some((l) => l.includes("Fern Friend"))).toBe(false);

    const { after: horse } = await around(owner, () =>
      app.deps.db.db
        .updateTable("horse")
        .set(horseNameColumns("Pony Renamed"))
        .where("id", "=", pony.id)
        .execute(),
    );
    expect(horse.some((l) => l.includes("|Pony Renamed|"))).toBe(true);

    const { after: renamedShow } = await around(owner, () =>
      app.deps.db.db
        .updateTable("show")
        .set({ name: "Cache Show Renamed" })
        .where("id", "=", show.id)
        .execute(),
    );
    expect(renamedShow.some((l) => l.startsWith("Cache Show Renamed|"))).toBe(true);
    expect(renamedShow.some((l) => l.startsWith("Cache Show|"))).toBe(false);

    const { after: cls } = await around(owner, () =>
      app.deps.db.db
        .updateTable("show_class")
        .set({ name: "Amateur Park Renamed" })
        .where("show_id", "=", show.id)
        .where("id", "=", "class-1")
        .execute(),
    );
    expect(cls.some((l) => l.includes("|Amateur Park Renamed|"))).toBe(true);
  });

  it("a show moved into the past leaves the roster, and a deleted friend's entries go with them", async () => {
    const later = await buildEntryShow(app, { name: "Later Show", startDate: daysFrom(20) });
    await buildEntry(app, { userId: owner.id, showId: later.id, classId: "class-1", status: "WatchClass" });
    const { after: moved } = await around(owner, () =>
      app.deps.db.db
        .updateTable("show")
        .set({ start_date: daysFrom(-5), end_date: daysFrom(-4) })
        .where("id", "=", later.id)
        .execute(),
    );
    expect(moved.some((l) => l.startsWith("Later Show|"))).toBe(false);

    const gone = await signedInUser(app, { name: "Gone Friend" });
    await befriend(app, owner.id, gone.id);
    await buildEntry(app, { userId: gone.id, showId: show.id, classId: "class-2", status: "ImShowing" });
    await app.deps.db.versions.caughtUp();
    expect((await rosterLines(app, owner)).some((l) => l.includes("Gone Friend"))).toBe(true);
    const { after } = await around(owner, () =>
      app.deps.db.db.deleteFrom("user").where("id", "=", gone.id).execute(),
    );
    expect(after.some((l) => l.includes("Gone Friend"))).toBe(false);
  });
});

describe("roster cache across app servers", () => {
  it("a save on one server shows on the other's next request", async () => {
    const { apps, close } = await createSharedTestApps();
    try {
      const [a, b] = apps;
      const owner = await signedInUser(a, { name: "Two Server Owner" });
      const friend = await signedInUser(a, { name: "Two Server Friend" });
      await befriend(a, owner.id, friend.id);
      const show = await buildEntryShow(a, { name: "Shared Show", startDate: daysFrom(2) });
      const warm = await rosterLines(a, owner);
      expect(await rosterLines(a, owner)).toEqual(warm);
      const saved = await call(b, "PUT", `/api/shows/${show.id}/classes/class-1/entries`, {
        cookie: friend.cookie,
        body: { entries: [{ status: "ImShowing", horseId: null, riderId: null }] },
      });
      expect(saved.statusCode).toBe(200);
      // On the other server once its notice is delivered (ADR 057): well before the 5 s bound on a kept answer.
      await expect
        .poll(() => rosterLines(a, owner), { timeout: OTHER_SERVER_NOTICE_MS })
        .toEqual([
          ...warm,
          "Shared Show|Amateur Park Pleasure|FriendIsShowing||Two Server Friend|Two Server Friend",
        ]);
    } finally {
      await close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { buildEntry, buildHorse, storedNotifications } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN, buildRunningShow } from "#tests/support/show-day-factories.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * "N classes away" alerts and a block (ADR 008: a block in either direction stops the lines one's
 * entries give the other). An entry naming someone as rider, or a horse's trainer, alerted that person
 * although the entry's author and they were in a block: "Class 3 is 3 classes away: Alice's horse,
 * ridden by Mallory" reached Mallory after Alice blocked her (found by the attacker probe of wave 3).
 */

const away = async (user: SignedInUser) =>
  (await storedNotifications(t.app, user.id)).filter((n) => n.type === "ClassAway").length;

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const author = t.user({ name: "Alice Author" });
const rider = t.user({ name: "Mallory Rider", roles: ["Owner", "Trainer"] });
const trainer = t.user({ name: "Tom Trainer", roles: ["Owner", "Trainer"] });
const bystander = t.user({ name: "Rae Rider" });

/** A running show where the author's horse (trained by the trainer) goes in class 3, ridden by `riderId`. */
async function classThreeAway(riderId: string) {
  const run = await buildRunningShow(t.app, admin);
  const horse = await buildHorse(t.app, { name: "Quiet Storm", owners: [author.id], trainers: [trainer.id] });
  await buildEntry(t.app, {
    userId: author.id,
    showId: run.show.id,
    classId: "class-3",
    status: "HorseIsShowing",
    horseId: horse.id,
    riderId,
  });
  const ring = `/api/shows/${run.show.id}/ring/actions`;
  for (const body of [
    { kind: "start-session", sessionId: run.evening },
    { kind: "in-ring", sessionId: run.evening, classId: "class-1", expectedInRing: null },
  ])
    expect((await call(t.app, "POST", ring, { cookie: admin.cookie, body })).statusCode).toBe(200);
}

const block = async (who: SignedInUser, whom: SignedInUser) =>
  expect(
    (await call(t.app, "POST", "/api/blocks", { cookie: who.cookie, body: { userId: whom.id } })).statusCode,
  ).toBe(200);

describe("show-day alerts and a block", () => {
  it("alert the author, the rider and the horse's trainer while nobody blocks anybody", async () => {
    await classThreeAway(bystander.id);
    expect([await away(author), await away(bystander), await away(trainer)]).toEqual([1, 1, 1]);
  });

  it("never reach someone in a block with the entry's author, whichever blocked whom", async () => {
    await block(author, rider);
    await block(trainer, author);
    await classThreeAway(rider.id);
    expect(await away(rider)).toBe(0);
    expect(await away(trainer)).toBe(1);
    // The author's own alert still comes: a block stops what reaches the other person only.
    expect(await away(author)).toBe(2);
  });
});

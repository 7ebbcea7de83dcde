import { beforeAll, describe, expect, it } from "vitest";
import type { PublishLine } from "#domain/contracts/results.ts";
import { buildEntry, buildHorse, storedNotifications } from "#tests/support/entries-factories.ts";
import { call } from "#tests/support/server.ts";
import { ADA_ADMIN } from "#tests/support/show-day-factories.ts";
import { buildShow } from "#tests/support/shows-factories.ts";
import { buildTestApp, type SignedInUser } from "#tests/support/test-app.ts";

/**
 * Result notifications and a block (ADR 008, as show-day alerts): "Quiet Storm placed 1st" reached the
 * entered rider although the entry's author and the rider were in a block (the hostile probe of issue
 * 22). The horse's owners and trainers still hear of it: it is their horse.
 */

let showId: string;

const results = async (user: SignedInUser) =>
  (await storedNotifications(t.app, user.id)).filter((n) => n.type === "Result").map((n) => n.message);
const block = async (who: SignedInUser, whom: SignedInUser) =>
  expect(
    (await call(t.app, "POST", "/api/blocks", { cookie: who.cookie, body: { userId: whom.id } })).statusCode,
  ).toBe(200);

/** The author's horse entered in the class, ridden by `riderId`, then placed 1st. */
async function placeFirst(classId: string, horseName: string, riderId: string) {
  const horse = await buildHorse(t.app, { name: horseName, owners: [author.id], trainers: [trainer.id] });
  await buildEntry(t.app, {
    userId: author.id,
    showId,
    classId,
    status: "HorseIsShowing",
    horseId: horse.id,
    riderId,
  });
  const lines: PublishLine[] = [
    { lineNo: 1, placing: 1, horse: horseName, rider: "", owner: "", horseId: horse.id },
  ];
  const res = await call(t.app, "POST", `/api/shows/${showId}/classes/${classId}/results`, {
    cookie: admin.cookie,
    body: { lines },
  });
  expect(res.statusCode).toBe(200);
}

const t = buildTestApp();
const admin = t.user(ADA_ADMIN);
const author = t.user({ name: "Alice Author" });
const trainer = t.user({ name: "Tom Trainer", roles: ["Trainer"] });
const mallory = t.user({ name: "Mallory Rider" });
const rae = t.user({ name: "Rae Rider" });

beforeAll(async () => {
  showId = (
    await buildShow(t.app, {
      name: "Spring Fling",
      startDate: "2025-05-01",
      classes: [
        { id: "c-1", name: "Lite Shod Walking Horse" },
        { id: "c-2", name: "Lite Shod Walking Horse Amateur" },
        { id: "c-3", name: "Country Pleasure Walking Horse" },
      ],
    })
  ).id;
});

describe("result notifications and a block", () => {
  it("reach the entered rider while nobody blocks anybody", async () => {
    await placeFirst("c-1", "Quiet Storm", rae.id);
    const placed = "Quiet Storm placed 1st in Class 1 at Spring Fling";
    expect(await results(rae)).toEqual([placed]);
    expect(await results(author)).toEqual([placed]);
  });

  it("never reach a rider in a block with the entry's author, whichever blocked whom", async () => {
    await block(author, mallory);
    await block(trainer, author);
    await placeFirst("c-2", "Silent Night", mallory.id);
    await block(rae, author);
    await placeFirst("c-3", "Blue Moon", rae.id);
    expect(await results(mallory)).toEqual([]);
    expect(await results(rae)).toEqual(["Quiet Storm placed 1st in Class 1 at Spring Fling"]);
    // The owner and the trainer hear of every placing of their horses, whatever their blocks.
    for (const who of [author, trainer]) expect(await results(who)).toHaveLength(3);
  });
});

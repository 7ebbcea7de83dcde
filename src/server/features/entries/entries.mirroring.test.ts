import { describe, expect, it } from "vitest";
import { entriesTexts } from "#domain/texts/entries.ts";
import { buildEntry, buildHorse } from "#tests/support/entries-factories.ts";
import { entriesWorld } from "#tests/support/entries-world.ts";
import { buildUser } from "#tests/support/factories.ts";

const {
  t,
  owner,
  trainer,
  customer,
  friend,
  ownerHorse,
  customerHorse,
  friendHorse,
  show,
  freshClass,
  save,
  entriesOf,
  notificationsOf,
} = entriesWorld();

describe("mirroring", () => {
  it("Friend is Showing with a rider gives the rider an I'm Showing entry, once", async () => {
    const cls = freshClass();
    await save(owner, cls.id, [{ status: "FriendIsShowing", riderId: friend.id }]);
    await save(owner, cls.id, [{ status: "FriendIsShowing", riderId: friend.id }, { status: "WatchClass" }]);
    const mirrored = await entriesOf(friend.id, cls.id);
    expect(mirrored).toHaveLength(1);
    expect(mirrored[0]).toMatchObject({
      status: "ImShowing",
      rider_id: friend.id,
      horse_id: null,
      created_by: owner.id,
    });
  });

  it("does not add a second identical I'm Showing entry the rider already has", async () => {
    const cls = freshClass();
    await buildEntry(t.app, {
      userId: friend.id,
      showId: show.id,
      classId: cls.id,
      status: "ImShowing",
      horseId: friendHorse.id,
      riderId: friend.id,
    });
    await save(owner, cls.id, [{ status: "FriendIsShowing", riderId: friend.id, horseId: friendHorse.id }]);
    expect(await entriesOf(friend.id, cls.id)).toHaveLength(1);
  });

  it("Customer is Showing with rider and horse mirrors; with the rider only it does not", async () => {
    const withHorse = freshClass();
    const riderOnly = freshClass();
    await save(trainer, withHorse.id, [
      { status: "CustomerIsShowing", riderId: customer.id, horseId: customerHorse.id },
    ]);
    await save(trainer, riderOnly.id, [{ status: "CustomerIsShowing", riderId: customer.id }]);
    expect(await entriesOf(customer.id, withHorse.id)).toMatchObject([
      { status: "ImShowing", horse_id: customerHorse.id, rider_id: customer.id, created_by: trainer.id },
    ]);
    expect(await entriesOf(customer.id, riderOnly.id)).toHaveLength(0);
  });

  it("Friend is Showing without a rider mirrors nothing", async () => {
    const cls = freshClass();
    await save(owner, cls.id, [{ status: "FriendIsShowing", horseId: friendHorse.id }]);
    const rows = await t.app.deps.db.db
      .selectFrom("class_entry")
      .select("user_id")
      .where("show_id", "=", show.id)
      .where("class_id", "=", cls.id)
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([owner.id]);
  });
});

describe("barn notifications", () => {
  it("tells every owner and trainer of the horse except the actor, once per save that adds it", async () => {
    const co = await buildUser(t.app, { name: "Co Owner" });
    const horse = await buildHorse(t.app, {
      name: "Shared Star",
      owners: [owner.id, co.id],
      trainers: [trainer.id],
    });
    const cls = freshClass();
    const message = entriesTexts.barnActivity(owner.name, horse.name, cls.name, show.name);
    expect(message).toBe(`Casey Owner entered Shared Star in the "${cls.name}" class at Spring Test Show.`);

    await save(owner, cls.id, [{ status: "ImShowing", horseId: horse.id }, { status: "WatchClass" }]);
    for (const user of [co, trainer]) {
      expect(await notificationsOf(user.id)).toContainEqual({
        type: "BarnActivity",
        message,
        show_id: show.id,
      });
    }
    expect((await notificationsOf(owner.id)).filter((n) => n.message === message)).toHaveLength(0);

    await save(owner, cls.id, [{ status: "ImShowing", horseId: horse.id }]);
    expect((await notificationsOf(co.id)).filter((n) => n.message === message)).toHaveLength(1);
  });

  it.each([
    ["My Horse is Showing", { status: "HorseIsShowing" }],
    ["I'm Showing", { status: "ImShowing" }],
  ])("%s with a horse notifies the trainer", async (_label, choice) => {
    const cls = freshClass();
    await save(owner, cls.id, [{ ...choice, horseId: ownerHorse.id }]);
    const message = entriesTexts.barnActivity(owner.name, ownerHorse.name, cls.name, show.name);
    expect(await notificationsOf(trainer.id)).toContainEqual({
      type: "BarnActivity",
      message,
      show_id: show.id,
    });
  });

  it("Customer is Showing notifies the customer (an owner), once despite the mirrored entry", async () => {
    const cls = freshClass();
    await save(trainer, cls.id, [
      { status: "CustomerIsShowing", riderId: customer.id, horseId: customerHorse.id },
    ]);
    const message = entriesTexts.barnActivity(trainer.name, customerHorse.name, cls.name, show.name);
    expect((await notificationsOf(customer.id)).filter((n) => n.message === message)).toHaveLength(1);
    expect((await notificationsOf(trainer.id)).filter((n) => n.message === message)).toHaveLength(0);
  });

  it("entries without a horse, and Interested or Watch Class, notify nobody", async () => {
    const cls = freshClass();
    const before = await t.app.deps.db.db.selectFrom("notification").select("id").execute();
    await save(owner, cls.id, [{ status: "ImShowing" }, { status: "Interested" }, { status: "WatchClass" }]);
    const after = await t.app.deps.db.db.selectFrom("notification").select("id").execute();
    expect(after).toHaveLength(before.length);
  });
});

import { describe, expect, it } from "vitest";
import { entriesWorld } from "#tests/support/entries-world.ts";
import { buildUser, signIn } from "#tests/support/factories.ts";
import { call } from "#tests/support/server.ts";
import type { SignedInUser } from "#tests/support/test-app.ts";

const {
  t,
  d,
  owner,
  trainer,
  customer,
  friend,
  adminOnly,
  ownerHorse,
  customerHorse,
  friendHorse,
  trainerHorse,
  freshClass,
  save,
  entriesOf,
} = entriesWorld();

describe("horse and rider choices follow the chooser rules", () => {
  type Row = [string, () => SignedInUser, () => Record<string, unknown>, 200 | 400 | 403, string | null];
  const rows: Row[] = [
    [
      "I'm Showing with an own horse",
      () => owner,
      () => ({ status: "ImShowing", horseId: ownerHorse.id }),
      200,
      null,
    ],
    [
      "I'm Showing with a horse not owned",
      () => owner,
      () => ({ status: "ImShowing", horseId: friendHorse.id }),
      403,
      d.notOwnHorse,
    ],
    [
      "I'm Showing with a trained but not owned horse",
      () => trainer,
      () => ({ status: "ImShowing", horseId: ownerHorse.id }),
      403,
      d.notOwnHorse,
    ],
    [
      "I'm Showing with a horse that does not exist",
      () => owner,
      () => ({ status: "ImShowing", horseId: "ghost" }),
      400,
      d.unknownHorse,
    ],
    [
      "I'm Showing with someone else as rider",
      () => owner,
      () => ({ status: "ImShowing", riderId: friend.id }),
      400,
      d.imShowingRider,
    ],
    [
      "a trainer's I'm Showing with themself as rider",
      () => trainer,
      () => ({ status: "ImShowing", horseId: trainerHorse.id, riderId: trainer.id }),
      200,
      null,
    ],
    [
      "My Horse is Showing with a trainer as rider",
      () => owner,
      () => ({ status: "HorseIsShowing", horseId: ownerHorse.id, riderId: trainer.id }),
      200,
      null,
    ],
    [
      "My Horse is Showing with oneself as rider",
      () => owner,
      () => ({ status: "HorseIsShowing", horseId: ownerHorse.id, riderId: owner.id }),
      200,
      null,
    ],
    [
      "My Horse is Showing with a horse not owned",
      () => owner,
      () => ({ status: "HorseIsShowing", horseId: customerHorse.id }),
      403,
      d.notOwnHorse,
    ],
    [
      "My Horse is Showing with an admin-only rider",
      () => owner,
      () => ({ status: "HorseIsShowing", horseId: ownerHorse.id, riderId: adminOnly.id }),
      400,
      d.riderNotEligible,
    ],
    [
      "My Horse is Showing with an unknown rider",
      () => owner,
      () => ({ status: "HorseIsShowing", riderId: "ghost" }),
      400,
      d.unknownRider,
    ],
    [
      "My Horse is Showing by a trainer",
      () => trainer,
      () => ({ status: "HorseIsShowing", horseId: trainerHorse.id }),
      403,
      d.horseIsShowingTrainer,
    ],
    [
      "Customer is Showing by a non-trainer",
      () => owner,
      () => ({ status: "CustomerIsShowing" }),
      403,
      d.customerIsShowingNotTrainer,
    ],
    [
      "Customer is Showing with a customer and their horse",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: customer.id, horseId: customerHorse.id }),
      200,
      null,
    ],
    [
      "Customer is Showing with a customer only",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: customer.id }),
      200,
      null,
    ],
    [
      "Customer is Showing with nobody chosen",
      () => trainer,
      () => ({ status: "CustomerIsShowing" }),
      200,
      null,
    ],
    [
      "Customer is Showing with someone who is not a customer",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: friend.id }),
      403,
      d.notYourCustomer,
    ],
    [
      "Customer is Showing with the trainer as their own customer",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: trainer.id, horseId: trainerHorse.id }),
      403,
      d.notYourCustomer,
    ],
    [
      "Customer is Showing with another customer's horse",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: customer.id, horseId: ownerHorse.id }),
      403,
      d.notCustomersHorse,
    ],
    [
      "Customer is Showing with the customer's horse the trainer does not train",
      () => trainer,
      () => ({ status: "CustomerIsShowing", riderId: friend.id, horseId: friendHorse.id }),
      403,
      d.notYourCustomer,
    ],
    [
      "Customer is Showing with a horse but no customer",
      () => trainer,
      () => ({ status: "CustomerIsShowing", horseId: customerHorse.id }),
      400,
      d.customerFirst,
    ],
    [
      "Friend is Showing with any horse",
      () => owner,
      () => ({ status: "FriendIsShowing", riderId: friend.id, horseId: customerHorse.id }),
      200,
      null,
    ],
    [
      "Friend is Showing with a trainer as rider",
      () => owner,
      () => ({ status: "FriendIsShowing", riderId: trainer.id }),
      200,
      null,
    ],
    [
      "Friend is Showing with oneself as rider",
      () => owner,
      () => ({ status: "FriendIsShowing", riderId: owner.id }),
      400,
      d.friendIsSelf,
    ],
    [
      "Friend is Showing with an admin-only rider",
      () => owner,
      () => ({ status: "FriendIsShowing", riderId: adminOnly.id }),
      400,
      d.riderNotEligible,
    ],
    [
      "Friend is Showing with a horse that does not exist",
      () => owner,
      () => ({ status: "FriendIsShowing", horseId: "ghost" }),
      400,
      d.unknownHorse,
    ],
    [
      "Interested with a horse",
      () => owner,
      () => ({ status: "Interested", horseId: ownerHorse.id }),
      400,
      d.noPeopleAllowed("Interested Not Sure"),
    ],
    [
      "Watch Class with a rider",
      () => owner,
      () => ({ status: "WatchClass", riderId: friend.id }),
      400,
      d.noPeopleAllowed("Watch Class"),
    ],
  ];

  it.each(rows)("%s → %i", async (_label, who, choice, status, message) => {
    const cls = freshClass();
    const user = who();
    const res = await save(user, cls.id, [choice()]);
    expect(res.statusCode, res.body).toBe(status);
    if (message) {
      expect(res.json().error.message).toBe(message);
      expect(await entriesOf(user.id, cls.id)).toHaveLength(0);
    } else {
      expect(await entriesOf(user.id, cls.id)).toHaveLength(1);
    }
  });
});

describe("chooser data", () => {
  it("offers a non-trainer their own horses, as riders themselves, their friends and barn (never a stranger), every horse, no customers", async () => {
    const res = await call(t.app, "GET", "/api/entries/choices", { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ownHorses.map((h: { id: string }) => h.id)).toContain(ownerHorse.id);
    expect(body.ownHorses.map((h: { id: string }) => h.id)).not.toContain(friendHorse.id);
    const riders = body.riders.map((r: { id: string }) => r.id);
    // Issue 34, item 7: the trainer of the owner's horse is their barn; the trainer's customer is a stranger to them.
    expect([...riders].sort()).toEqual([owner.id, trainer.id, friend.id].sort());
    expect(riders).not.toContain(customer.id);
    expect(riders).not.toContain(adminOnly.id);
    expect(body.allHorses.map((h: { id: string }) => h.id)).toEqual(
      expect.arrayContaining([ownerHorse.id, customerHorse.id, friendHorse.id, trainerHorse.id]),
    );
    expect(body.customers).toEqual([]);
  });

  it("offers a trainer the owners of the horses they train, each with those horses, not themself", async () => {
    const res = await call(t.app, "GET", "/api/entries/choices", { cookie: trainer.cookie });
    const customers = res.json().customers as { id: string; horses: { id: string }[] }[];
    const byId = new Map(customers.map((c) => [c.id, c.horses.map((h) => h.id)]));
    expect(byId.get(owner.id)).toContain(ownerHorse.id);
    expect(byId.get(customer.id)).toEqual([customerHorse.id]);
    expect(byId.has(trainer.id)).toBe(false);
    expect(byId.has(friend.id)).toBe(false);
  });

  it("works for a freshly signed-in user with nothing yet", async () => {
    const fresh = await buildUser(t.app);
    const cookie = await signIn(t.app, fresh);
    const res = await call(t.app, "GET", "/api/entries/choices", { cookie });
    expect(res.json()).toMatchObject({ ownHorses: [], customers: [] });
  });
});

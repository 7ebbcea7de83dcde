import { describe, expect, it } from "vitest";
import type { EntryChoice } from "#domain/contracts/entries.ts";
import type { Role } from "#domain/people/roles.ts";
import { consentTexts } from "#domain/texts/consent.ts";
import { entriesTexts } from "#domain/texts/entries.ts";
import {
  type ChoiceFacts,
  canDeclareStatus,
  canPutOnRoster,
  canRemoveEntry,
  entryChoiceDenial,
  isCustomerOf,
  isEligibleRider,
} from "./entries.policy.ts";

const d = entriesTexts.denials;
const owner = { id: "owner", roles: ["Owner"] as Role[] };
const trainer = { id: "trainer", roles: ["Owner", "Trainer"] as Role[] };

const facts: ChoiceFacts = {
  horses: new Set(["own", "other", "cust"]),
  ownHorses: new Set(["own"]),
  people: new Map<string, Role[]>([
    ["owner", ["Owner"]],
    ["trainer", ["Owner", "Trainer"]],
    ["friend", ["Owner"]],
    ["cust", ["Owner"]],
    ["admin", ["Admin"]],
  ]),
  customerHorses: new Map([
    ["cust", new Set(["cust"])],
    ["trainer", new Set(["own"])],
  ]),
  tied: new Set(["friend", "cust"]),
  names: new Map([["trainer", "Casey"]]),
};

const choice = (
  status: EntryChoice["status"],
  horseId: string | null = null,
  riderId: string | null = null,
) => ({
  status,
  horseId,
  riderId,
});

describe("canDeclareStatus", () => {
  it.each([
    [owner, "HorseIsShowing", null],
    [trainer, "HorseIsShowing", d.horseIsShowingTrainer],
    [owner, "CustomerIsShowing", d.customerIsShowingNotTrainer],
    [trainer, "CustomerIsShowing", null],
    [owner, "ImShowing", null],
    [trainer, "FriendIsShowing", null],
  ] as const)("%o declaring %s → %s", (viewer, status, message) => {
    expect(canDeclareStatus(viewer, status)?.message ?? null).toBe(message);
  });
});

describe("isEligibleRider / isCustomerOf", () => {
  it.each([
    [["Owner"], true],
    [["Trainer"], true],
    [["Owner", "Admin"], true],
    [["Admin"], false],
    [[], false],
  ] as const)("roles %j may ride: %s", (roles, expected) => {
    expect(isEligibleRider(roles)).toBe(expected);
  });

  it("counts owners of trained horses as customers, never the trainer", () => {
    expect(isCustomerOf(trainer, "cust", facts)).toBe(true);
    expect(isCustomerOf(trainer, "friend", facts)).toBe(false);
    expect(isCustomerOf(trainer, "trainer", facts)).toBe(false);
  });
});

describe("entryChoiceDenial", () => {
  it.each([
    ["ImShowing, own horse", owner, choice("ImShowing", "own"), null],
    ["ImShowing, empty", owner, choice("ImShowing"), null],
    ["ImShowing, other's horse", owner, choice("ImShowing", "other"), [403, d.notOwnHorse]],
    ["ImShowing, unknown horse", owner, choice("ImShowing", "ghost"), [400, d.unknownHorse]],
    ["ImShowing, self as rider", trainer, choice("ImShowing", null, "trainer"), null],
    ["ImShowing, other rider", owner, choice("ImShowing", null, "friend"), [400, d.imShowingRider]],
    ["HorseIsShowing, own horse, any rider", owner, choice("HorseIsShowing", "own", "trainer"), null],
    ["HorseIsShowing, other's horse", owner, choice("HorseIsShowing", "other"), [403, d.notOwnHorse]],
    [
      "HorseIsShowing, admin rider",
      owner,
      choice("HorseIsShowing", "own", "admin"),
      [400, d.riderNotEligible],
    ],
    ["HorseIsShowing, unknown rider", owner, choice("HorseIsShowing", null, "ghost"), [400, d.unknownRider]],
    ["HorseIsShowing, trainer", trainer, choice("HorseIsShowing"), [403, d.horseIsShowingTrainer]],
    ["CustomerIsShowing, customer and horse", trainer, choice("CustomerIsShowing", "cust", "cust"), null],
    ["CustomerIsShowing, empty", trainer, choice("CustomerIsShowing"), null],
    ["CustomerIsShowing, horse only", trainer, choice("CustomerIsShowing", "cust"), [400, d.customerFirst]],
    [
      "CustomerIsShowing, not a customer",
      trainer,
      choice("CustomerIsShowing", null, "friend"),
      [403, d.notYourCustomer],
    ],
    [
      "CustomerIsShowing, unknown customer",
      trainer,
      choice("CustomerIsShowing", null, "ghost"),
      [400, d.unknownRider],
    ],
    [
      "CustomerIsShowing, self",
      trainer,
      choice("CustomerIsShowing", "own", "trainer"),
      [403, d.notYourCustomer],
    ],
    [
      "CustomerIsShowing, wrong horse",
      trainer,
      choice("CustomerIsShowing", "own", "cust"),
      [403, d.notCustomersHorse],
    ],
    [
      "CustomerIsShowing, non-trainer",
      owner,
      choice("CustomerIsShowing"),
      [403, d.customerIsShowingNotTrainer],
    ],
    ["FriendIsShowing, any horse", owner, choice("FriendIsShowing", "other", "friend"), null],
    // Issue 24, item 3: onto another person's roster only with a tie.
    [
      "FriendIsShowing, a rider with no tie",
      owner,
      choice("FriendIsShowing", null, "trainer"),
      [403, consentTexts.noTieFor("Casey")],
    ],
    [
      "CustomerIsShowing, a customer with no tie",
      trainer,
      choice("CustomerIsShowing", "own", "owner"),
      [403, d.notYourCustomer],
    ],
    ["FriendIsShowing, self", owner, choice("FriendIsShowing", null, "owner"), [400, d.friendIsSelf]],
    [
      "FriendIsShowing, admin rider",
      owner,
      choice("FriendIsShowing", null, "admin"),
      [400, d.riderNotEligible],
    ],
    ["Interested, empty", owner, choice("Interested"), null],
    [
      "Interested, horse",
      owner,
      choice("Interested", "own"),
      [400, d.noPeopleAllowed("Interested Not Sure")],
    ],
    [
      "WatchClass, rider",
      owner,
      choice("WatchClass", null, "friend"),
      [400, d.noPeopleAllowed("Watch Class")],
    ],
  ] as const)("%s", (_label, viewer, c, expected) => {
    const denial = entryChoiceDenial(viewer, c, facts);
    expect(denial ? [denial.status, denial.message] : null).toEqual(expected);
  });
});

describe("canPutOnRoster (issue 24, item 3)", () => {
  it.each([
    ["a friend as rider", choice("FriendIsShowing", null, "friend"), true],
    ["a stranger as rider", choice("FriendIsShowing", "other", "trainer"), false],
    ["no rider: the entry stays on the viewer's roster", choice("FriendIsShowing", "other"), true],
    ["a customer with a horse", choice("CustomerIsShowing", "cust", "cust"), true],
    ["a customer without a horse: nothing mirrors", choice("CustomerIsShowing", null, "owner"), true],
    ["an entry of the viewer's own", choice("ImShowing", "own"), true],
  ] as const)("%s → %s", (_label, c, expected) => {
    expect(canPutOnRoster(owner, c, facts)).toBe(expected);
  });
});

describe("canRemoveEntry", () => {
  it.each([
    ["an entry on the viewer's roster", "owner", true],
    ["someone else's entry", "friend", false],
  ])("%s → %s", (_label, userId, expected) => {
    expect(canRemoveEntry(owner, { userId })).toBe(expected);
  });
});

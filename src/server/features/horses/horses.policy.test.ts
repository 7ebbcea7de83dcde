import { describe, expect, it } from "vitest";
import {
  type CandidatePerson,
  canChangeHorsePicture,
  canEditHorseDetails,
  canEditOwnership,
  PEOPLE_ERRORS,
  peopleChoiceProblem,
} from "./horses.policy.ts";

const horse = { ownerIds: ["olive"], trainerIds: ["terry"] };
const coOwnedTrained = { ownerIds: ["olive", "terry"], trainerIds: ["terry"] };

describe("horse permissions", () => {
  it.each([
    ["an owner", "olive", horse, true, true, true],
    ["a trainer", "terry", horse, true, true, false],
    ["a trainer who also owns it", "terry", coOwnedTrained, true, true, true],
    ["a stranger", "sam", horse, false, false, false],
    ["anyone, on a horse without people", "olive", { ownerIds: [], trainerIds: [] }, false, false, false],
  ])("%s: details %s, picture %s, ownership %s", (_label, id, h, details, picture, ownership) => {
    expect(canEditHorseDetails({ id }, h)).toBe(details);
    expect(canChangeHorsePicture({ id }, h)).toBe(picture);
    expect(canEditOwnership({ id }, h)).toBe(ownership);
  });
});

describe("peopleChoiceProblem", () => {
  const people = new Map<string, CandidatePerson>([
    ["me", { id: "me", roles: ["Owner", "Admin"] }],
    ["owner", { id: "owner", roles: ["Owner"] }],
    ["admin", { id: "admin", roles: ["Owner", "Admin"] }],
    ["coach", { id: "coach", roles: ["Owner", "Trainer"] }],
    ["former-coach", { id: "former-coach", roles: ["Owner"] }],
  ]);
  const none = { ownerIds: [], trainerIds: [] };

  it.each([
    ["plain owners and trainers", ["owner"], ["coach"], none, null],
    ["the creator, even an admin", ["me"], [], none, null],
    ["an admin as a new owner", ["owner", "admin"], [], none, PEOPLE_ERRORS.adminOwner],
    ["an admin who already owns the horse", ["admin"], [], { ownerIds: ["admin"], trainerIds: [] }, null],
    ["a non-trainer as trainer", ["owner"], ["owner"], none, PEOPLE_ERRORS.notTrainer],
    [
      "a former trainer kept on",
      ["owner"],
      ["former-coach"],
      { ownerIds: [], trainerIds: ["former-coach"] },
      null,
    ],
    ["an unknown person", ["ghost"], [], none, PEOPLE_ERRORS.unknownUser],
    ["an unknown trainer", ["owner"], ["ghost"], none, PEOPLE_ERRORS.unknownUser],
  ])("%s", (_label, ownerIds, trainerIds, before, expected) => {
    expect(peopleChoiceProblem({ viewerId: "me", ownerIds, trainerIds, before, found: people })).toBe(
      expected,
    );
  });
});

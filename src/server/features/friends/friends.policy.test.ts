import { describe, expect, it } from "vitest";
import { friendsTexts } from "#domain/texts/friends.ts";
import {
  blockDenial,
  canAnswerFriendRequest,
  canBefriend,
  canWithdrawFriendRequest,
  decideFriendRequest,
  friendRelation,
  type RelationFacts,
} from "./friends.policy.ts";

const d = friendsTexts.denials;
const me = { id: "me" };
const nothing: RelationFacts = {
  exists: true,
  friends: false,
  requested: false,
  incoming: false,
  blockedByViewer: false,
  blocksViewer: false,
};

describe("canBefriend", () => {
  it.each([
    ["someone else", "other", true],
    ["oneself", "me", false],
  ])("%s → %s", (_label, otherId, expected) => {
    expect(canBefriend(me, otherId)).toBe(expected);
  });
});

describe("decideFriendRequest", () => {
  it.each([
    ["a stranger", "other", {}, { kind: "request" }],
    ["someone who asked you", "other", { incoming: true }, { kind: "accept" }],
    [
      "someone who asked you, also asked by you",
      "other",
      { incoming: true, requested: true },
      { kind: "accept" },
    ],
    ["oneself", "me", {}, { kind: "deny", denial: { status: 400, message: d.self } }],
    ["nobody", "ghost", { exists: false }, { kind: "deny", denial: { status: 404, message: d.unknown } }],
    [
      "a friend",
      "other",
      { friends: true },
      { kind: "deny", denial: { status: 409, message: d.alreadyFriends } },
    ],
    [
      "someone asked",
      "other",
      { requested: true },
      { kind: "deny", denial: { status: 409, message: d.alreadyRequested } },
    ],
    [
      "someone you blocked who asked you",
      "other",
      { blockedByViewer: true, incoming: true },
      { kind: "deny", denial: { status: 409, message: d.youBlocked } },
    ],
    [
      "someone who blocked you",
      "other",
      { blocksViewer: true },
      { kind: "deny", denial: { status: 403, message: d.blockedYou } },
    ],
  ] as const)("%s → %j", (_label, otherId, facts, expected) => {
    expect(decideFriendRequest(me, otherId, { ...nothing, ...facts })).toEqual(expected);
  });
});

describe("friendRelation", () => {
  it.each([
    [{}, "none"],
    [{ friends: true }, "friend"],
    [{ requested: true }, "requested"],
    [{ incoming: true }, "incoming"],
    [{ incoming: true, requested: true }, "incoming"],
    [{ blockedByViewer: true, friends: true }, "blocked"],
  ] as const)("%j → %s", (facts, expected) => {
    expect(friendRelation({ ...nothing, ...facts })).toBe(expected);
  });
});

describe("canAnswerFriendRequest", () => {
  it.each([
    ["a request to the viewer", { addresseeId: "me" }, true],
    ["a request to someone else", { addresseeId: "other" }, false],
    ["no request", undefined, false],
  ] as const)("%s → %s", (_label, request, expected) => {
    expect(canAnswerFriendRequest(me, request)).toBe(expected);
  });
});

describe("canWithdrawFriendRequest", () => {
  it.each([
    ["a request the viewer sent", { requesterId: "me" }, true],
    ["a request someone else sent", { requesterId: "other" }, false],
    ["no request", undefined, false],
  ] as const)("%s → %s", (_label, request, expected) => {
    expect(canWithdrawFriendRequest(me, request)).toBe(expected);
  });
});

describe("blockDenial", () => {
  it.each([
    ["someone else", "other", true, null],
    ["oneself", "me", true, { status: 400, message: d.blockSelf }],
    ["nobody", "ghost", false, { status: 404, message: d.unknown }],
  ] as const)("%s → %j", (_label, otherId, exists, expected) => {
    expect(blockDenial(me, otherId, exists)).toEqual(expected);
  });
});

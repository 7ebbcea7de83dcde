import type { FriendRelation } from "#domain/contracts/profile.ts";
import { friendsTexts } from "#domain/texts/friends.ts";
import type { Denial } from "#server/platform/errors.ts";

/**
 * Friendship needs consent (ADR 008): 'Add' sends a request the other person accepts or ignores;
 * a block in either direction stops requests. These rules decide; the services only load facts.
 */

const d = friendsTexts.denials;

/** Friendship is between two different people: nobody befriends themselves. */
export const canBefriend = (viewer: { id: string }, otherId: string): boolean => viewer.id !== otherId;

/** What the service knows about the viewer and the other person. */
export interface RelationFacts {
  /** The other person exists. */
  exists: boolean;
  friends: boolean;
  /** The viewer has asked them (pending, or ignored by them). */
  requested: boolean;
  /** They have asked the viewer (pending, or ignored by the viewer). */
  incoming: boolean;
  blockedByViewer: boolean;
  blocksViewer: boolean;
}

export type FriendRequestDecision =
  | { kind: "deny"; denial: Denial }
  | { kind: "request" }
  | { kind: "accept" };

const deny = (status: Denial["status"], message: string): FriendRequestDecision => ({
  kind: "deny",
  denial: { status, message },
});

/**
 * 'Add': a new request; or, when they had already asked the viewer, acceptance of theirs (both
 * asked, so both consent). Oneself, strangers to the database, friends, repeated requests and any
 * block are refused with a clear reason.
 */
export function decideFriendRequest(
  viewer: { id: string },
  otherId: string,
  facts: RelationFacts,
): FriendRequestDecision {
  if (!canBefriend(viewer, otherId)) return deny(400, d.self);
  if (!facts.exists) return deny(404, d.unknown);
  if (facts.blockedByViewer) return deny(409, d.youBlocked);
  if (facts.blocksViewer) return deny(403, d.blockedYou);
  if (facts.friends) return deny(409, d.alreadyFriends);
  if (facts.incoming) return { kind: "accept" };
  if (facts.requested) return deny(409, d.alreadyRequested);
  return { kind: "request" };
}

/** What Add Friends shows for a person: Added, Requested, Accept, Blocked or Add. */
export function friendRelation(facts: Omit<RelationFacts, "exists" | "blocksViewer">): FriendRelation {
  if (facts.blockedByViewer) return "blocked";
  if (facts.friends) return "friend";
  if (facts.incoming) return "incoming";
  if (facts.requested) return "requested";
  return "none";
}

/** Only the person a request was sent to may accept or ignore it. */
export const canAnswerFriendRequest = (
  viewer: { id: string },
  request: { addresseeId: string } | undefined,
): request is { addresseeId: string } => request !== undefined && request.addresseeId === viewer.id;

/** Only the person who sent a request may withdraw it. */
export const canWithdrawFriendRequest = (
  viewer: { id: string },
  request: { requesterId: string } | undefined,
): request is { requesterId: string } => request !== undefined && request.requesterId === viewer.id;

/** Anyone may block anyone else who exists; blocking twice changes nothing. */
export function blockDenial(viewer: { id: string }, otherId: string, exists: boolean): Denial | null {
  if (viewer.id === otherId) return { status: 400, message: d.blockSelf };
  if (!exists) return { status: 404, message: d.unknown };
  return null;
}

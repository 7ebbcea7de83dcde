import type {
  AddFriendResult,
  FriendList,
  FriendRequests,
  UserSearchResult,
} from "#domain/contracts/profile.ts";
import { readPeopleQuery } from "#domain/people/people-search.ts";
import { friendsTexts } from "#domain/texts/friends.ts";
import { notificationsTexts } from "#domain/texts/notifications.ts";
import type { Db } from "#server/db/client.ts";
import { createNotifications } from "#server/features/notifications/notifications.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, denied, notFound } from "#server/platform/errors.ts";
import { type EventBus, type LiveEvent, publishQuietly } from "#server/platform/events.ts";
import { nowIso } from "#server/platform/ids.ts";
import {
  canAnswerFriendRequest,
  canBefriend,
  canWithdrawFriendRequest,
  decideFriendRequest,
  friendRelation,
} from "./friends.policy.ts";
import {
  addFriendship,
  areFriends,
  deleteRequest,
  deleteRequests,
  findPerson,
  findRequest,
  insertRequest,
  isBlockedBy,
  listFriends,
  listIncoming,
  listOutgoing,
  markIgnored,
  removeFriendship,
  searchUsers,
} from "./friends.repository.ts";

export interface FriendsDeps {
  db: Db;
  bus: EventBus;
  log: { warn(obj: unknown, msg?: string): void };
}

/** The notification type a new friend request sends its addressee. */
export const FRIEND_REQUEST_TYPE = "FriendRequest";

const d = friendsTexts.denials;

export async function getFriends(db: Db, viewer: Viewer): Promise<FriendList> {
  return { friends: await listFriends(db.db, viewer.id) };
}

export async function findPeople(db: Db, viewer: Viewer, query: string): Promise<UserSearchResult> {
  const rows = await searchUsers(db.db, viewer.id, readPeopleQuery(query));
  return {
    users: rows.map(({ friendOf, sentAt, gotAt, blockedAt, ...u }) => ({
      ...u,
      relation: friendRelation({
        friends: friendOf !== null,
        requested: sentAt !== null,
        incoming: gotAt !== null,
        blockedByViewer: blockedAt !== null,
      }),
    })),
  };
}

export async function getFriendRequests(db: Db, viewer: Viewer): Promise<FriendRequests> {
  const [incoming, outgoing] = await Promise.all([
    listIncoming(db.db, viewer.id),
    listOutgoing(db.db, viewer.id),
  ]);
  return { incoming, outgoing };
}

/**
 * 'Add': sends a friend request (and tells its addressee, live), or, when they had already asked
 * the viewer, accepts theirs. Nothing is shared until the request is accepted.
 */
export async function addFriend(
  deps: FriendsDeps,
  viewer: Viewer,
  otherId: string,
): Promise<AddFriendResult> {
  const event = await deps.db.db.transaction().execute(async (trx) => {
    const [other, friends, requested, incoming, blockedByViewer, blocksViewer] = await Promise.all([
      findPerson(trx, otherId),
      areFriends(trx, viewer.id, otherId),
      findRequest(trx, viewer.id, otherId),
      findRequest(trx, otherId, viewer.id),
      isBlockedBy(trx, viewer.id, otherId),
      isBlockedBy(trx, otherId, viewer.id),
    ]);
    const decision = decideFriendRequest(viewer, otherId, {
      exists: !!other,
      friends,
      requested: !!requested,
      incoming: !!incoming,
      blockedByViewer,
      blocksViewer,
    });
    if (decision.kind === "deny") throw denied(decision.denial);
    if (decision.kind === "accept") {
      await befriend(trx, viewer.id, otherId);
      return { outcome: "accepted" as const, live: null };
    }
    const stored = await insertRequest(trx, viewer.id, otherId, nowIso());
    const live = stored
      ? await createNotifications(trx, [otherId], {
          type: FRIEND_REQUEST_TYPE,
          message: notificationsTexts.friendRequest(viewer.name),
          showId: null,
        })
      : null;
    return { outcome: "requested" as const, live };
  });
  const events: LiveEvent[] = event.live ? [event.live] : [];
  await publishQuietly(deps.bus, events, deps.log);
  return { outcome: event.outcome };
}

type Trx = Parameters<typeof addFriendship>[0];

/** Friendship is written both ways and the requests between the two are done with. */
async function befriend(trx: Trx, a: string, b: string): Promise<void> {
  await addFriendship(trx, a, b, nowIso());
  await deleteRequests(trx, a, b);
}

/** Accepts the request `requesterId` sent the viewer; nobody else's request can be answered. */
export async function acceptFriendRequest(db: Db, viewer: Viewer, requesterId: string): Promise<FriendList> {
  await db.db.transaction().execute(async (trx) => {
    const request = await findRequest(trx, requesterId, viewer.id);
    if (!canAnswerFriendRequest(viewer, request)) throw notFound(d.noRequest);
    await befriend(trx, viewer.id, requesterId);
  });
  return getFriends(db, viewer);
}

/**
 * Ignores the request `requesterId` sent the viewer: it leaves the viewer's list, and the requester
 * keeps seeing "Requested" (they are not told, and cannot ask again).
 */
export async function ignoreFriendRequest(
  db: Db,
  viewer: Viewer,
  requesterId: string,
): Promise<FriendRequests> {
  const request = await findRequest(db.db, requesterId, viewer.id);
  if (!canAnswerFriendRequest(viewer, request)) throw notFound(d.noRequest);
  await markIgnored(db.db, requesterId, viewer.id, nowIso());
  return getFriendRequests(db, viewer);
}

/**
 * Withdraws the request the viewer sent `addresseeId` (pending or ignored by them): it leaves both lists,
 * and the viewer may ask again later. Only the sender withdraws; anyone else's request is "not found".
 */
export async function withdrawFriendRequest(
  db: Db,
  viewer: Viewer,
  addresseeId: string,
): Promise<FriendRequests> {
  const request = await findRequest(db.db, viewer.id, addresseeId);
  if (!canWithdrawFriendRequest(viewer, request)) throw notFound(d.noSentRequest);
  await deleteRequest(db.db, viewer.id, addresseeId);
  return getFriendRequests(db, viewer);
}

/** Removal is mutual too; removing someone who is not a friend changes nothing. */
export async function removeFriend(db: Db, viewer: Viewer, friendId: string): Promise<FriendList> {
  if (!canBefriend(viewer, friendId)) throw badRequest(d.self);
  await db.db.transaction().execute((trx) => removeFriendship(trx, viewer.id, friendId));
  return getFriends(db, viewer);
}

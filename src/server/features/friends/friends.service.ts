import type { FriendList, UserSearchResult } from "#domain/contracts/profile.ts";
import type { Db } from "#server/db/client.ts";
import { canBefriend } from "#server/features/friends/friends.policy.ts";
import {
  addFriendship,
  listFriends,
  removeFriendship,
  searchUsers,
  userExists,
} from "#server/features/friends/friends.repository.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, notFound } from "#server/platform/errors.ts";
import { nowIso } from "#server/platform/ids.ts";

export const FRIEND_ERRORS = {
  self: "You cannot add yourself as a friend.",
  unknown: "User not found.",
} as const;

export async function getFriends(db: Db, viewer: Viewer): Promise<FriendList> {
  return { friends: await listFriends(db.db, viewer.id) };
}

export async function findPeople(db: Db, viewer: Viewer, query: string): Promise<UserSearchResult> {
  const rows = await searchUsers(db.db, viewer.id, query);
  return { users: rows.map(({ friendOf, ...u }) => ({ ...u, isFriend: friendOf !== null })) };
}

export async function addFriend(db: Db, viewer: Viewer, friendId: string): Promise<FriendList> {
  if (!canBefriend(viewer, friendId)) throw badRequest(FRIEND_ERRORS.self);
  if (!(await userExists(db.db, friendId))) throw notFound(FRIEND_ERRORS.unknown);
  await db.db.transaction().execute((trx) => addFriendship(trx, viewer.id, friendId, nowIso()));
  return getFriends(db, viewer);
}

/** Removal is mutual too; removing someone who is not a friend changes nothing. */
export async function removeFriend(db: Db, viewer: Viewer, friendId: string): Promise<FriendList> {
  if (!canBefriend(viewer, friendId)) throw badRequest(FRIEND_ERRORS.self);
  await db.db.transaction().execute((trx) => removeFriendship(trx, viewer.id, friendId));
  return getFriends(db, viewer);
}

import type { QueryClient } from "@tanstack/react-query";
import { friendsKey } from "#client/features/profile/api/list-friends.ts";
import { rosterKeys } from "#client/features/roster/api/get-roster.ts";
import { api } from "#client/lib/api.ts";
import { type QueuedChange, useQueuedChange } from "#client/lib/queued-change.ts";
import type { AddFriendResult } from "#domain/contracts/profile.ts";

/** 'Add': sends a friend request, or accepts theirs when they had already asked. */
export const addFriend = (friendId: string, idempotencyKey?: string) =>
  api<AddFriendResult>("/api/friends", { method: "POST", body: { friendId }, idempotencyKey });

/** After a friendship changes: the lists, and the roster (friends' entries appear on it). */
export const settleFriends = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: friendsKey }),
    client.invalidateQueries({ queryKey: rosterKeys.all }),
  ]);

export const addFriendChange: QueuedChange<string, AddFriendResult> = {
  key: [...friendsKey, "add"],
  send: addFriend,
  settle: settleFriends,
};

export const useAddFriend = () => useQueuedChange(addFriendChange);

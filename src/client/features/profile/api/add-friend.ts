import { useMutation, useQueryClient } from "@tanstack/react-query";
import { friendsKey } from "#client/features/profile/api/list-friends.ts";
import { rosterKeys } from "#client/features/roster/api/get-roster.ts";
import { api } from "#client/lib/api.ts";
import type { AddFriendResult } from "#domain/contracts/profile.ts";

/** 'Add': sends a friend request, or accepts theirs when they had already asked. */
export const addFriend = (friendId: string) =>
  api<AddFriendResult>("/api/friends", { method: "POST", body: { friendId } });

export function useAddFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFriend,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: friendsKey }),
        queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
      ]),
  });
}

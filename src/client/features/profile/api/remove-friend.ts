import { useMutation, useQueryClient } from "@tanstack/react-query";
import { friendListKey, friendsKey } from "#client/features/profile/api/list-friends.ts";
import { rosterKeys } from "#client/features/roster/api/get-roster.ts";
import { api } from "#client/lib/api.ts";
import type { FriendList } from "#domain/contracts/profile.ts";

export const removeFriend = (friendId: string) =>
  api<FriendList>(`/api/friends/${encodeURIComponent(friendId)}`, { method: "DELETE" });

export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFriend,
    onSuccess: (list) => {
      queryClient.setQueryData(friendListKey, list);
      // The former friend's entries leave the roster.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: friendsKey }),
        queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
      ]);
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { friendListKey, friendsKey } from "#client/features/profile/api/list-friends.ts";
import { api } from "#client/lib/api.ts";
import type { FriendList } from "#domain/contracts/profile.ts";

export const addFriend = (friendId: string) =>
  api<FriendList>("/api/friends", { method: "POST", body: { friendId } });

export function useAddFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFriend,
    onSuccess: (list) => {
      queryClient.setQueryData(friendListKey, list);
      return queryClient.invalidateQueries({ queryKey: friendsKey });
    },
  });
}

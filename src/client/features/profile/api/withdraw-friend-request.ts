import { useMutation, useQueryClient } from "@tanstack/react-query";
import { friendRequestsKey } from "#client/features/profile/api/list-friend-requests.ts";
import { friendsKey } from "#client/features/profile/api/list-friends.ts";
import { api } from "#client/lib/api.ts";
import type { FriendRequests } from "#domain/contracts/profile.ts";

/** Withdraws the friend request the viewer sent the person with `addresseeId`. */
export const withdrawFriendRequest = (addresseeId: string) =>
  api<FriendRequests>(`/api/friends/requests/${encodeURIComponent(addresseeId)}`, { method: "DELETE" });

export function useWithdrawFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawFriendRequest,
    onSuccess: (requests) => {
      queryClient.setQueryData(friendRequestsKey, requests);
      // Add Friends shows "Add" again for that person.
      return queryClient.invalidateQueries({ queryKey: friendsKey });
    },
  });
}

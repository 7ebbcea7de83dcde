import { useMutation, useQueryClient } from "@tanstack/react-query";
import { friendsKey } from "#client/features/profile/api/list-friends.ts";
import { rosterKeys } from "#client/features/roster/api/get-roster.ts";
import { api } from "#client/lib/api.ts";

export type FriendRequestAnswer = "accept" | "ignore";

/** Accept (friendship, both ways) or Ignore a request the person with `requesterId` sent. */
export const answerFriendRequest = ({
  requesterId,
  answer,
}: {
  requesterId: string;
  answer: FriendRequestAnswer;
}) => api(`/api/friends/requests/${encodeURIComponent(requesterId)}/${answer}`, { method: "POST" });

export function useAnswerFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerFriendRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: friendsKey }),
        queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
      ]),
  });
}

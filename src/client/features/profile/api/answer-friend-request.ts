import { settleFriends } from "#client/features/profile/api/add-friend.ts";
import { friendsKey } from "#client/features/profile/api/list-friends.ts";
import { api } from "#client/lib/api.ts";
import { type QueuedChange, useQueuedChange } from "#client/lib/queued-change.ts";

export type FriendRequestAnswer = "accept" | "ignore";

export interface AnswerInput {
  requesterId: string;
  answer: FriendRequestAnswer;
}

/** Accept (friendship, both ways) or Ignore a request the person with `requesterId` sent. */
export const answerFriendRequest = ({ requesterId, answer }: AnswerInput, idempotencyKey?: string) =>
  api(`/api/friends/requests/${encodeURIComponent(requesterId)}/${answer}`, {
    method: "POST",
    idempotencyKey,
  });

export const answerRequestChange: QueuedChange<AnswerInput, unknown> = {
  key: [...friendsKey, "answer"],
  send: answerFriendRequest,
  settle: settleFriends,
};

export const useAnswerFriendRequest = () => useQueuedChange(answerRequestChange);

/**
 * The spec's texts of one section, word for word (see shell.ts). A section only lazy screens use lives in
 * its own module so it stays off the first-load budget (ADR 015); nothing on the first-load path imports it.
 */
/** Server answers for friend requests and blocks (ADR 008). */
export const friendsTexts = {
  denials: {
    self: "You cannot add yourself as a friend.",
    unknown: "User not found.",
    alreadyFriends: "You are already friends.",
    alreadyRequested: "You have already sent this person a friend request.",
    youBlocked: "You have blocked this person. Unblock them first.",
    blockedYou: "This person is not accepting friend requests from you.",
    noRequest: "There is no friend request from this person.",
    noSentRequest: "You have no friend request waiting for this person.",
    blockSelf: "You cannot block yourself.",
  },
} as const;

export interface FriendshipTable {
  user_id: string;
  friend_id: string;
  created_at: string;
}

/** A pending friend request (migration 004); accepting turns it into two `friendship` rows. */
export interface FriendRequestTable {
  requester_id: string;
  addressee_id: string;
  created_at: string;
  ignored_at: string | null;
}

/** `blocker_id` blocked `blocked_id` (migration 004). */
export interface UserBlockTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/** Friends, friend requests and blocks (migration 004). */
export interface PeopleTables {
  friendship: FriendshipTable;
  friend_request: FriendRequestTable;
  user_block: UserBlockTable;
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { friendsKey } from "#client/features/profile/api/list-friends.ts";
import { api } from "#client/lib/api.ts";
import type { FriendRequests } from "#domain/contracts/profile.ts";

export const friendRequestsKey = [...friendsKey, "requests"] as const;

export const listFriendRequests = () => api<FriendRequests>("/api/friends/requests");

export const friendRequestsQuery = () =>
  queryOptions({ queryKey: friendRequestsKey, queryFn: listFriendRequests });

export const useFriendRequests = () => useQuery(friendRequestsQuery());

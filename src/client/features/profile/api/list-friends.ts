import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { FriendList } from "#domain/contracts/profile.ts";

export const friendsKey = ["friends"] as const;
export const friendListKey = [...friendsKey, "list"] as const;

export const listFriends = () => api<FriendList>("/api/friends");

export const friendListQuery = () => queryOptions({ queryKey: friendListKey, queryFn: listFriends });

export const useFriends = () => useQuery(friendListQuery());

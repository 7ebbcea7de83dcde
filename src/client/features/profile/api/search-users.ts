import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { friendsKey } from "#client/features/profile/api/list-friends.ts";
import { api } from "#client/lib/api.ts";
import type { UserSearchResult } from "#domain/contracts/profile.ts";

export const userSearchKey = (q: string) => [...friendsKey, "search", q] as const;

export const searchUsers = (q: string) =>
  api<UserSearchResult>(`/api/friends/search?q=${encodeURIComponent(q)}`);

export const userSearchQuery = (q: string) =>
  queryOptions({ queryKey: userSearchKey(q), queryFn: () => searchUsers(q) });

export const useUserSearch = (q: string, enabled: boolean) =>
  useQuery({ ...userSearchQuery(q.trim()), enabled, placeholderData: keepPreviousData });

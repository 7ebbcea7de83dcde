import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { BlockList } from "#domain/contracts/profile.ts";

export const blocksKey = ["blocks"] as const;

export const listBlocked = () => api<BlockList>("/api/blocks");

export const blockedQuery = () => queryOptions({ queryKey: blocksKey, queryFn: listBlocked });

export const useBlocked = () => useQuery(blockedQuery());

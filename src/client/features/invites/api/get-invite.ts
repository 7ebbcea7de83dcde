import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { Invite } from "#domain/contracts/invites.ts";

export const inviteKey = (trainerId: string) => ["invite", trainerId] as const;

export const getInvite = (trainerId: string) => api<Invite>(`/api/invites/${encodeURIComponent(trainerId)}`);

export const inviteQueryOptions = (trainerId: string) =>
  queryOptions({
    queryKey: inviteKey(trainerId),
    queryFn: () => getInvite(trainerId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The trainer behind an invite link; a link the server does not vouch for simply greets nobody. */
export const useInvite = (trainerId: string | null) =>
  useQuery({ ...inviteQueryOptions(trainerId ?? ""), enabled: !!trainerId });

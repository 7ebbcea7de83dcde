import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type {
  BarnWatchLinkCreated,
  BarnWatchLinks,
  CreateBarnWatchLinkBody,
  CreateWatchLinkBody,
  HorseWatchLinks,
  ShowWatchHorses,
  WatchLinkCreated,
} from "#domain/contracts/watch.ts";

/** Live links (issue 35, ADR 044): a horse's links, a show's shareable horses, make and revoke. */
export const watchKeys = {
  horse: (horseId: string) => ["watch-links", "horse", horseId] as const,
  show: (showId: string) => ["watch-links", "show", showId] as const,
  barn: ["watch-links", "barn"] as const,
};

export const useHorseWatchLinks = (horseId: string) =>
  useQuery({
    queryKey: watchKeys.horse(horseId),
    queryFn: () => api<HorseWatchLinks>(`/api/horses/${encodeURIComponent(horseId)}/watch-links`),
    retry: false,
  });

export const useShowWatchHorses = (showId: string, enabled: boolean) =>
  useQuery({
    queryKey: watchKeys.show(showId),
    queryFn: () => api<ShowWatchHorses>(`/api/shows/${encodeURIComponent(showId)}/watch-horses`),
    enabled,
  });

export function useCreateWatchLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWatchLinkBody) =>
      api<WatchLinkCreated>("/api/watch-links", { method: "POST", body }),
    onSuccess: (link) => void client.invalidateQueries({ queryKey: watchKeys.horse(link.horseId) }),
  });
}

export function useRevokeWatchLink(horseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      api<null>(`/api/watch-links/${encodeURIComponent(linkId)}`, { method: "DELETE" }),
    onSuccess: () => void client.invalidateQueries({ queryKey: watchKeys.horse(horseId) }),
  });
}

/** The barn's live links (ADR 050): its working links and the shows it may make one for (trainers only). */
export const useBarnWatchLinks = () =>
  useQuery({
    queryKey: watchKeys.barn,
    queryFn: () => api<BarnWatchLinks>("/api/barn/watch-links"),
    retry: false,
  });

export function useCreateBarnWatchLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBarnWatchLinkBody) =>
      api<BarnWatchLinkCreated>("/api/barn/watch-links", { method: "POST", body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: watchKeys.barn }),
  });
}

export function useRevokeBarnWatchLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      api<null>(`/api/barn/watch-links/${encodeURIComponent(linkId)}`, { method: "DELETE" }),
    onSuccess: () => void client.invalidateQueries({ queryKey: watchKeys.barn }),
  });
}

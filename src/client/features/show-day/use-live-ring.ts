import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { showDayKeys, showDayPath } from "#client/features/show-day/api/get-show-day.ts";
import type { RingPatch, ShowDay } from "#domain/contracts/show-day.ts";
import { ACTION_LOG_SIZE } from "#domain/show-day/ring.ts";
import { applyPatch } from "#domain/show-day/show-day-view.ts";

const MAX_RETRY_MS = 30_000;

/**
 * Holds the show's ring stream while a screen shows it: each steward action arrives as a patch and is
 * applied to the day held (no refetch, so two thousand open screens cost the server one write each);
 * a patch that does not follow what is held, and every reconnect, reads the whole day again.
 */
export function useLiveRing(showId: string, enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const key = showDayKeys.day(showId);
    let source: EventSource | null = null;
    let retryMs = 1_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let connectedBefore = false;
    const refetch = () => void client.invalidateQueries({ queryKey: key });

    const connect = () => {
      source = new EventSource(`${showDayPath(showId)}/events`, { withCredentials: true });
      source.addEventListener("ready", () => {
        retryMs = 1_000;
        if (connectedBefore) refetch();
        connectedBefore = true;
      });
      source.addEventListener("ring", (event) => {
        let patch: RingPatch;
        try {
          patch = JSON.parse((event as MessageEvent<string>).data) as RingPatch;
        } catch {
          refetch();
          return;
        }
        const held = client.getQueryData<ShowDay>(key);
        const ring = held ? applyPatch(held.ring, patch, ACTION_LOG_SIZE) : null;
        if (held && ring) client.setQueryData<ShowDay>(key, { ...held, ring });
        else refetch();
      });
      source.onerror = () => {
        if (stopped || !source || source.readyState !== EventSource.CLOSED) return;
        source.close();
        timer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [client, enabled, showId]);
}

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { watchRing } from "#client/features/show-day/ring-hub.ts";

/**
 * Holds the show's ring live while a screen shows it, through the page's one ring stream for all its
 * shows (ring-hub.ts, ADR 041): each steward action arrives as a patch and is applied to the day held
 * (no refetch, so two thousand open screens cost the server one write each); a patch that does not
 * follow what is held, and every reconnect, reads the whole day again.
 */
export function useLiveRing(showId: string, enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    return watchRing(client, showId);
  }, [client, enabled, showId]);
}

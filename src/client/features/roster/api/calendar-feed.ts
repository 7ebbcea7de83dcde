import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { CalendarFeed } from "#domain/contracts/calendar-feed.ts";

export const calendarFeedKey = ["calendar-feed"] as const;

export const getCalendarFeed = () => api<CalendarFeed>("/api/calendar-feed");
export const renewCalendarFeed = () => api<CalendarFeed>("/api/calendar-feed", { method: "POST" });

export const useCalendarFeed = (enabled: boolean) =>
  useQuery({ queryKey: calendarFeedKey, queryFn: getCalendarFeed, enabled });

/** Creates the feed or replaces its link; the answer is the new link. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}

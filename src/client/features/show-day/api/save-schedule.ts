import { useMutation, useQueryClient } from "@tanstack/react-query";
import { showDayKeys } from "#client/features/show-day/api/show-day-keys.ts";
import { showKeys } from "#client/features/shows/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { ScheduleBody } from "#domain/contracts/show-day.ts";
import type { ShowDetail } from "#domain/contracts/shows.ts";

/** Saves a show's sessions with their classes, its time zone and pace (Admin). */
export function useSaveSchedule(showId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleBody) =>
      api<ShowDetail>(`/api/shows/${encodeURIComponent(showId)}/schedule`, { method: "PUT", body }),
    onSuccess: (detail) => {
      client.setQueryData(showKeys.detail(showId), detail);
      void client.invalidateQueries({ queryKey: showKeys.all });
      void client.invalidateQueries({ queryKey: showDayKeys.day(showId) });
    },
  });
}

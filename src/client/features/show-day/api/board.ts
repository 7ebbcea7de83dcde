import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { showDayKeys } from "#client/features/show-day/api/show-day-keys.ts";
import { api } from "#client/lib/api.ts";
import type { BoardSetting } from "#domain/contracts/watch.ts";

const boardPath = (showId: string) => `/api/shows/${encodeURIComponent(showId)}/board`;

/** Whether the show's ring board is public (ADR 046): an admin or the show's stewards may ask. */
export const useBoardSetting = (showId: string) =>
  useQuery({ queryKey: showDayKeys.board(showId), queryFn: () => api<BoardSetting>(boardPath(showId)) });

export function useSetBoard(showId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (setting: BoardSetting) =>
      api<BoardSetting>(boardPath(showId), { method: "PUT", body: setting }),
    onSuccess: (data) => client.setQueryData(showDayKeys.board(showId), data),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { horseKey } from "#client/features/horses/api/get-horse.ts";
import { horseListKey } from "#client/features/horses/api/list-horses.ts";
import { api } from "#client/lib/api.ts";
import type { HorseDetail, HorseDetailsBody } from "#domain/contracts/horses.ts";

export const updateHorse = (id: string, body: HorseDetailsBody) =>
  api<HorseDetail>(`/api/horses/${encodeURIComponent(id)}`, { method: "PUT", body });

export function useUpdateHorse(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HorseDetailsBody) => updateHorse(id, body),
    onSuccess: (horse) => {
      queryClient.setQueryData(horseKey(id), horse);
      return queryClient.invalidateQueries({ queryKey: horseListKey });
    },
  });
}

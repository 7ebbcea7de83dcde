import { useMutation, useQueryClient } from "@tanstack/react-query";
import { horseKey } from "#client/features/horses/api/get-horse.ts";
import { horseListKey } from "#client/features/horses/api/list-horses.ts";
import { api } from "#client/lib/api.ts";
import type { HorseDetail, HorseOwnershipBody } from "#domain/contracts/horses.ts";

export const updateOwnership = (id: string, body: HorseOwnershipBody) =>
  api<HorseDetail>(`/api/horses/${encodeURIComponent(id)}/ownership`, { method: "PUT", body });

export function useUpdateOwnership(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HorseOwnershipBody) => updateOwnership(id, body),
    onSuccess: (horse) => {
      queryClient.setQueryData(horseKey(id), horse);
      return queryClient.invalidateQueries({ queryKey: horseListKey });
    },
  });
}

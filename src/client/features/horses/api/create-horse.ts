import { useMutation, useQueryClient } from "@tanstack/react-query";
import { horsesKey } from "#client/features/horses/api/list-horses.ts";
import { api } from "#client/lib/api.ts";
import type { CreateHorseBody, HorseDetail } from "#domain/contracts/horses.ts";

export const createHorse = (body: CreateHorseBody) =>
  api<HorseDetail>("/api/horses", { method: "POST", body });

export function useCreateHorse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHorse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: horsesKey }),
  });
}

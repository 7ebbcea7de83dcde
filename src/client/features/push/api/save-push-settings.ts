import { useMutation, useQueryClient } from "@tanstack/react-query";
import { pushKeys } from "#client/features/push/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { PushSettings, PushSettingsInput } from "#domain/contracts/push.ts";

export const savePushSettings = (input: PushSettingsInput) =>
  api<PushSettings>("/api/push/settings", { method: "PUT", body: input });

export function useSavePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushSettings,
    onSuccess: (saved) => queryClient.setQueryData(pushKeys.settings, saved),
  });
}

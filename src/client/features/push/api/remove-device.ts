import { useMutation, useQueryClient } from "@tanstack/react-query";
import { pushKeys } from "#client/features/push/api/keys.ts";
import { api } from "#client/lib/api.ts";
import { currentPushSubscription, forgetPushOnThisDevice } from "#client/lib/push-device.ts";
import type { PushDevice } from "#domain/contracts/push.ts";

export const removeDevice = (id: string) =>
  api<{ ok: true }>(`/api/push/devices/${encodeURIComponent(id)}`, { method: "DELETE" });

/** Removes a device; when it is this browser, the browser's own subscription goes too. */
export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: PushDevice) => {
      await removeDevice(device.id);
      if ((await currentPushSubscription())?.endpoint === device.endpoint) await forgetPushOnThisDevice();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

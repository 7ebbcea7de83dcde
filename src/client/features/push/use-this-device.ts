import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { addDevice } from "#client/features/push/api/add-device.ts";
import { getPushConfig } from "#client/features/push/api/get-push-config.ts";
import { pushKeys } from "#client/features/push/api/keys.ts";
import { useDevices } from "#client/features/push/api/list-devices.ts";
import { removeDevice } from "#client/features/push/api/remove-device.ts";
import { pushFailureWords } from "#client/features/push/push-failure.ts";
import {
  browserPushEnvironment,
  currentPushSubscription,
  forgetPushOnThisDevice,
  localTimeZone,
  type PushSupport,
  pushSupport,
  subscribeThisBrowser,
} from "#client/lib/push-device.ts";
import type { PushDevice, PushSubscriptionInput } from "#domain/contracts/push.ts";
import { pushTexts } from "#domain/texts/push.ts";

export type ThisDeviceState =
  | { kind: "checking" }
  | { kind: "cannot"; reason: Exclude<PushSupport, "ok"> }
  | { kind: "off" }
  | { kind: "on"; device: PushDevice };

class PermissionNotGiven extends Error {}

/**
 * "Notify me on this phone": what this browser can do, whether it is one of the person's devices,
 * and turning it on (the permission prompt appears only here, after the tap) or off.
 */
export function useThisDevice() {
  const queryClient = useQueryClient();
  const devices = useDevices();
  const [browser, setBrowser] = useState<{ support: PushSupport; endpoint: string | null } | null>(null);

  const look = useCallback(async () => {
    const support = pushSupport(browserPushEnvironment());
    const endpoint = support === "ok" ? ((await currentPushSubscription())?.endpoint ?? null) : null;
    setBrowser({ support, endpoint });
  }, []);
  useEffect(() => {
    void look();
  }, [look]);

  const enable = useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      // A refusal shows as this browser's state (blocked, and how to unblock); a dismissal says so.
      if (permission === "denied") return null;
      if (permission !== "granted") throw new PermissionNotGiven(pushTexts.cannot.dismissed);
      const { publicKey } = await queryClient.fetchQuery({
        queryKey: pushKeys.config,
        queryFn: getPushConfig,
      });
      const json = await subscribeThisBrowser(publicKey);
      const keys = json.keys ?? {};
      const input: PushSubscriptionInput = {
        endpoint: json.endpoint ?? "",
        keys: { p256dh: keys.p256dh ?? "", auth: keys.auth ?? "" },
        timeZone: localTimeZone(),
      };
      return addDevice(input);
    },
    onSettled: async () => {
      await look();
      await queryClient.invalidateQueries({ queryKey: pushKeys.devices });
      await queryClient.invalidateQueries({ queryKey: pushKeys.settings });
    },
  });

  const disable = useMutation({
    mutationFn: async (device: PushDevice) => {
      await removeDevice(device.id);
      await forgetPushOnThisDevice();
    },
    onSettled: async () => {
      await look();
      await queryClient.invalidateQueries({ queryKey: pushKeys.devices });
    },
  });

  let state: ThisDeviceState = { kind: "checking" };
  if (browser && browser.support !== "ok") state = { kind: "cannot", reason: browser.support };
  else if (browser && devices.data) {
    const device = devices.data.devices.find((d) => d.endpoint === browser.endpoint);
    state = device ? { kind: "on", device } : { kind: "off" };
  }

  const error = enable.error ?? disable.error;
  return {
    state,
    /** The endpoint this browser is subscribed with, to mark it in the device list. */
    endpoint: browser?.endpoint ?? null,
    devices,
    enable: () => enable.mutate(),
    disable: (device: PushDevice) => disable.mutate(device),
    pending: enable.isPending || disable.isPending,
    error: error ? (error instanceof PermissionNotGiven ? error.message : pushFailureWords(error)) : null,
    /** Look again (after a device was removed from the list). */
    refresh: look,
  };
}

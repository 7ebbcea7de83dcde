import { api } from "#client/lib/api.ts";
import type { PushDevice, PushSubscriptionInput } from "#domain/contracts/push.ts";

/** Registers this browser's subscription for the signed-in person (the hook is use-this-device.ts). */
export const addDevice = (input: PushSubscriptionInput) =>
  api<PushDevice>("/api/push/devices", { method: "POST", body: input });

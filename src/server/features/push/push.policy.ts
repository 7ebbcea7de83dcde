import { pushTexts } from "#domain/texts/push.ts";
import type { Denial } from "#server/platform/errors.ts";

/** Devices one person may have push on: more is a runaway script, not a person's phones. */
export const MAX_DEVICES = 20;

/** A device is seen and removed only by the person it belongs to; anyone else is told it does not exist. */
export const ownsDevice = (viewer: { id: string }, device: { user_id: string }): boolean =>
  device.user_id === viewer.id;

/** Whether the person may add one more device, given how many they have. */
export function deviceLimitDenial(devices: number): Denial | null {
  return devices >= MAX_DEVICES
    ? { status: 409, message: pushTexts.errors.tooManyDevices(MAX_DEVICES) }
    : null;
}

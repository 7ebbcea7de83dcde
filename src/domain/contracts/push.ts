import { z } from "zod";
import { NEW_SHOW_REACHES, PUSH_KINDS } from "#domain/notifications/push-kinds.ts";
import { isTimeZone } from "#domain/notifications/push-schedule.ts";
import { pushTexts } from "#domain/texts/push.ts";

const e = pushTexts.errors;
const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of base64url text, as a binary string (atob runs in browsers and Node alike). */
function decoded(text: string): string {
  try {
    return atob(text.replace(/=+$/, "").replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return "";
  }
}

/** The base64url text of exactly `length` bytes (padding allowed, as some browsers send it). */
const keyOf = (length: number, message: string) => {
  const chars = Math.ceil((length * 4) / 3);
  return z
    .string({ error: message })
    .max(chars + 2, { error: message })
    .regex(base64url, { error: message })
    .refine((v) => decoded(v).length === length, { error: message });
};

export const TimeZone = z
  .string({ error: e.badTimeZone })
  .max(64, { error: e.badTimeZone })
  .refine(isTimeZone, { error: e.badTimeZone });

/**
 * A browser's PushSubscription as `toJSON()` gives it, plus the person's time zone (for quiet hours).
 * Whether the address may be used (https, public) is the service's check, which knows the test flag.
 */
export const PushSubscriptionInput = z.strictObject({
  endpoint: z
    .string({ error: e.badEndpoint })
    .max(2048, { error: e.badEndpoint })
    .pipe(z.url({ error: e.badEndpoint })),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: keyOf(65, e.badKey).refine((v) => decoded(v).charCodeAt(0) === 4, { error: e.badKey }),
    auth: keyOf(16, e.badAuth),
  }),
  timeZone: TimeZone,
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

export const PushDevice = z.object({
  id: z.string(),
  /** "Chrome on Android", from the browser that subscribed. */
  label: z.string(),
  /** The push service address: lets a browser recognise its own subscription in the list. */
  endpoint: z.string(),
  createdAt: z.string(),
});
export type PushDevice = z.infer<typeof PushDevice>;

export const PushDeviceList = z.object({ devices: z.array(PushDevice) });
export type PushDeviceList = z.infer<typeof PushDeviceList>;

export const PushDeviceParams = z.strictObject({ id: z.string().trim().min(1).max(100) });

/** The key a browser subscribes with (VAPID, RFC 8292), as base64url. */
export const PushConfig = z.object({ publicKey: z.string() });
export type PushConfig = z.infer<typeof PushConfig>;

const Choices = z.strictObject(
  Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as {
    [K in (typeof PUSH_KINDS)[number]]: z.ZodBoolean;
  },
);

export const PushSettings = z.object({
  /** Per kind: true = in the app and pushed, false = in the app only. */
  choices: Choices,
  quietHours: z.boolean(),
  timeZone: z.string().nullable(),
  /** Which new shows the person hears of at all (ADR 023): near me (the default), all, none. */
  newShows: z.enum(NEW_SHOW_REACHES),
});
export type PushSettings = z.infer<typeof PushSettings>;

export const PushSettingsInput = z.strictObject({
  choices: Choices.partial(),
  quietHours: z.boolean(),
  timeZone: TimeZone,
  newShows: z.enum(NEW_SHOW_REACHES).optional(),
});
export type PushSettingsInput = z.infer<typeof PushSettingsInput>;

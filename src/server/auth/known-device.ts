import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";

/**
 * A browser that has signed in to an account with its password before: it holds a cookie that says
 * so, signed with AUTH_SECRET (OWASP's "device cookies"). Issue 19, item 10: anyone who knew an email
 * could keep its owner out of password sign-in with five wrong tries. The account's back-off stays for
 * every other client; a known browser is counted on its own back-off instead, so wrong tries from
 * elsewhere never lock it out, and its own wrong tries lock out only itself. The cookie grants nothing
 * else: the password is still checked.
 */
export const KNOWN_DEVICE_COOKIE = "ringside.known_device";
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const normalise = (email: string) => email.trim().toLowerCase();
const mac = (secret: string, deviceId: string, email: string) =>
  createHmac("sha256", secret)
    .update(`known-device|${deviceId}|${normalise(email)}`)
    .digest("base64url");

/** The device id of a valid known-device cookie for `email`, or null (none, another account, forged). */
export function knownDeviceFor(
  cookieHeader: string | undefined,
  secret: string,
  email: string,
): string | null {
  const value = cookieHeader ? parseCookies(cookieHeader).get(KNOWN_DEVICE_COOKIE) : undefined;
  const [deviceId, emailPart, signature, ...rest] = value?.split(".") ?? [];
  if (!deviceId || !emailPart || !signature || rest.length > 0) return null;
  if (Buffer.from(emailPart, "base64url").toString() !== normalise(email)) return null;
  const expected = Buffer.from(mac(secret, deviceId, email));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}

/**
 * The Set-Cookie header that marks this browser as known for `email` after a successful sign-in,
 * keeping its device id when it had one. HttpOnly (no script reads it), only sent to the auth routes.
 */
export function knownDeviceCookie(opts: {
  secret: string;
  email: string;
  deviceId: string | null;
  secure: boolean;
}): string {
  const deviceId = opts.deviceId ?? randomBytes(16).toString("base64url");
  const email = normalise(opts.email);
  const value = `${deviceId}.${Buffer.from(email).toString("base64url")}.${mac(opts.secret, deviceId, email)}`;
  const attributes = [`Path=/api/auth`, `Max-Age=${MAX_AGE_SECONDS}`, "HttpOnly", "SameSite=Lax"];
  if (opts.secure) attributes.push("Secure");
  return `${KNOWN_DEVICE_COOKIE}=${value}; ${attributes.join("; ")}`;
}

import Bowser from "bowser";

/** Shorter names people know their browser by. */
const BROWSER_NAMES: Readonly<Record<string, string>> = {
  "Microsoft Edge": "Edge",
  "Samsung Internet for Android": "Samsung Internet",
};

export const UNKNOWN_DEVICE = "A browser";

/**
 * How a device is listed under Notification settings ("Chrome on Android"), read from the
 * User-Agent of the request that subscribed. iOS is named by the device, as people say it.
 */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent?.trim()) return UNKNOWN_DEVICE;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name ? (BROWSER_NAMES[parsed.browser.name] ?? parsed.browser.name) : null;
  let os = parsed.os.name ?? null;
  if (os === "iOS") os = parsed.platform.type === "tablet" ? "iPad" : "iPhone";
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? UNKNOWN_DEVICE;
}

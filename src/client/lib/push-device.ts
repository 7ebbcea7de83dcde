/**
 * This browser's side of Web Push: whether it can push at all, its subscription, and asking for
 * one. No React here, so sign-out can forget the subscription without loading the settings screen.
 */

/** Why this browser cannot get notifications while Ringside is closed, or "ok". */
export type PushSupport = "ok" | "insecure" | "unsupported" | "ios-not-installed" | "denied";

export interface PushEnvironment {
  secure: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  notifications: boolean;
  permission: NotificationPermission | null;
  /** iPhone or iPad, where only an installed web app (iOS 16.4+) can push. */
  ios: boolean;
  /** Opened from the home screen (display-mode standalone). */
  installed: boolean;
}

/** The first thing that stands in the way, in the order a person can fix them. */
export function pushSupport(env: PushEnvironment): PushSupport {
  if (!env.secure) return "insecure";
  if (env.ios && !env.installed) return "ios-not-installed";
  if (!env.serviceWorker || !env.pushManager || !env.notifications) return "unsupported";
  if (env.permission === "denied") return "denied";
  return "ok";
}

export function browserPushEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  const ios =
    /iPhone|iPad|iPod/.test(nav.userAgent) || (nav.userAgent.includes("Macintosh") && nav.maxTouchPoints > 1);
  return {
    secure: window.isSecureContext,
    serviceWorker: "serviceWorker" in nav,
    pushManager: "PushManager" in window,
    notifications: "Notification" in window,
    permission: "Notification" in window ? Notification.permission : null,
    ios,
    installed: nav.standalone === true || window.matchMedia?.("(display-mode: standalone)").matches === true,
  };
}

/** The person's IANA time zone, for quiet hours. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!("serviceWorker" in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** This browser's current subscription, if it has one (never asks for anything). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  try {
    return (await (await registration())?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

export class PushSetupError extends Error {
  override name = "PushSetupError";
}

/** How long the service worker may take to be ready before we say it did not work. */
const READY_TIMEOUT_MS = 15_000;

/**
 * Subscribes this browser to the server's key (replacing a subscription made to an older key) and
 * returns it as the API takes it. The permission prompt must already have been answered "granted".
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const ready = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
  ]);
  if (!ready) throw new PushSetupError("The service worker did not start.");
  const key = keyBytes(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** Sign-out and Remove: this browser stops being subscribed. Never fails the caller. */
export async function forgetPushOnThisDevice(): Promise<void> {
  try {
    await (await currentPushSubscription())?.unsubscribe();
  } catch {
    // The server forgets the device with the session anyway (ADR 022).
  }
}

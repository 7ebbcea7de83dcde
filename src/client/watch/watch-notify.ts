import { watchTexts } from "#domain/texts/watch.ts";

const n = watchTexts.notify;

/** The watch page's own service worker (watch-sw.ts), at the site's root so a link's page can be its scope. */
const WORKER = "/watch-sw.js";

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

type State = "off" | "working" | "on" | "stopped" | "denied" | "failed" | "too-many";

/** The registration's worker once it is active (a push subscription needs one). */
async function activeWorker(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active || !worker) return;
  await new Promise<void>((resolve) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve();
    });
  });
}

/**
 * Notify me on a watch link's page (issue 35, ADR 049): asks for permission only after the tap,
 * registers the page's own service worker with the page's address as its scope, subscribes with our
 * VAPID key and hands the subscription to the link's push route; Stop notifications undoes both. The
 * section is in the server's HTML with its button disabled (the not-ready look) until this runs: its place
 * is kept, so nothing below it moves when the script arrives (CLS), and no tap comes before the script.
 */
export function notifyMe(section: HTMLElement, horse: string): void {
  const button = section.querySelector("button");
  const what = section.querySelector<HTMLElement>("#notify-text");
  const status = section.querySelector<HTMLElement>("[role=status]");
  const pushPath = section.dataset.push;
  const key = section.dataset.key;
  if (!button || !what || !status || !pushPath || !key) return;
  if (!("serviceWorker" in navigator && "PushManager" in window && "Notification" in window)) {
    button.hidden = true;
    what.hidden = true;
    status.textContent = n.unsupported;
    return;
  }
  const scope = location.pathname;
  let subscription: PushSubscription | null = null;

  const show = (state: State) => {
    const on = state === "on";
    button.disabled = state === "working";
    button.textContent = on ? n.stop : n.button;
    button.classList.toggle("quiet", on);
    what.textContent = on ? n.on(horse) : n.what(horse);
    const said: Partial<Record<State, string>> = {
      working: n.working,
      stopped: n.stopped,
      denied: n.denied,
      failed: n.failed,
      "too-many": n.tooMany,
    };
    status.textContent = said[state] ?? "";
  };

  const send = (method: "POST" | "DELETE", body: unknown) =>
    fetch(pushPath, {
      method,
      credentials: "omit",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  async function start(): Promise<State> {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") return permission === "denied" ? "denied" : "off";
    const registration = await navigator.serviceWorker.register(WORKER, { scope });
    await activeWorker(registration);
    const sub =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: fromBase64Url(key!),
      }));
    const res = await send("POST", sub.toJSON());
    // The link was revoked or has expired: the page says so.
    if (res.status === 404) location.reload();
    if (!res.ok) {
      await sub.unsubscribe().catch(() => false);
      return res.status === 429 ? "too-many" : "failed";
    }
    subscription = sub;
    return "on";
  }

  async function stop(): Promise<State> {
    const sub = subscription;
    if (!sub) return "off";
    const res = await send("DELETE", { endpoint: sub.endpoint });
    if (res.status === 404) location.reload();
    if (!res.ok) return "failed";
    await sub.unsubscribe().catch(() => false);
    subscription = null;
    return "stopped";
  }

  button.addEventListener("click", () => {
    const wasOn = subscription !== null;
    show("working");
    (wasOn ? stop() : start()).then(show, () => show("failed"));
  });

  show(Notification.permission === "denied" ? "denied" : "off");
  // This browser may have tapped Notify me on this link before.
  void navigator.serviceWorker
    .getRegistration(scope)
    .then((registration) =>
      registration?.scope.endsWith(scope) ? registration.pushManager.getSubscription() : null,
    )
    .then((sub) => {
      if (!sub || subscription) return;
      subscription = sub;
      show("on");
    })
    .catch(() => undefined);
}

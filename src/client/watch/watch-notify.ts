import { showText } from "#client/watch/follow-live.ts";
import { watchTexts } from "#domain/texts/watch.ts";

const n = watchTexts.notify;

/** The watch page's own service worker (watch-sw.ts), at the site's root so a link's page can be its scope. */
const WORKER = "/watch-sw.js";

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

type State =
  | "off"
  | "working"
  | "on"
  | "stopped"
  | "denied"
  | "failed"
  | "too-many"
  | "none-chosen"
  | "saved";

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
 * A barn page's horse boxes (ADR 052): which are ticked, and what this browser chose on this link last
 * time (kept on the device: the server keeps the choice, the page only shows it again).
 */
function horseChoice(section: HTMLElement) {
  const boxes = [...section.querySelectorAll<HTMLInputElement>("input[name=horse]")];
  const key = `ringside-watch-choice:${location.pathname}`;
  return {
    boxes,
    chosen: () => boxes.filter((b) => b.checked).map((b) => b.value),
    remember(ids: readonly string[] | null) {
      try {
        if (ids) localStorage.setItem(key, JSON.stringify(ids));
        else localStorage.removeItem(key);
      } catch {
        // Storage refused (private browsing): the boxes start all ticked again next time.
      }
    },
    recall() {
      try {
        const ids = JSON.parse(localStorage.getItem(key) ?? "null") as unknown;
        if (!Array.isArray(ids)) return;
        for (const b of boxes) b.checked = ids.includes(b.value);
      } catch {
        // Nothing remembered: every horse stays ticked.
      }
    },
  };
}

/**
 * Notify me on a live link's page (issue 35, ADR 049; a barn's, ADR 052): asks for permission only after
 * the tap, registers the page's own service worker with the page's address as its scope, subscribes with
 * our VAPID key and hands the subscription (on a barn's page, with the horses ticked) to the link's push
 * route; a box changed while on saves the new choice; Stop notifications undoes both. The section is in
 * the server's HTML with its controls disabled (the not-ready look) until this runs: its place is kept,
 * so nothing below it moves when the script arrives (CLS), and no tap comes before the script.
 * `horse` names the horse link's horse; a barn page passes null.
 */
export function notifyMe(section: HTMLElement, horse: string | null): void {
  const button = section.querySelector<HTMLButtonElement>("#notify-button");
  const what = section.querySelector<HTMLElement>("#notify-text");
  const status = section.querySelector<HTMLElement>("[role=status]");
  const fieldset = section.querySelector<HTMLFieldSetElement>("fieldset");
  const pushPath = section.dataset.push;
  const key = section.dataset.key;
  if (!button || !what || !status || !pushPath || !key) return;
  if (!("serviceWorker" in navigator && "PushManager" in window && "Notification" in window)) {
    button.hidden = true;
    what.hidden = true;
    if (fieldset) fieldset.hidden = true;
    status.textContent = n.unsupported;
    return;
  }
  const choice = horseChoice(section);
  const scope = location.pathname;
  let subscription: PushSubscription | null = null;

  const show = (state: State) => {
    const on = subscription !== null;
    button.disabled = state === "working";
    for (const box of choice.boxes) box.disabled = state === "working";
    showText(button, on ? n.stop : n.button);
    button.classList.toggle("quiet", on);
    // The server's words stay the same text: set anew, they would be the page's largest paint again, later.
    showText(
      what,
      horse ? (on ? n.on(horse) : n.what(horse)) : on ? n.barnOn(choice.chosen().length) : n.barnWhat,
    );
    const said: Partial<Record<State, string>> = {
      working: n.working,
      stopped: n.stopped,
      denied: n.denied,
      failed: n.failed,
      "too-many": n.tooMany,
      "none-chosen": n.noneChosen,
      saved: n.saved,
    };
    showText(status, said[state] ?? "");
  };

  const send = (method: "POST" | "DELETE", body: unknown) =>
    fetch(pushPath, {
      method,
      credentials: "omit",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  /** This browser's subscription, with the horses ticked on a barn's page. */
  const post = (sub: PushSubscription) =>
    send("POST", horse ? sub.toJSON() : { ...sub.toJSON(), horseIds: choice.chosen() });

  async function start(): Promise<State> {
    if (!horse && choice.chosen().length === 0) return "none-chosen";
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
    const res = await post(sub);
    // The link was revoked or has expired: the page says so.
    if (res.status === 404) location.reload();
    if (!res.ok) {
      await sub.unsubscribe().catch(() => false);
      return res.status === 429 ? "too-many" : "failed";
    }
    subscription = sub;
    choice.remember(choice.chosen());
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
    choice.remember(null);
    return "stopped";
  }

  /** A box changed while on: the new choice replaces the old one (none ticked is not sent). */
  async function save(): Promise<State> {
    const sub = subscription;
    if (!sub) return "off";
    if (choice.chosen().length === 0) return "none-chosen";
    const res = await post(sub);
    if (res.status === 404) location.reload();
    if (!res.ok) return "failed";
    choice.remember(choice.chosen());
    return "saved";
  }

  // One request at a time, in the order of the taps.
  let queue = Promise.resolve();
  const run = (task: () => Promise<State>) => {
    show("working");
    queue = queue.then(task).then(show, () => show("failed"));
  };
  button.addEventListener("click", () => run(() => (subscription ? stop() : start())));
  fieldset?.addEventListener("change", () => {
    if (subscription) run(save);
    else show("off");
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
      choice.recall();
      show("on");
    })
    .catch(() => undefined);
}

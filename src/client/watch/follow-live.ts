import { keepNewerRing } from "#domain/show-day/show-day-view.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { applyWatchPatch, type WatchDay } from "#domain/watch/watch-view.ts";

const t = watchTexts.page;

/** Silence after which the stream is taken for dead: more than two of the server's 25 s pings missed. */
const SILENCE_MS = 60_000;

/**
 * Puts `html` in `el` unless `el` already shows it. The server's page is the first render, and the script reads
 * the day again as soon as its stream is ready: drawing the same markup anew then would make the browser paint
 * the page's largest text a second time, later (the largest paint Lighthouse reports), and lose a selection.
 */
export function showHtml(el: HTMLElement, html: string): void {
  const next = document.createElement("template");
  next.innerHTML = html;
  if (next.innerHTML !== el.innerHTML) el.replaceChildren(next.content);
}

/** Sets `el`'s text unless it already says it: the same reason as showHtml, for a line of text. */
export function showText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * How a public page (a watch link's, a show's ring board) stays live (ADR 044, ADR 046): its own
 * stream, carrying this show's ring only. It says when it last heard from the ring, reads the page's
 * day again on every (re)connect, a posted result, a schedule change or a patch that does not follow;
 * reconnects with backoff after a drop (also one the browser does not notice: a stream silent for a minute
 * is dropped and asked for again), and reloads when the server ends the stream (link revoked, board
 * made private) or the day answers 404, so the page shows why.
 */
export function followLive<V extends Pick<WatchDay, "show" | "ring">>(opts: {
  /** The page's data: its day as JSON, its stream and day paths in `data-stream` and `data-day`. */
  data: HTMLElement;
  heard: HTMLElement;
  /** Renders the page's live part for its day, now (on every change and every 30 s). */
  render: (view: V) => void;
}): void {
  let view = JSON.parse(opts.data.textContent ?? "{}") as V;
  const render = () => opts.render(view);
  const streamPath = opts.data.dataset.stream!;
  const dayPath = opts.data.dataset.day!;
  let lastHeard = Date.now();
  let connected = false;

  const sayHeard = () => {
    const time = formatShowTime(lastHeard, view.show.timeZone);
    showText(opts.heard, connected ? t.heard(time) : t.reconnecting(time));
    opts.heard.classList.toggle("lost", !connected);
  };
  const hear = () => {
    lastHeard = Date.now();
    connected = true;
    sayHeard();
  };

  const refetch = async () => {
    const res = await fetch(dayPath, { credentials: "omit", cache: "no-store" }).catch(() => null);
    if (res?.status === 404) {
      location.reload();
      return;
    }
    if (!res?.ok) return;
    // Answered before a tap whose patch came first, it keeps the newer ring.
    view = keepNewerRing(view, (await res.json()) as V);
    render();
  };

  let retryMs = 1_000;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** When the current connection was asked for: the silence check gives each one its full time. */
  let attemptAt = Date.now();
  const connect = () => {
    clearTimeout(retry);
    source?.close();
    attemptAt = Date.now();
    const current = new EventSource(streamPath);
    source = current;
    let opened = false;
    current.addEventListener("ready", () => {
      retryMs = 1_000;
      hear();
      // Anything that moved while it was away (or since the page was made) is read again.
      void refetch();
      opened = true;
    });
    current.addEventListener("ping", hear);
    // A class's results were posted, corrected or withdrawn: placings are read with the day.
    current.addEventListener("results", () => {
      hear();
      void refetch();
    });
    current.addEventListener("ring", (event) => {
      hear();
      const ring = applyWatchPatch(view.ring, JSON.parse((event as MessageEvent<string>).data));
      if (!ring) {
        void refetch();
        return;
      }
      view = { ...view, ring };
      render();
    });
    // The link was revoked or the board made private: the page as it is now is a 404.
    current.addEventListener("session-ended", () => {
      current.close();
      location.reload();
    });
    current.onerror = () => {
      if (current !== source) return;
      connected = false;
      sayHeard();
      if (current.readyState !== EventSource.CLOSED) return;
      // Refused at once (404: the page no longer exists): the reload shows why.
      if (!opened) void refetch();
      retry = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 30_000);
    };
  };

  /** The connection is gone though the browser may not have said so: say it, and connect again. */
  const lost = () => {
    connected = false;
    sayHeard();
    source?.close();
    source = null;
    clearTimeout(retry);
  };
  // A network that drops without closing the connection (Wi-Fi that loses its way out, a phone that
  // sleeps) leaves the stream open and silent: the server pings every 25 s, so a minute without a word
  // means the connection is dead, and a new one is asked for (at most once a minute while none answers).
  setInterval(() => {
    if (Date.now() - Math.max(lastHeard, attemptAt) < SILENCE_MS) return;
    lost();
    connect();
  }, 5_000);
  // The device knows it went off the network: say so at once, and connect as soon as it is back rather
  // than at the end of a backoff.
  addEventListener("offline", lost);
  addEventListener("online", () => {
    retryMs = 1_000;
    connect();
  });

  connect();
  setInterval(render, 30_000);
}

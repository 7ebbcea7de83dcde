import { formatShowTime } from "#domain/show-day/show-time.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import {
  type BarnWatchDay,
  escapeHtml,
  renderBarnLive,
  renderWatchLive,
  soleRider,
  type WatchDay,
} from "#domain/watch/watch-view.ts";

/**
 * The public page of a watch link (issue 35, ADR 044): its own small HTML, not the signed-in app's shell.
 * It reads without JavaScript (and reloads itself every minute there); the script named by `script`
 * keeps it live. No cookie, no session, `noindex`.
 */

const t = watchTexts.page;
const n = watchTexts.notify;

/** Small, system fonts, high contrast: read at the rail on a phone in the sun. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f5f0;color:#1c1917}
main{max-width:40rem;margin:0 auto;padding:1rem 1rem 2rem}
header{background:#1f3d2f;color:#fff;border-radius:.75rem;padding:1rem 1.25rem;margin-bottom:1rem}
.eyebrow{margin:0;font-size:.875rem;color:#d6e7dc}
h1{margin:.15rem 0 0;font-size:1.75rem;line-height:1.2}
.rider{margin:.25rem 0 0}
header .rider{color:#e7f0ea}
.now{margin:0 0 .5rem;padding:.75rem 1rem;border-radius:.75rem;background:#fff;border:2px solid #2f6b4f;font-weight:650;font-size:1.125rem}
.late{margin:0 0 .5rem;padding:.5rem 1rem;border-radius:.75rem;background:#fff7e6;border:1px solid #d97706;color:#7c2d12;font-weight:600}
h2{font-size:1.05rem;margin:1.25rem 0 .25rem}
h3,h4{font-size:.9rem;margin:.5rem 0;color:#57534e;font-weight:600}
.horse{margin:0 0 1.75rem}
.horse>h2{font-size:1.35rem;margin:0 0 .5rem;color:#1f3d2f}
.horse>.rider{margin:-.25rem 0 .5rem;color:#57534e}
ul{list-style:none;margin:0;padding:0;background:#fff;border:1px solid #e7e5e4;border-radius:.75rem}
li{padding:.625rem 1rem;border-top:1px solid #f5f5f4}
li:first-child{border-top:0}
li p{margin:0}
.name{font-weight:600}
.num{font-family:ui-monospace,Menlo,monospace;color:#2f6b4f;margin-right:.4rem}
.status{font-size:.9rem;color:#44403c}
li.in-ring .status,li.up-next .status{color:#14532d;font-weight:700}
li.scratched .status{color:#9a3412}
li.done .status{color:#57534e}
.placing{display:inline-block;margin-top:.25rem!important;padding:.1rem .5rem;border-radius:999px;background:#fef3c7;color:#78350f;font-weight:700;font-size:.875rem}
li .rider{font-size:.875rem;color:#57534e}
.heard{font-size:.875rem;color:#57534e;margin:1rem 0 0}
.heard.lost{color:#9a3412}
.note,footer{font-size:.8rem;color:#57534e}
footer{margin-top:1.5rem}
.notify{margin:1rem 0 0;padding:.75rem 1rem;border-radius:.75rem;background:#fff;border:1px solid #e7e5e4}
.notify p{margin:0 0 .5rem}
.notify button{font:inherit;font-weight:650;min-height:44px;padding:.5rem 1.1rem;border-radius:.6rem;border:2px solid #1f3d2f;background:#1f3d2f;color:#fff;cursor:pointer}
.notify button.quiet{background:#fff;color:#1f3d2f}
.notify button:focus-visible{outline:3px solid #d97706;outline-offset:2px}
.notify button:disabled{opacity:.6;cursor:progress}
.notify [role=status]:empty{display:none}
.notify [role=status]{margin:.5rem 0 0}
.notify fieldset{border:0;margin:0 0 .75rem;padding:0}
.notify legend{font-weight:650;padding:0;margin-bottom:.25rem}
.notify label{display:flex;align-items:center;gap:.6rem;min-height:44px;padding:.25rem 0;cursor:pointer}
.notify input{width:1.25rem;height:1.25rem;margin:0;accent-color:#1f3d2f;flex:none}
.notify input:focus-visible{outline:3px solid #d97706;outline-offset:2px}
.notify label:has(input:disabled){cursor:progress;color:#57534e}
[hidden]{display:none!important}
@media (min-width:64rem){main{padding-top:2rem}h1{font-size:2.25rem}}
`;

/**
 * A public page's HTML around its body (a watch link's page, a show's ring board): noindex, no referrer,
 * its own inline style (the watch page's unless another is given), nothing of the signed-in app.
 */
export function publicPage(opts: {
  title: string;
  body: string;
  head?: string;
  style?: string;
  bodyClass?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(opts.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${opts.style ?? STYLE}</style>
${opts.head ?? ""}
</head>
<body${opts.bodyClass ? ` class="${escapeHtml(opts.bodyClass)}"` : ""}>
<main>
${opts.body}
</main>
</body>
</html>`;
}

/** The page's data for its script: JSON that no `</script>` in a name can end early. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** Where a page's Notify me subscribes (ADR 049): this browser's subscription's route, and the VAPID key. */
export interface NotifyTarget {
  pushPath: string;
  publicKey: string;
}

/**
 * Notify me's card (ADR 049), in the server's HTML with its controls disabled until the page's script
 * enables them: their place is kept (no shift when the script arrives) and no tap lands before it.
 * Without JavaScript a line says it needs it. `choice` is a barn page's list of horses (ADR 052).
 */
const notifySection = (target: NotifyTarget, what: string, choice: string) =>
  `<section id="notify" class="notify" aria-label="${escapeHtml(n.button)}" data-push="${escapeHtml(target.pushPath)}" data-key="${escapeHtml(target.publicKey)}">
<p id="notify-text">${escapeHtml(what)}</p>${choice}
<button type="button" id="notify-button" disabled>${escapeHtml(n.button)}</button>
<p id="notify-status" role="status"></p>
<noscript><p>${escapeHtml(n.needsScript)}</p></noscript>
</section>`;

/**
 * A barn page's choice of horses for Notify me (ADR 052): every horse ticked to start with, the box and
 * its name one label, a row tall enough for a thumb.
 */
const horseChoice = (horses: BarnWatchDay["horses"]) =>
  horses.length === 0
    ? ""
    : `
<fieldset id="notify-horses"><legend>${escapeHtml(n.chooseLegend)}</legend>
${horses
  .map(
    (h) =>
      `<label><input type="checkbox" name="horse" value="${escapeHtml(h.id)}" checked disabled> ${escapeHtml(h.name)}</label>`,
  )
  .join("\n")}
</fieldset>`;

export function watchPage(opts: {
  view: WatchDay;
  now: number;
  streamPath: string;
  dayPath: string;
  /** Notify me (ADR 049): where this browser's subscription goes, and the VAPID key it subscribes with. */
  notify: NotifyTarget;
  /** The page's script (its built file), when the server has the built client. */
  script: string | null;
}): string {
  const { view, now } = opts;
  const rider = soleRider(view);
  const time = formatShowTime(now, view.show.timeZone);
  const body = `<header>
<p class="eyebrow">${escapeHtml(t.eyebrow(view.show.name))}</p>
<h1>${escapeHtml(view.horse)}</h1>
${rider ? `<p class="rider">${escapeHtml(t.rider(rider))}</p>` : ""}
</header>
<section id="watch-live" aria-live="polite" aria-label="${escapeHtml(t.classes)}">${renderWatchLive(view, now)}</section>
${notifySection(opts.notify, n.what(view.horse), "")}
<p id="watch-heard" class="heard" data-testid="watch-heard" role="status">${escapeHtml(t.asOf(time))}</p>
<p class="note">${escapeHtml(t.timesNote(view.show.timeZone))}</p>
<footer>${escapeHtml(t.footer)}</footer>
<script type="application/json" id="watch-data" data-stream="${escapeHtml(opts.streamPath)}" data-day="${escapeHtml(opts.dayPath)}">${jsonForScript(view)}</script>`;
  const head = `<noscript><meta http-equiv="refresh" content="60"></noscript>${
    opts.script ? `\n<script type="module" src="${escapeHtml(opts.script)}"></script>` : ""
  }`;
  return publicPage({ title: t.title(view.horse), body, head });
}

/**
 * A barn link's page (ADR 050): the same page as a horse's link with every horse of the barn entered at
 * the show under its own name, and Notify me for the horses the watcher ticks (ADR 052).
 */
export function barnWatchPage(opts: {
  view: BarnWatchDay;
  now: number;
  streamPath: string;
  dayPath: string;
  notify: NotifyTarget;
  script: string | null;
}): string {
  const { view, now } = opts;
  const time = formatShowTime(now, view.show.timeZone);
  const body = `<header>
<p class="eyebrow">${escapeHtml(t.eyebrow(view.show.name))}</p>
<h1>${escapeHtml(t.barnHeading(view.barn))}</h1>
</header>
<section id="watch-live" aria-live="polite" aria-label="${escapeHtml(t.barnHorses)}">${renderBarnLive(view, now)}</section>
${view.horses.length > 0 ? `${notifySection(opts.notify, n.barnWhat, horseChoice(view.horses))}\n` : ""}<p id="watch-heard" class="heard" data-testid="watch-heard" role="status">${escapeHtml(t.asOf(time))}</p>
<p class="note">${escapeHtml(t.timesNote(view.show.timeZone))}</p>
<footer>${escapeHtml(t.footer)}</footer>
<script type="application/json" id="watch-data" data-kind="barn" data-stream="${escapeHtml(opts.streamPath)}" data-day="${escapeHtml(opts.dayPath)}">${jsonForScript(view)}</script>`;
  const head = `<noscript><meta http-equiv="refresh" content="60"></noscript>${
    opts.script ? `\n<script type="module" src="${escapeHtml(opts.script)}"></script>` : ""
  }`;
  return publicPage({ title: t.barnTitle(view.barn), body, head });
}

const plain = (texts: { title: string; heading: string; body: string }) =>
  publicPage({
    title: texts.title,
    body: `<h1 style="color:#1f3d2f">${escapeHtml(texts.heading)}</h1><p>${escapeHtml(texts.body)}</p>`,
  });

/** Every link that does not work — guessed, malformed, expired, revoked — gets this same page. */
export const watchNotFoundPage = (): string => plain(watchTexts.notFound);

export const watchTooManyPage = (): string => plain(watchTexts.tooMany);

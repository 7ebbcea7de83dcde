import { formatShowTime } from "#domain/show-day/show-time.ts";
import { boardTexts } from "#domain/texts/board.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { type BoardDay, renderBoardLive } from "#domain/watch/board-view.ts";
import { escapeHtml } from "#domain/watch/watch-view.ts";
import { jsonForScript, publicPage } from "./watch.page.ts";

/**
 * A show's public ring board (issue 35, ADR 046): its own small HTML like a watch link's page, readable
 * without JavaScript (it reloads every minute there); the script named by `script` keeps it live and, in
 * display mode, shows the rings in turn and keeps the screen awake. No cookie, no session, `noindex`.
 */

const t = boardTexts.page;

/**
 * The phone's board: the watch page's palette, rings as cards. Display mode (`body.display`): large type
 * scaled to the screen for a show office's 1920×1080, light on dark, one ring at a time when the script
 * runs (the others `hidden`), every ring stacked without it.
 */
const STYLE = `
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f5f0;color:#1c1917}
main{max-width:64rem;margin:0 auto;padding:1rem 1rem 2rem}
header{background:#1f3d2f;color:#fff;border-radius:.75rem;padding:1rem 1.25rem;margin-bottom:1rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;justify-content:space-between}
.eyebrow{margin:0;font-size:.875rem;color:#d6e7dc}
h1{margin:.15rem 0 0;font-size:1.75rem;line-height:1.2}
header a{color:#fff;font-weight:600;min-height:44px;display:inline-flex;align-items:center}
#board-live{display:grid;gap:1rem}
.ring{background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;padding:1rem 1.25rem}
.ring h2{margin:0;font-size:1.35rem;color:#1f3d2f}
.session{margin:.1rem 0 .5rem;color:#44403c;font-weight:600}
.now{margin:0 0 .5rem;padding:.75rem 1rem;border-radius:.75rem;background:#f5f5f4;border:2px solid #d6d3d1;font-weight:650;font-size:1.125rem}
.now.in{background:#ecfdf5;border-color:#2f6b4f;color:#14532d}
.late{margin:0 0 .5rem;padding:.5rem 1rem;border-radius:.75rem;background:#fff7e6;border:1px solid #d97706;color:#7c2d12;font-weight:600}
h3{font-size:.9rem;margin:.75rem 0 .25rem;color:#57534e;font-weight:700;text-transform:uppercase;letter-spacing:.04em}
ol,ul{margin:0;padding:0;list-style:none}
li{padding:.35rem 0;border-top:1px solid #f5f5f4}
li:first-child{border-top:0}
.num{font-family:ui-monospace,Menlo,monospace;color:#2f6b4f;font-weight:700;margin-right:.35rem}
.at{color:#44403c;white-space:nowrap}
.scratched li{color:#9a3412}
.result .name{margin:.25rem 0;font-weight:600}
.placing{display:inline-block;min-width:3.2em;font-weight:700;color:#78350f}
.none,.empty{color:#57534e;margin:0}
.heard{font-size:.875rem;color:#57534e;margin:1rem 0 0}
.heard.lost{color:#9a3412;font-weight:600}
.note,footer{font-size:.8rem;color:#57534e}
footer{margin-top:1.5rem}
@media (min-width:48rem){#board-live{grid-template-columns:repeat(auto-fit,minmax(22rem,1fr))}}
body.display{background:#10241b;color:#fff;font-size:clamp(16px,1.55vw,34px)}
.display main{max-width:none;padding:max(.75rem,1.5vw) max(.75rem,2.5vw)}
.display header{background:none;padding:0;margin-bottom:max(.5rem,1vw);border-radius:0}
.display h1{font-size:2.2em}
.display .eyebrow{font-size:1em}
.display #board-live{display:block}
.display .ring{background:#173528;border-color:#2f6b4f;color:#fff;padding:max(.75rem,1.2vw) max(1rem,2vw);margin-bottom:1.5vw}
@media (min-width:64rem){.display .ring{display:flex;gap:3vw}.display .main{flex:3;min-width:0}.display .side{flex:2;min-width:0}}
.display .ring h2{font-size:2.2em;color:#fff}
.display .session,.display .at,.display .none,.display .empty,.display .heard,.display .note,.display footer{color:#d6e7dc}
.display .now{font-size:1.8em;background:#0d1f17;border-color:#4d8a6c;color:#fff}
.display .now.in{background:#14532d;border-color:#86efac}
.display .late{background:#7c2d12;border-color:#fdba74;color:#fff}
.display h3{font-size:.9em;color:#bbf7d0}
.display li{border-color:#2f6b4f;padding:.3em 0}
.display .num{color:#bbf7d0}
.display .scratched li{color:#fed7aa}
.display .placing{color:#fde68a}
.display .heard,.display .note{font-size:.8em}
`;

export function boardPage(opts: {
  view: BoardDay;
  now: number;
  display: boolean;
  paths: { page: string; stream: string; day: string };
  /** The board's script (its built file), when the server has the built client. */
  script: string | null;
}): string {
  const { view, now, display, paths } = opts;
  const time = formatShowTime(now, view.show.timeZone);
  const link = display
    ? ""
    : `<a href="${escapeHtml(`${paths.page}?display=1`)}" data-testid="board-display-link">${escapeHtml(t.display)}</a>`;
  const body = `<header>
<div><p class="eyebrow">${escapeHtml(t.eyebrow)}</p>
<h1>${escapeHtml(view.show.name)}</h1></div>
${display ? '<p id="board-turn" class="eyebrow"></p>' : link}
</header>
<div id="board-live" aria-live="${display ? "off" : "polite"}" aria-label="${escapeHtml(t.rings)}">${renderBoardLive(view, now)}</div>
<p id="board-heard" class="heard" data-testid="board-heard" role="status">${escapeHtml(watchTexts.page.asOf(time))}</p>
<p class="note">${escapeHtml(watchTexts.page.timesNote(view.show.timeZone))}</p>
${display ? "" : `<footer>${escapeHtml(t.footer)}</footer>`}
<script type="application/json" id="board-data" data-stream="${escapeHtml(paths.stream)}" data-day="${escapeHtml(paths.day)}" data-display="${display ? "1" : ""}">${jsonForScript(view)}</script>`;
  const head = `<noscript><meta http-equiv="refresh" content="60"></noscript>${
    opts.script ? `\n<script type="module" src="${escapeHtml(opts.script)}"></script>` : ""
  }`;
  return publicPage({
    title: t.title(view.show.name),
    body,
    head,
    style: STYLE,
    bodyClass: display ? "display" : "",
  });
}

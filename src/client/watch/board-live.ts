import { boardTexts } from "#domain/texts/board.ts";
import { type BoardDay, renderBoardLive } from "#domain/watch/board-view.ts";
import { followLive, showHtml } from "./follow-live.ts";

/**
 * The ring board's script (issue 35, ADR 046): a plain module of its own like the watch page's (built
 * by scripts/build-watch.ts). It follows the board's own stream and renders the rings again with the
 * server's renderer on every patch and every 30 s. In display mode it shows the rings in turn and keeps
 * the screen awake where the browser has the Wake Lock API (taken again whenever the page is shown).
 */

/** How long display mode shows each ring when there is more than one. */
const TURN_MS = 15_000;

const dataEl = document.getElementById("board-data");
const live = document.getElementById("board-live");
const heard = document.getElementById("board-heard");

if (dataEl && live && heard) {
  const display = dataEl.dataset.display === "1";
  const turnEl = document.getElementById("board-turn");
  let turn = 0;

  /** Display mode: only ring `turn` shows (every ring when there is one, or without this script). */
  const showTurn = () => {
    if (!display) return;
    const rings = [...live.querySelectorAll<HTMLElement>("[data-testid=board-ring]")];
    turn = rings.length === 0 ? 0 : turn % rings.length;
    rings.forEach((ring, i) => {
      ring.hidden = rings.length > 1 && i !== turn;
    });
    if (turnEl) turnEl.textContent = rings.length > 1 ? boardTexts.page.ringOf(turn + 1, rings.length) : "";
  };

  followLive<BoardDay>({
    data: dataEl,
    heard,
    render: (view) => {
      showHtml(live, renderBoardLive(view, Date.now()));
      showTurn();
    },
  });

  if (display) {
    showTurn();
    setInterval(() => {
      turn += 1;
      showTurn();
    }, TURN_MS);
    const keepAwake = async () => {
      if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
      try {
        const lock = await navigator.wakeLock.request("screen");
        document.body.dataset.awake = "held";
        lock.addEventListener("release", () => {
          document.body.dataset.awake = "released";
        });
      } catch {
        // Refused (battery saver, no permission): the screen follows its own settings.
        document.body.dataset.awake = "refused";
      }
    };
    // The browser lets the lock go whenever the page is hidden; it is taken again when shown.
    document.addEventListener("visibilitychange", () => void keepAwake());
    void keepAwake();
  }
}

import { listScrollTop, listViewHeight, scrollListBy } from "#client/ui/use-virtual-rows.ts";

/**
 * Brings one row of the virtualised class list into view: a class alert's tap opens the show at its
 * class (`?class=ID`, src/domain/app/app-links.ts). Loaded only then, so show detail's first load does not
 * carry it. The row may not be rendered yet: the list scrolls to its estimated place, then, frame by
 * frame, by the distance the rendered rows show it still has to go (rows with session times or long names
 * are taller than the estimate), until the row is rendered and centred, in the list and on the page. The
 * list scrolls itself on a wide screen and with the page on a phone (use-virtual-rows.ts): both are moved
 * through the list's helpers.
 */
export function focusClass(
  scroller: HTMLElement,
  index: number,
  estimateSize: (index: number) => number,
): void {
  let offset = 0;
  for (let i = 0; i < index; i++) offset += estimateSize(i);
  scrollListBy(scroller, Math.max(0, offset - listViewHeight(scroller) / 2) - listScrollTop(scroller));
  let frames = 60;
  // Once centred, the rows around it are measured and may move it: it is held in view for a few frames.
  let settle = 10;
  const step = () => {
    const row = scroller.querySelector(`[data-index="${index}"]`);
    if (row) {
      const box = row.getBoundingClientRect();
      const list = scroller.getBoundingClientRect();
      if (box.top < Math.max(list.top, 0) || box.bottom > Math.min(list.bottom, innerHeight)) {
        row.scrollIntoView({ block: "center" });
      }
      if (--settle > 0) requestAnimationFrame(step);
      return;
    }
    // The pinned day heading is rendered out of place (sticky): only rows at their own place count.
    const rendered = [...scroller.querySelectorAll<HTMLElement>("[data-index]")]
      .filter((el) => el.style.transform !== "")
      .map((el) => ({ at: Number(el.dataset.index), box: el.getBoundingClientRect() }))
      .sort((a, b) => a.at - b.at);
    const first = rendered[0];
    const last = rendered.at(-1);
    if (first && last && last.at > first.at) {
      const perRow = (last.box.bottom - first.box.top) / (last.at - first.at + 1);
      const from = index < first.at ? first.at : last.at;
      scrollListBy(scroller, (index - from) * perRow);
    }
    if (--frames > 0) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

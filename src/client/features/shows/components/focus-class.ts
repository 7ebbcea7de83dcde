/**
 * Brings one row of the virtualised class list into view: a class alert's tap opens the show at its
 * class (`?class=ID`, src/domain/app-links.ts). Loaded only then, so show detail's first load does not
 * carry it. The row may not be rendered yet: the list scrolls to its estimated place first, then the
 * rendered row is centred, in the list and on the page.
 */
export function focusClass(
  scroller: HTMLElement,
  index: number,
  estimateSize: (index: number) => number,
): void {
  let offset = 0;
  for (let i = 0; i < index; i++) offset += estimateSize(i);
  scroller.scrollTop = Math.max(0, offset - scroller.clientHeight / 2);
  // The list renders the rows of its new place a frame or two after the scroll; wait for the row.
  let frames = 30;
  const centre = () => {
    const row = scroller.querySelector(`[data-index="${index}"]`);
    if (row) row.scrollIntoView({ block: "center" });
    else if (--frames > 0) requestAnimationFrame(centre);
  };
  requestAnimationFrame(centre);
}

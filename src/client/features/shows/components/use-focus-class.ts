import { useEffect, useRef } from "react";

/**
 * Brings one class into view once, on arrival: a class alert's tap opens the show at its class
 * (`?class=ID`, src/domain/app-links.ts). The list is virtualised, so the row may not be rendered yet:
 * the list scrolls to the row's estimated place first, then the rendered row is centred, in the list
 * and on the page.
 */
export function useFocusClass({
  classId,
  scroller,
  index,
  offsetOf,
}: {
  classId: string | null | undefined;
  scroller: HTMLElement | null;
  /** The row's index in the list, or -1 while it is not there (still loading, or filtered out). */
  index: number;
  /** The row's estimated distance from the top of the list. */
  offsetOf: (index: number) => number;
}): void {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!classId || !scroller || index < 0 || done.current === classId) return;
    done.current = classId;
    scroller.scrollTop = Math.max(0, offsetOf(index) - scroller.clientHeight / 2);
    const frame = requestAnimationFrame(() => {
      scroller.querySelector(`[data-index="${index}"]`)?.scrollIntoView({ block: "center" });
    });
    return () => cancelAnimationFrame(frame);
  }, [classId, scroller, index, offsetOf]);
}

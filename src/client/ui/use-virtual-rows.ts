import { startTransition, useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";

/**
 * A virtual list in one scrolling element, or in the page: where the list's element does not scroll itself
 * (its CSS leaves overflow visible, as show detail's list on a phone), the window is its scroller and the
 * rows in view are those between the top and bottom of the window. Only the rows in view (plus `overscan`
 * on each side) are
 * rendered, each row measured as it renders (rows wrap to different heights), and a row that grows
 * above the view moves the scroll position with it so the rows in view stay put. Our own rather than
 * @tanstack/react-virtual, which was 9 KiB gzipped on show detail's first load for the one list
 * (docs/decisions/015-first-load.md); the range logic is pure and table-tested (use-virtual-rows.test.ts).
 */

export interface VisibleRange {
  /** First and last row at least partly in view. */
  startIndex: number;
  endIndex: number;
  overscan: number;
  count: number;
}

export interface VirtualRow {
  index: number;
  key: string;
  start: number;
}

/** The rows in view with `overscan` rows either side, in order. */
export function defaultRangeExtractor({ startIndex, endIndex, overscan, count }: VisibleRange): number[] {
  const first = Math.max(0, startIndex - overscan);
  const last = Math.min(count - 1, endIndex + overscan);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/** Row starts (prefix sums of sizes) and the total height. */
export function layoutRows(sizes: readonly number[]): { starts: number[]; total: number } {
  const starts: number[] = [];
  let total = 0;
  for (const size of sizes) {
    starts.push(total);
    total += size;
  }
  return { starts, total };
}

/** First and last row overlapping [top, top + height), by binary search over the starts. */
export function visibleRows(
  starts: readonly number[],
  total: number,
  top: number,
  height: number,
): { startIndex: number; endIndex: number } {
  const count = starts.length;
  if (count === 0) return { startIndex: 0, endIndex: -1 };
  // The last row starting at or before a given offset.
  const rowAt = (offset: number) => {
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if ((starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  const bottom = Math.min(total, top + Math.max(height, 1)) - 0.5;
  return { startIndex: rowAt(Math.max(0, top)), endIndex: rowAt(Math.max(0, bottom)) };
}

/** Whether the list's element scrolls itself; else the page does. */
const scrollsItself = (list: HTMLElement) => getComputedStyle(list).overflowY !== "visible";

/** How far the list is scrolled: its own scroll, or how far its top is above the window's. */
export const listScrollTop = (list: HTMLElement) =>
  scrollsItself(list) ? list.scrollTop : -list.getBoundingClientRect().top;

/** The height of what shows of the list at once. */
export const listViewHeight = (list: HTMLElement) => (scrollsItself(list) ? list.clientHeight : innerHeight);

/** Scrolls the list, or the page it is in, by `delta` pixels. */
export function scrollListBy(list: HTMLElement, delta: number): void {
  if (scrollsItself(list)) list.scrollTop += delta;
  else scrollBy(0, delta);
}

export function useVirtualRows({
  count,
  scroller,
  estimateSize,
  getItemKey,
  overscan = 5,
  rangeExtractor = defaultRangeExtractor,
}: {
  count: number;
  scroller: HTMLElement | null;
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => string;
  overscan?: number;
  rangeExtractor?: (range: VisibleRange) => number[];
}) {
  const measured = useRef(new Map<string, number>());
  const [, remeasured] = useReducer((n: number) => n + 1, 0);
  const [view, setView] = useState({ top: 0, height: 0 });

  const keys = useMemo(() => Array.from({ length: count }, (_, i) => getItemKey(i)), [count, getItemKey]);
  const sizes = keys.map((key, i) => measured.current.get(key) ?? estimateSize(i));
  const { starts, total } = layoutRows(sizes);
  const startByKey = useRef(new Map<string, number>());
  startByKey.current = new Map(keys.map((key, i) => [key, starts[i] ?? 0]));

  useLayoutEffect(() => {
    if (!scroller) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const top = listScrollTop(scroller);
      const height = listViewHeight(scroller);
      setView((v) => (v.top === top && v.height === height ? v : { top, height }));
    };
    // The first rows are on screen already (the server's, or the first render's); the rows the view adds to
    // them come in a transition, in slices, rather than in the same task as the commit that mounted the list
    // (issue 33: 80 ms at 4x slowdown on today's show detail as it hydrated). The view is first read in the
    // next frame, where the browser lays the page out anyway: read in the commit, it forced that layout
    // inside the commit's own task (about 50 ms at 4x on today's show detail).
    frame = requestAnimationFrame(() => startTransition(read));
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    // Captured at the window: the list's own scroll and the page's (the list moving in the window) alike.
    const options = { passive: true, capture: true };
    addEventListener("scroll", onScroll, options);
    const resized = new ResizeObserver(onScroll);
    resized.observe(scroller);
    return () => {
      removeEventListener("scroll", onScroll, options);
      resized.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [scroller]);

  // Which row each rendered element is: React keys rows by their key, so an element keeps its row.
  const rowOf = useRef(new WeakMap<Element, string>());
  // None on the server, which renders the first rows at their estimated sizes (ADR 019).
  const observer = useMemo(
    () =>
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const entry of entries) {
              const key = rowOf.current.get(entry.target);
              const size = (entry.target as HTMLElement).offsetHeight;
              if (key === undefined || size === 0) continue;
              const before = measured.current.get(key);
              if (before === size) continue;
              const start = startByKey.current.get(key) ?? 0;
              const delta = size - (before ?? size);
              if (scroller && delta !== 0 && start < listScrollTop(scroller)) scrollListBy(scroller, delta);
              measured.current.set(key, size);
              changed = true;
            }
            if (changed) remeasured();
          }),
    [scroller],
  );

  useLayoutEffect(() => () => observer?.disconnect(), [observer]);

  const keysRef = useRef(keys);
  keysRef.current = keys;
  const measureElement = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      const key = keysRef.current[Number(element.dataset.index)];
      if (key === undefined) return;
      rowOf.current.set(element, key);
      observer?.observe(element);
      return () => observer?.unobserve(element);
    },
    [observer],
  );

  const { startIndex, endIndex } = visibleRows(starts, total, view.top, view.height);
  const items: VirtualRow[] = (count ? rangeExtractor({ startIndex, endIndex, overscan, count }) : []).map(
    (index) => ({ index, key: keys[index] ?? String(index), start: starts[index] ?? 0 }),
  );
  return { items, totalSize: total, measureElement };
}

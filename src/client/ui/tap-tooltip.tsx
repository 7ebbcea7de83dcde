import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

/** Hover waits this long before showing, as Radix's `delayDuration` did. */
const HOVER_DELAY_MS = 150;
/** Distance from the viewport's edges, as Radix's `collisionPadding` did. */
const EDGE = 8;
/** The tooltip's gap to its button, arrow included. */
const GAP = 7;

/**
 * An icon with a tooltip that works by hover, by keyboard focus (Escape closes) and by tap: a tap
 * toggles it, a tap elsewhere or a scroll closes it. The label is also the button's accessible name.
 * Our own, not Radix Tooltip: Radix Tooltip and floating-ui were 12 KiB gzipped on show detail's
 * first load for one text above one button (docs/decisions/015-first-load.md).
 */
export function TapTooltip({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const arrow = useRef<HTMLSpanElement>(null);
  const hover = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A tap closes on pointer-down and toggles on click; remember whether it was open before.
  const wasOpen = useRef(false);
  const pointerDown = useRef(false);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close();
    const onPointerDown = (event: PointerEvent) => {
      if (!button.current?.contains(event.target as Node)) close();
    };
    // Only a scroll that moves the button closes it: a list settling after a search, or the browser
    // bringing the tapped button into view, fires scroll events that leave the tooltip where it belongs.
    const opened = button.current?.getBoundingClientRect();
    const onScroll = (event: Event) => {
      if (!(event.target instanceof Node && event.target.contains(button.current))) return;
      const now = button.current?.getBoundingClientRect();
      if (!opened || !now || Math.abs(now.top - opened.top) > 1 || Math.abs(now.left - opened.left) > 1)
        close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointerDown, true);
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointerDown, true);
      window.removeEventListener("scroll", onScroll, { capture: true });
    };
  }, [open]);

  useEffect(() => () => clearTimeout(hover.current), []);

  // Above the button (below it when there is no room), centred, kept inside the viewport.
  useLayoutEffect(() => {
    if (!open || !button.current || !tip.current || !arrow.current) return;
    const anchor = button.current.getBoundingClientRect();
    const { width, height } = tip.current.getBoundingClientRect();
    const centre = anchor.left + anchor.width / 2;
    const left = Math.min(Math.max(centre - width / 2, EDGE), window.innerWidth - width - EDGE);
    const above = anchor.top - height - GAP >= EDGE;
    tip.current.style.left = `${left}px`;
    tip.current.style.top = `${above ? anchor.top - height - GAP : anchor.bottom + GAP}px`;
    arrow.current.style.left = `${Math.min(Math.max(centre - left, 10), width - 10)}px`;
    arrow.current.style.top = above ? "100%" : "-5px";
    arrow.current.style.transform = above ? "translateX(-50%)" : "translateX(-50%) rotate(180deg)";
  }, [open]);

  const isMouse = (event: { pointerType: string }) => event.pointerType === "mouse";
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-describedby={open ? id : undefined}
        onPointerEnter={(event) => {
          if (isMouse(event)) hover.current = setTimeout(() => setOpen(true), HOVER_DELAY_MS);
        }}
        onPointerLeave={(event) => {
          clearTimeout(hover.current);
          if (isMouse(event)) setOpen(false);
        }}
        onPointerDown={() => {
          clearTimeout(hover.current);
          pointerDown.current = true;
          wasOpen.current = open;
          setOpen(false);
        }}
        onFocus={() => {
          // Focus that comes with a tap is the tap's business (its click toggles).
          if (!pointerDown.current) setOpen(true);
          pointerDown.current = false;
        }}
        onBlur={() => setOpen(false)}
        onClick={(event) => {
          event.preventDefault();
          pointerDown.current = false;
          setOpen(!wasOpen.current);
          wasOpen.current = !wasOpen.current;
        }}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50"
      >
        {children}
      </button>
      {open
        ? createPortal(
            <div
              ref={tip}
              id={id}
              role="tooltip"
              className="fixed z-50 max-w-64 rounded-md bg-stone-900 px-2.5 py-1.5 text-xs leading-snug text-white shadow-lg"
            >
              {label}
              <span
                ref={arrow}
                aria-hidden
                className="absolute size-0 border-x-[5px] border-t-[5px] border-x-transparent border-t-stone-900"
              />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}

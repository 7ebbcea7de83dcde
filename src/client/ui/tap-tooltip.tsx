import { Tooltip } from "radix-ui";
import { type ReactNode, useRef, useState } from "react";

/**
 * An icon with a tooltip that works by hover, by keyboard focus (Escape closes) and by tap: a tap
 * toggles it, a tap elsewhere closes it. The label is also the button's accessible name.
 */
export function TapTooltip({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Radix closes the tooltip on pointer-down; remember whether it was open so a tap can toggle.
  const wasOpen = useRef(false);
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            aria-label={label}
            onPointerDown={() => {
              wasOpen.current = open;
            }}
            onClick={(event) => {
              event.preventDefault();
              setOpen(!wasOpen.current);
              wasOpen.current = !wasOpen.current;
            }}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50"
          >
            {children}
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={2}
            collisionPadding={8}
            className="z-50 max-w-64 rounded-md bg-stone-900 px-2.5 py-1.5 text-xs leading-snug text-white shadow-lg"
          >
            {label}
            <Tooltip.Arrow className="fill-stone-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

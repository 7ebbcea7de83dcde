import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "#client/ui/button.tsx";
import { barnTexts } from "#domain/texts/barn.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

/** How long 'Copied!' (or 'Failed to Copy') shows before the label returns (spec: 2 seconds). */
export const COPY_FEEDBACK_MS = 2000;

/** Copies `text` to the clipboard; the label becomes 'Copied!' or 'Failed to Copy' for 2 seconds. */
export function CopyButton({
  text,
  label,
  variant = "primary",
}: {
  text: string;
  label: string;
  variant?: "primary" | "secondary";
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      ok = false;
    }
    setState(ok ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), COPY_FEEDBACK_MS);
  };

  return (
    <Button variant={variant} onClick={() => void copy()} aria-live="polite">
      {state === "copied" ? (
        <Check aria-hidden className="size-4" />
      ) : (
        <Copy aria-hidden className="size-4" />
      )}
      {state === "copied" ? barnTexts.copied : state === "failed" ? errorsTexts.failedToCopy : label}
    </Button>
  );
}

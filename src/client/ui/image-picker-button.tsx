import { Camera } from "lucide-react";
import { useRef } from "react";
import { ReadyButton } from "#client/ui/ready-button.tsx";

/**
 * A button that opens the phone's camera or file picker for one image. The file input stays hidden
 * from the tab order and screen readers; the button is what people reach.
 */
export function ImagePickerButton({
  label,
  pendingLabel,
  pending,
  onPick,
  variant = "secondary",
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  onPick: (file: File) => void;
  variant?: "secondary" | "ghost";
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared so picking the same file again still fires a change.
          e.target.value = "";
          if (file) onPick(file);
        }}
      />
      <ReadyButton variant={variant} disabled={pending} onClick={() => input.current?.click()}>
        <Camera aria-hidden className="size-4" />
        {pending ? pendingLabel : label}
      </ReadyButton>
    </>
  );
}
